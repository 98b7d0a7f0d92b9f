/**
 * Spec §4: an update from a different user is flagged as from someone else. When another person's
 * edit of a field arrives, the field carries their name for a moment (LIVE_MARK_MS). An external
 * store for useSyncExternalStore, keyed like the lock map, so only the marked field re-renders.
 */
import type { LockModel } from '@keystone/contract';

/** How long the mark stays beside the field. */
export const LIVE_MARK_MS = 3000;

const keyOf = (model: string, resId: number, field: string) => `${model}:${resId}:${field}`;

export class LiveEditMarks {
  private readonly marks = new Map<string, { name: string; timer: ReturnType<typeof setTimeout> }>();
  private readonly listeners = new Set<() => void>();

  /** Who just edited this field, or null. */
  editorOf(model: LockModel, resId: number, field: string): string | null {
    return this.marks.get(keyOf(model, resId, field))?.name ?? null;
  }

  mark(model: LockModel, resId: number, field: string, name: string): void {
    const key = keyOf(model, resId, field);
    const known = this.marks.get(key);
    if (known) clearTimeout(known.timer);
    // A later edit by the same person keeps the mark up; the timer starts again.
    const timer = setTimeout(() => {
      this.marks.delete(key);
      this.notify();
    }, LIVE_MARK_MS);
    this.marks.set(key, { name, timer });
    if (known?.name !== name) this.notify();
  }

  clear(): void {
    for (const { timer } of this.marks.values()) clearTimeout(timer);
    this.marks.clear();
    this.notify();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}
