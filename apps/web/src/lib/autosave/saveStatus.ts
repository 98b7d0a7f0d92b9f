/**
 * The saving state of a whole page, gathered from its fields' savers: one line a user can
 * trust ("Saving…", "Saved", "Not saved — retrying") instead of a spinner per field. Its
 * outcomes are also announced to screen readers (WCAG 4.1.3): "Saved" once a burst of saves is
 * done, and why a save failed; never "Saving…", which would speak up at every pause in typing.
 */
import { ANNOUNCEMENT_TEXT } from '@keystone/contract';
import type { AnnounceOptions } from '../announcer';
import { type FieldSaveState, UNSAVED_STATES } from './fieldSaver';

export type PageSaveStatus = 'idle' | 'saving' | 'saved' | 'retrying' | 'failed';

export const PAGE_SAVE_TEXT: Record<PageSaveStatus, string> = {
  idle: '',
  saving: 'Saving…',
  saved: 'Saved',
  retrying: 'Not saved — retrying',
  failed: 'Not saved',
};

type Announce = (text: string, options?: AnnounceOptions) => void;

/** All announcements of a page's saving are about one thing: the newest replaces a waiting one. */
export const SAVE_TOPIC = 'save';

export class SaveStatusStore {
  private readonly fields = new Map<string, { state: FieldSaveState; problem: string | null }>();
  private readonly listeners = new Set<() => void>();
  private savedOnce = false;
  private status: PageSaveStatus = 'idle';
  /** The last problem announced: a retry that fails again for the same reason is not news. */
  private toldProblem: string | null = null;

  constructor(private readonly announce: Announce = () => undefined) {}

  /** `problem`: why the field's save failed or waits for a retry (the server's message or the rule). */
  report(fieldKey: string, state: FieldSaveState, problem: string | null = null): void {
    if (state === 'idle') this.fields.delete(fieldKey);
    else this.fields.set(fieldKey, { state, problem });
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
    return [...this.fields.values()].some(({ state }) => UNSAVED_STATES.has(state));
  }

  getStatus = (): PageSaveStatus => this.status;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private update(): void {
    const states = new Set([...this.fields.values()].map(({ state }) => state));
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
    const changed = next !== this.status;
    this.status = next;
    if (changed) for (const listener of this.listeners) listener();
    if (next === 'saved') {
      if (!changed) return;
      this.toldProblem = null;
      this.announce(ANNOUNCEMENT_TEXT.saved, { key: SAVE_TOPIC });
      return;
    }
    this.tellProblem(next);
  }

  /** Why the page is not saved, when that is news (a field can fail while another one already waits). */
  private tellProblem(status: PageSaveStatus): void {
    // A conflict is announced by its own panel; 'failed' here means the server refused a value.
    const failing = status === 'failed' ? 'failed' : status === 'retrying' ? 'retrying' : null;
    const field = failing && [...this.fields.values()].find(({ state }) => state === failing);
    if (!field) return;
    const reason = field.problem ?? ANNOUNCEMENT_TEXT.serverUnreachable;
    const text =
      failing === 'failed' ? ANNOUNCEMENT_TEXT.saveFailed(reason) : ANNOUNCEMENT_TEXT.saveRetrying(reason);
    if (text === this.toldProblem) return;
    this.toldProblem = text;
    // Only a refused save needs the user to act (edit again); a retry goes on by itself.
    this.announce(text, { key: SAVE_TOPIC, politeness: failing === 'failed' ? 'assertive' : 'polite' });
  }
}
