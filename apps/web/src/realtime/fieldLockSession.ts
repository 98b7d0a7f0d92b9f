/**
 * One field's lock while this user edits it (spec §4 "Field lock"): taken on focus, renewed while
 * the field keeps focus (a lock not renewed expires on the server), released on blur. Calls go
 * out one after another, so a renewal still travelling can never land after the unlock and take
 * the field back for another expiry period.
 */
import { LOCK_TIMINGS } from '@keystone/contract';

export interface LockCalls {
  lock: () => Promise<void>;
  unlock: () => Promise<void>;
}

export class FieldLockSession {
  private focused = false;
  private renewTimer: ReturnType<typeof setInterval> | null = null;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly calls: LockCalls,
    private readonly renewEveryMs: number = LOCK_TIMINGS.renewEveryMs,
  ) {}

  focus(): void {
    if (this.focused) return;
    this.focused = true;
    this.send('lock');
    this.renewTimer = setInterval(() => this.send('lock'), this.renewEveryMs);
  }

  blur(): void {
    if (!this.focused) return;
    this.focused = false;
    if (this.renewTimer !== null) clearInterval(this.renewTimer);
    this.renewTimer = null;
    this.send('unlock');
  }

  /** The server may no longer hold the lock (its socket reconnected, or it was released): take it again. */
  relock(): void {
    if (this.focused) this.send('lock');
  }

  private send(call: keyof LockCalls): void {
    // Lock call failures are dropped (spec §7): the calls handle what they can act on.
    this.queue = this.queue.then(this.calls[call]).catch(() => undefined);
  }
}
