/**
 * The time the scheduler and the progress rules go by. Injected so tests can move it: a fake
 * clock in-process, or (for the browser tests, with TEST_CLOCK=1) a clock shifted through
 * POST /api/test/clock. Production uses the system clock.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** The system clock moved by an offset; `set` moves it so that now() reads the given moment. */
export class ShiftedClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  set(moment: Date): void {
    this.offsetMs = moment.getTime() - Date.now();
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
