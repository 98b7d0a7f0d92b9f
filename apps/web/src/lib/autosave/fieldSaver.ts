/**
 * Autosave of one field (spec §4): a change is saved TIMINGS.saveDebounceMs after the last
 * keystroke, only when it validates; a save that fails for a passing reason (network, server
 * error, conflict) is retried with growing delays until it succeeds, so no edit is silently lost.
 * Plain TypeScript, no React: it keeps working after its field unmounts, and tests drive it
 * with fake timers.
 */

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
  /** The server refused the value (e.g. no permission); only a new edit tries again. */
  | 'failed';

export interface FieldSaveSnapshot {
  state: FieldSaveState;
  /** The rule or server message to show under the field. */
  error: string | null;
}

export interface FieldSaverOptions<T> {
  save: (value: T) => Promise<void>;
  /** The message of the first broken rule, or null when the value may be saved. */
  validate: (value: T) => string | null;
  /** Whether a failed save may succeed when simply tried again. */
  isRetryable: (error: unknown) => boolean;
  /** The text shown for a save the server refused. */
  describeError: (error: unknown) => string;
  onChange: (snapshot: FieldSaveSnapshot) => void;
  /** Called after each value the server stored. */
  onSaved?: () => void;
  debounceMs: number;
  /** Delay before the n-th retry is min(first · 2^(n-1), max). */
  retryDelayMs?: { first: number; max: number };
}

const DEFAULT_RETRY_DELAY = { first: 1000, max: 30_000 };

/** States in which the field holds an edit the server does not have yet. */
export const UNSAVED_STATES: ReadonlySet<FieldSaveState> = new Set(['pending', 'saving', 'retrying']);

export class FieldSaver<T> {
  private snapshot: FieldSaveSnapshot = { state: 'idle', error: null };
  private latest: { value: T } | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inFlight = false;
  private attempts = 0;

  constructor(private readonly options: FieldSaverOptions<T>) {}

  get current(): FieldSaveSnapshot {
    return this.snapshot;
  }

  change(value: T): void {
    this.latest = { value };
    this.attempts = 0;
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

  private run(): void {
    this.timer = null;
    if (this.inFlight || this.latest === null) return;
    const { value } = this.latest;
    this.inFlight = true;
    this.set({ state: 'saving', error: null });
    this.options.save(value).then(
      () => this.onSuccess(value),
      (error: unknown) => this.onFailure(value, error),
    );
  }

  private onSuccess(value: T): void {
    this.inFlight = false;
    this.attempts = 0;
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
    const { first, max } = this.options.retryDelayMs ?? DEFAULT_RETRY_DELAY;
    const delay = Math.min(first * 2 ** (this.attempts - 1), max);
    this.set({ state: 'retrying', error: null });
    this.timer = setTimeout(() => this.run(), delay);
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private set(snapshot: FieldSaveSnapshot): void {
    if (snapshot.state === this.snapshot.state && snapshot.error === this.snapshot.error) return;
    this.snapshot = snapshot;
    this.options.onChange(snapshot);
  }
}
