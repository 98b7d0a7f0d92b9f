/**
 * Sampled logging of what sockets send and should not: a client cannot flood the log. Each
 * socket logs at most one line per period (with how many were ignored since its last line),
 * and the whole instance at most `perPeriod` such lines per period.
 */

export const LOG_SAMPLE_PERIOD_MS = 60_000;
const INSTANCE_LINES_PER_PERIOD = 20;

/** One socket's share: when it last logged, and what it did since. */
export interface SocketLogState {
  lastLoggedAt: number;
  unlogged: number;
}

export const newSocketLogState = (): SocketLogState => ({ lastLoggedAt: -Infinity, unlogged: 0 });

export class LogSampler {
  private periodStart = -Infinity;
  private linesThisPeriod = 0;

  constructor(
    private readonly perPeriod = INSTANCE_LINES_PER_PERIOD,
    private readonly periodMs = LOG_SAMPLE_PERIOD_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Counts one event of `state`'s socket; returns how many events the line about to be written
   * stands for, or 0 when no line may be written now.
   */
  take(state: SocketLogState): number {
    state.unlogged += 1;
    const now = this.now();
    if (now - state.lastLoggedAt < this.periodMs) return 0;
    if (now - this.periodStart >= this.periodMs) {
      this.periodStart = now;
      this.linesThisPeriod = 0;
    }
    if (this.linesThisPeriod >= this.perPeriod) return 0;
    this.linesThisPeriod += 1;
    state.lastLoggedAt = now;
    const count = state.unlogged;
    state.unlogged = 0;
    return count;
  }
}
