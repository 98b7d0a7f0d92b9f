/**
 * The mail outbox (DESIGN §6): services queue mails inside their transaction; this worker
 * claims due mails (SKIP LOCKED, so instances never share one), sends them, and retries
 * failures with growing delays, so an SMTP outage loses nothing.
 */

import { backoffCeiling } from '@keystone/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { claimOpen } from '../core/instanceLease';
import type { Db, Queryable } from '../db/client';
import { outboxMails } from '../db/schema';
import { PollingLoop } from '../lib/pollingLoop';
import type { OutgoingMail, SendMail } from './transport';

const BATCH_SIZE = 20;
/**
 * A claim outlives any SMTP timeout; a crashed instance's mail is taken over once its lease runs
 * out (instanceLease.ts), or after this, should its instance be unknown.
 */
const CLAIM_SECONDS = 120;
const MAX_ATTEMPTS = 30;

export async function enqueueMail(db: Queryable, mail: OutgoingMail): Promise<void> {
  await db.insert(outboxMails).values({
    recipient: mail.to,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
  });
}

/** 2 s, 4 s, 8 s … capped at 10 minutes; no jitter: one worker per instance retries a mail. */
const RETRY_DELAY_SECONDS = { first: 2, max: 600 };
const retryDelaySeconds = (attempts: number) => backoffCeiling(attempts - 1, RETRY_DELAY_SECONDS);

type ClaimedMail = {
  id: number;
  message_id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  attempts: number;
};

export class OutboxWorker {
  private readonly loop: PollingLoop;

  constructor(
    private readonly db: Db,
    private readonly send: SendMail,
    private readonly log: FastifyBaseLogger,
    pollMs: number,
    /** APP_URL's host, the right-hand side of every Message-ID. */
    private readonly messageIdHost: string,
    /** This process's id among the instances: its claims are taken over should it die. */
    private readonly instanceId: string,
  ) {
    this.loop = new PollingLoop(
      () => this.drain(),
      pollMs,
      (error) => this.log.warn({ err: error }, 'mail outbox pass failed'),
    );
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Called after a transaction that queued mail commits, so it leaves at once. */
  kick(): void {
    this.loop.kick();
  }

  private async drain(): Promise<void> {
    for (;;) {
      const batch = await this.claim();
      if (batch.length === 0) return;
      for (const mail of batch) {
        if (this.loop.stopped) return;
        await this.deliver(mail);
      }
    }
  }

  private async claim(): Promise<ClaimedMail[]> {
    const result = await this.db.execute<ClaimedMail>(sql`
      update outbox_mails set claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS}),
        claimed_by = ${this.instanceId}, attempts = attempts + 1
      where id in (
        select id from outbox_mails
        where sent_at is null and attempts < ${MAX_ATTEMPTS} and next_attempt_at <= now()
          and ${claimOpen(sql`claimed_until`, sql`claimed_by`)}
        order by id limit ${BATCH_SIZE}
        for update skip locked)
      returning id, message_id, recipient, subject, text_body, html_body, attempts`);
    return result.rows;
  }

  private async deliver(mail: ClaimedMail): Promise<void> {
    try {
      await this.send({
        messageId: `<${mail.message_id}@${this.messageIdHost}>`,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text_body,
        html: mail.html_body,
      });
      await this.db.execute(
        sql`update outbox_mails set sent_at = now(), claimed_until = null, last_error = null where id = ${mail.id}`,
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.log.warn(
        { mailId: mail.id, attempts: mail.attempts, error: message },
        'mail not sent, will retry',
      );
      await this.db.execute(sql`
        update outbox_mails set claimed_until = null, last_error = ${message.slice(0, 500)},
          next_attempt_at = now() + make_interval(secs => ${retryDelaySeconds(mail.attempts)})
        where id = ${mail.id}`);
    }
  }
}

export interface OutboxBacklog {
  /** Unsent mails still to be tried. */
  pending: number;
  /** Age of the oldest of them, in seconds (0 when none). */
  oldestPendingSeconds: number;
  /** Unsent mails tried MAX_ATTEMPTS times: nobody will send them. */
  givenUp: number;
}

/** What waits in the outbox, for every instance (a metric): reads the unsent rows only, found by their partial index. */
export async function outboxBacklog(db: Queryable): Promise<OutboxBacklog> {
  const result = await db.execute<{ pending: number; oldest_seconds: number | null; given_up: number }>(sql`
    select count(*) filter (where attempts < ${MAX_ATTEMPTS})::int as pending,
      extract(epoch from now() - min(created_at) filter (where attempts < ${MAX_ATTEMPTS}))::float8 as oldest_seconds,
      count(*) filter (where attempts >= ${MAX_ATTEMPTS})::int as given_up
    from outbox_mails where sent_at is null`);
  const row = result.rows[0];
  return {
    pending: Number(row?.pending ?? 0),
    oldestPendingSeconds: Math.max(0, Number(row?.oldest_seconds ?? 0)),
    givenUp: Number(row?.given_up ?? 0),
  };
}
