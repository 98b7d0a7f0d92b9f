/**
 * Autosave of one field (spec §4): a change is saved TIMINGS.saveDebounceMs after the last
 * keystroke, only when it validates; a save that fails for a passing reason (network, server
 * error, a field lock) is retried with growing delays until it succeeds, so no edit is silently lost.
 *
 * Every save names the version of the text the user started from (the field's base): the version
 * of the record when the field last took its value from the server with nothing unsent, or the
 * answer of the field's own last save. A newer version read meanwhile never moves the base of a
 * field with an edit under way, so the server can tell when someone else changed the text since.
 * Such a stale save stops and holds both texts until the user picks one (keepTheirs / keepMine).
 * Plain TypeScript, no React: it keeps working after its field unmounts, and tests drive it
 * with fake timers.
 */

import { type BackoffDelay, backoffCeiling } from '@keystone/contract';

export type FieldSaveState =
  /** Everything typed is stored on the server (or nothing was typed). */
  | 'idle'
  /** The latest value breaks a rule; it is not sent until it is fixed. */
  | 'invalid'
  /** Waiting for typing to pause. */
  | 'pending'
  | 'saving'
  /** The last attempt failed for a passing reason; another one is scheduled. */
  | 'retrying'
  /** Someone else changed the text since the user started: the user chooses which one stays. */
  | 'conflict'
  /** The server refused the value (e.g. no permission); only a new edit tries again. */
  | 'failed';

/** A field's value as stored, with the version of its record. */
export interface Stored<T> {
  value: T;
  version: number;
}

/** What a stale save learnt: the other person's stored text, and who they are. */
export interface StaleEdit<T> {
  theirs: Stored<T>;
  /** Their name, or null when unknown. */
  changedBy: string | null;
}

export interface FieldSaveSnapshot<T = unknown> {
  state: FieldSaveState;
  /** The rule or server message to show under the field. */
  error: string | null;
  /** In the 'retrying' state: why the last attempt failed (told to screen readers, not shown). */
  retryReason?: string;
  /** Set in the 'conflict' state. */
  conflict?: StaleEdit<T> & { mine: T };
}

export interface FieldSaverOptions<T> {
  /** Sends the value as an edit of `version` (undefined: no base known yet); answers what was stored. */
  save: (value: T, version: number | undefined) => Promise<Stored<T>>;
  /** The message of the first broken rule, or null when the value may be saved. */
  validate: (value: T) => string | null;
  /** Whether a failed save may succeed when simply tried again. */
  isRetryable: (error: unknown) => boolean;
  /** The other person's text when the server refused the save as stale; null for other failures. */
  staleEdit: (error: unknown) => StaleEdit<T> | null;
  /** Whether two values are the same text (default: ===). */
  same?: (a: T, b: T) => boolean;
  /** The text shown for a save the server refused. */
  describeError: (error: unknown) => string;
  onChange: (snapshot: FieldSaveSnapshot<T>) => void;
  /** Called after each value the server stored. */
  onSaved?: () => void;
  debounceMs: number;
  /** Delay before the n-th retry is min(first · 2^(n-1), max). */
  retryDelayMs?: BackoffDelay;
}

const DEFAULT_RETRY_DELAY = { first: 1000, max: 30_000 };

/** States in which the field holds an edit the server does not have yet. */
export const UNSAVED_STATES: ReadonlySet<FieldSaveState> = new Set([
  'pending',
  'saving',
  'retrying',
  'conflict',
]);

export class FieldSaver<T> {
  private snapshot: FieldSaveSnapshot<T> = { state: 'idle', error: null };
  private latest: { value: T } | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inFlight = false;
  private attempts = 0;
  private base: Stored<T> | null = null;
  private conflict: StaleEdit<T> | null = null;

  constructor(private readonly options: FieldSaverOptions<T>) {}

  get current(): FieldSaveSnapshot<T> {
    return this.snapshot;
  }

  /** The version the next save names. */
  get baseVersion(): number | undefined {
    return this.base?.version;
  }

  /**
   * The field shows this stored value (taken from the server). It becomes the base only while
   * the field holds no edit of its own: a newer version must not cover an unsent or travelling edit.
   */
  showsStored(stored: Stored<T>): void {
    if (this.latest !== null || this.inFlight || this.conflict !== null) return;
    this.base = stored;
  }

  change(value: T): void {
    this.latest = { value };
    this.attempts = 0;
    if (this.conflict !== null) {
      // The user's text keeps growing beside theirs; nothing is sent until they choose.
      this.publishConflict();
      return;
    }
    const problem = this.options.validate(value);
    this.clearTimer();
    if (problem !== null) {
      // A save already under way finishes; its answer must not hide this rule's message.
      this.set({ state: 'invalid', error: problem });
      return;
    }
    this.set({ state: this.inFlight ? 'saving' : 'pending', error: null });
    this.timer = setTimeout(() => this.run(), this.options.debounceMs);
  }

  /**
   * The field shows the stored value again (it was left holding text that breaks a rule): that
   * text, never sent, is dropped with its message. A save under way keeps its state.
   */
  revert(): void {
    if (this.snapshot.state !== 'invalid' || this.inFlight) return;
    this.latest = null;
    this.set({ state: 'idle', error: null });
  }

  /** Sends a waiting change now (the field is going away); retries carry on as scheduled. */
  flush(): void {
    if (this.snapshot.state !== 'pending') return;
    this.clearTimer();
    this.run();
  }

  /** Their text stays: it is the new base and the user's edit is dropped, by their choice. */
  keepTheirs(): void {
    if (this.conflict === null) return;
    this.base = this.conflict.theirs;
    this.conflict = null;
    this.latest = null;
    this.set({ state: 'idle', error: null });
  }

  /** The user's text replaces theirs: it is sent again as an edit of their version. */
  keepMine(): void {
    if (this.conflict === null) return;
    this.base = this.conflict.theirs;
    this.conflict = null;
    const value = this.latest?.value;
    if (value === undefined) {
      this.set({ state: 'idle', error: null });
      return;
    }
    const problem = this.options.validate(value);
    if (problem !== null) {
      this.set({ state: 'invalid', error: problem });
      return;
    }
    this.run();
  }

  private run(): void {
    this.timer = null;
    if (this.inFlight || this.latest === null || this.conflict !== null) return;
    const { value } = this.latest;
    this.inFlight = true;
    this.set({ state: 'saving', error: null });
    this.options.save(value, this.base?.version).then(
      (stored) => this.onSuccess(value, stored),
      (error: unknown) => this.onFailure(value, error),
    );
  }

  private onSuccess(value: T, stored: Stored<T>): void {
    this.inFlight = false;
    this.attempts = 0;
    this.base = stored;
    this.options.onSaved?.();
    const changedMeanwhile = this.latest !== null && this.latest.value !== value;
    if (this.snapshot.state === 'invalid') return;
    if (changedMeanwhile) {
      // Typing went on during the save: send the newer value once typing pauses (or now).
      if (this.timer === null) this.run();
      else this.set({ state: 'pending', error: null });
      return;
    }
    this.latest = null;
    this.set({ state: 'idle', error: null });
  }

  private onFailure(value: T, error: unknown): void {
    this.inFlight = false;
    const stale = this.options.staleEdit(error);
    if (stale !== null) {
      this.onStale(stale);
      return;
    }
    if (this.snapshot.state === 'invalid' || this.latest === null) return;
    if (this.latest.value !== value) {
      // The failure concerns an older value; the newer one gets its own attempt.
      if (this.timer === null) this.run();
      else this.set({ state: 'pending', error: null });
      return;
    }
    if (!this.options.isRetryable(error)) {
      this.set({ state: 'failed', error: this.options.describeError(error) });
      return;
    }
    this.attempts += 1;
    // No jitter: one field of one page retries, there is no crowd to spread.
    const delay = backoffCeiling(this.attempts - 1, this.options.retryDelayMs ?? DEFAULT_RETRY_DELAY);
    this.set({ state: 'retrying', error: null, retryReason: this.options.describeError(error) });
    this.timer = setTimeout(() => this.run(), delay);
  }

  private onStale(stale: StaleEdit<T>): void {
    const same = this.options.same ?? Object.is;
    const startedFrom = this.base;
    if (startedFrom !== null && same(stale.theirs.value, startedFrom.value)) {
      // The stored text is the one the user started from (only its version was unknown here,
      // e.g. after a live update): nothing of theirs would be lost, so the edit goes on.
      this.base = stale.theirs;
      if (this.timer === null) this.run();
      return;
    }
    if (this.latest === null) return;
    this.clearTimer();
    this.conflict = stale;
    this.publishConflict();
  }

  private publishConflict(): void {
    if (this.conflict === null || this.latest === null) return;
    this.snapshot = {
      state: 'conflict',
      error: null,
      conflict: { ...this.conflict, mine: this.latest.value },
    };
    this.options.onChange(this.snapshot);
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private set(snapshot: FieldSaveSnapshot<T>): void {
    if (snapshot.state === this.snapshot.state && snapshot.error === this.snapshot.error) return;
    this.snapshot = snapshot;
    this.options.onChange(snapshot);
  }
}
