/**
 * Who holds which field right now (spec §4 "Field lock"): rebuilt from GET /locked-fields/ each
 * time the locks socket (re)connects, then kept current by its lock and unlock messages. An
 * external store for useSyncExternalStore: each field reads its own holder, and a holder object
 * stays the same until that field's lock changes, so only the affected field re-renders.
 */
import type { LockedField, LockMessage } from '@keystone/contract';
import type { LockHolder, LockTarget } from '../api/fieldLocks';

type LockEntry = Pick<LockMessage, 'model' | 'res_id' | 'field' | 'user_id' | 'user'>;

const keyOf = (model: string, resId: number, field: string) => `${model}:${resId}:${field}`;
const holderOf = (entry: LockEntry): LockHolder => ({ userId: entry.user_id, user: entry.user });

export class LockMap {
  private holders = new Map<string, LockHolder>();
  private readonly listeners = new Set<() => void>();

  holder(target: LockTarget): LockHolder | null {
    return this.holders.get(keyOf(target.model, target.resId, target.field)) ?? null;
  }

  /** Replaces everything with the server's list (after a gap, messages may have been missed). */
  reset(fields: readonly LockedField[]): void {
    const next = new Map<string, LockHolder>();
    for (const field of fields) {
      const key = keyOf(field.model, field.res_id, field.field);
      const known = this.holders.get(key);
      // Unchanged holders keep their object, so their fields do not re-render.
      next.set(key, known?.userId === field.user_id ? known : holderOf(field));
    }
    this.holders = next;
    this.notify();
  }

  apply(message: LockMessage): void {
    if (message.action === 'lock') this.hold(message);
    else this.release(message);
  }

  /** Records a holder learned another way (a 409 answer to this page's own lock call). */
  hold(entry: LockEntry): void {
    const key = keyOf(entry.model, entry.res_id, entry.field);
    if (this.holders.get(key)?.userId === entry.user_id) return;
    this.holders.set(key, holderOf(entry));
    this.notify();
  }

  private release(entry: LockEntry): void {
    const key = keyOf(entry.model, entry.res_id, entry.field);
    // A holder learned from a 409 may be newer than an unlock still on its way from someone else.
    if (this.holders.get(key)?.userId !== entry.user_id) return;
    this.holders.delete(key);
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
