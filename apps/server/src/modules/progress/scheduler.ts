/**
 * Runs the due-date work (DESIGN §6) on time: after each pass it sleeps until the earliest
 * next due date or reminder, but never longer than the poll interval, so a rhythm saved through
 * another instance is picked up too. Passes never overlap within an instance; across instances
 * the row claims keep the work apart.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { nextWakeUp, processNextDueDate, sendNextReminder } from './dueDates';

/** Enough for years of missed due dates on one pass; a guard against a runaway loop. */
const MAX_STEPS_PER_PASS = 10_000;
const MIN_DELAY_MS = 50;

export interface PassResult {
  dueDates: number;
  reminders: number;
}

export class ProgressScheduler {
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<unknown> = Promise.resolve();
  private stopped = true;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly appUrl: string,
    /** Wakes the mail outbox and the webhook worker after a pass queued mails or chat messages. */
    private readonly messagesQueued: () => void,
    private readonly pollMs: number,
  ) {}

  start(): void {
    this.stopped = false;
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.chain.catch(() => undefined);
  }

  /** Runs a pass soon (the schedule changed, or the clock moved). */
  kick(): void {
    if (this.stopped) return;
    void this.runDue().catch((error) => this.log.warn({ err: error }, 'progress scheduler pass failed'));
  }

  /** Does every due date and reminder whose moment has come; resolves when that is done. */
  runDue(): Promise<PassResult> {
    const pass = this.chain.catch(() => undefined).then(() => this.pass());
    this.chain = pass;
    void pass.finally(() => this.scheduleNext()).catch(() => undefined);
    return pass;
  }

  private async pass(): Promise<PassResult> {
    const result: PassResult = { dueDates: 0, reminders: 0 };
    // Due dates first, so a reminder is never about a date that has already passed.
    for (let step = 0; step < MAX_STEPS_PER_PASS; step += 1) {
      const queued = await processNextDueDate(this.db, this.clock.now(), this.appUrl);
      if (queued === null) break;
      result.dueDates += 1;
      if (queued > 0) this.messagesQueued();
    }
    for (let step = 0; step < MAX_STEPS_PER_PASS; step += 1) {
      const queued = await sendNextReminder(this.db, this.clock.now(), this.appUrl);
      if (queued === null) break;
      result.reminders += 1;
      if (queued > 0) this.messagesQueued();
    }
    if (result.dueDates || result.reminders)
      this.log.info(result, 'progress due dates and reminders processed');
    return result;
  }

  private async scheduleNext(): Promise<void> {
    if (this.stopped) return;
    let delay = this.pollMs;
    try {
      const wake = await nextWakeUp(this.db);
      // A floor, so a row another instance is still processing is not polled in a tight loop.
      if (wake) delay = Math.min(delay, Math.max(MIN_DELAY_MS, wake.getTime() - this.clock.now().getTime()));
    } catch (error) {
      this.log.warn({ err: error }, 'progress scheduler could not read its next wake-up');
    }
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.kick(), delay);
    this.timer.unref();
  }
}
