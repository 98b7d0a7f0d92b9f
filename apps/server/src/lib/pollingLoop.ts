/**
 * A background pass run every `pollMs` and at once when kicked, one pass at a time: a kick during
 * a pass runs the next one right after it. The mail outbox and the webhook worker run on it.
 */
export class PollingLoop {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private halted = true;

  constructor(
    private readonly pass: () => Promise<void>,
    private readonly pollMs: number,
    /** A failed pass is reported here; the next one runs as planned. */
    private readonly failed: (error: unknown) => void,
  ) {}

  /** Stopped (or never started): a pass under way checks it between items and ends early. */
  get stopped(): boolean {
    return this.halted;
  }

  start(): void {
    this.halted = false;
    this.schedule(0);
  }

  /** Waits for the pass under way, then runs none. */
  async stop(): Promise<void> {
    this.halted = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Runs a pass now (after the one under way, if any): new work was committed. */
  kick(): void {
    if (this.halted) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.pass()
        .catch(this.failed)
        .finally(() => {
          this.running = undefined;
          if (this.halted) return;
          const next = this.again ? 0 : this.pollMs;
          this.again = false;
          this.schedule(next);
        });
    }, delayMs);
    this.timer.unref();
  }
}
