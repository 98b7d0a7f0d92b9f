/**
 * The saving state of a whole page, gathered from its fields' savers: one line a user can
 * trust ("Saving…", "Saved", "Not saved — retrying") instead of a spinner per field.
 */
import { type FieldSaveState, UNSAVED_STATES } from './fieldSaver';

export type PageSaveStatus = 'idle' | 'saving' | 'saved' | 'retrying' | 'failed';

export const PAGE_SAVE_TEXT: Record<PageSaveStatus, string> = {
  idle: '',
  saving: 'Saving…',
  saved: 'Saved',
  retrying: 'Not saved — retrying',
  failed: 'Not saved',
};

export class SaveStatusStore {
  private readonly fields = new Map<string, FieldSaveState>();
  private readonly listeners = new Set<() => void>();
  private savedOnce = false;
  private status: PageSaveStatus = 'idle';

  report(fieldKey: string, state: FieldSaveState): void {
    if (state === 'idle') this.fields.delete(fieldKey);
    else this.fields.set(fieldKey, state);
    this.update();
  }

  markSaved(): void {
    this.savedOnce = true;
    this.update();
  }

  /** A field that is gone (its record was deleted) no longer counts. */
  forget(fieldKey: string): void {
    this.fields.delete(fieldKey);
    this.update();
  }

  /** Whether leaving the page now would lose an edit. */
  hasUnsavedChanges(): boolean {
    return [...this.fields.values()].some((state) => UNSAVED_STATES.has(state));
  }

  getStatus = (): PageSaveStatus => this.status;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private update(): void {
    const states = new Set(this.fields.values());
    // A conflict waits for the user's choice: the page must not claim it saved.
    const next: PageSaveStatus =
      states.has('failed') || states.has('conflict')
        ? 'failed'
        : states.has('retrying')
          ? 'retrying'
          : states.has('saving') || states.has('pending')
            ? 'saving'
            : this.savedOnce
              ? 'saved'
              : 'idle';
    if (next === this.status) return;
    this.status = next;
    for (const listener of this.listeners) listener();
  }
}
