/**
 * The webhook delivery worker (DESIGN §12): like the mail outbox (mail/outbox.ts) it claims due
 * deliveries with SKIP LOCKED, so no two instances ever send the same one, sends them through
 * lib/outboundHttp.ts (address checks, no redirects, a deadline, answers cut), and retries a
 * failure after WEBHOOK_RETRY_DELAYS_SECONDS. The kind of endpoint only changes the request
 * (formatters.ts). Endpoints are sent to side by side; one endpoint's deliveries in order, paced.
 */
import {
  WEBHOOK_ANSWER_MAX_BYTES,
  WEBHOOK_RETRY_DELAYS_SECONDS,
  WEBHOOK_TIMEOUT_MS,
  type WebhookKind,
  type WebhookPayload,
} from '@keystone/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { claimOpen } from '../../core/instanceLease';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { SecretBox } from '../../lib/encryption';
import { checkTarget, PrivateTargetError, sendOutbound, type TargetPolicy } from '../../lib/outboundHttp';
import { PollingLoop } from '../../lib/pollingLoop';
import { announceQuietComments } from './commentSweep';
import { disableFailingEndpoint } from './failing';
import { FORMATTERS, type SigningSecrets } from './formatters';
import { webhookMoment } from './moment';
import { purgeOldWebhookEvents } from './retention';
import { openEndpointSecrets, openEndpointUrl } from './sealing';

const BATCH_SIZE = 20;
/**
 * A claim outlives the longest a batch can take for one endpoint (each try's deadline, plus the
 * pace of a chat channel); a crashed instance's delivery is taken over once its lease runs out
 * (instanceLease.ts), or after this, should its instance be unknown.
 */
const CLAIM_SECONDS = Math.ceil((BATCH_SIZE * (WEBHOOK_TIMEOUT_MS + 1000)) / 1000) + 30;
const USER_AGENT = 'Keystone-Webhooks/1.0 (+https://www.standardwebhooks.com)';
const ERROR_MAX_CHARS = 500;
/** How long a chat channel stays taken while its message is sent: past the send's deadline. */
const TURN_HOLD_MS = WEBHOOK_TIMEOUT_MS + 5_000;
/** How often an instance waiting for a chat channel looks again. */
const TURN_POLL_MS = 200;
/** How often an instance purges old events (retention.ts). */
const PURGE_EVERY_MS = 60 * 60 * 1000;

type ClaimedDelivery = {
  id: number;
  attempts: number;
  endpoint_id: number;
  organisation_id: number;
  kind: WebhookKind;
  url: string;
  secret: string | null;
  previous_secret: string | null;
  previous_secret_until: string | Date | null;
  message_id: string;
  payload: WebhookPayload;
};

/** What one try came to, for the log. */
interface TryOutcome {
  delivered: boolean;
  statusCode: number | null;
  error: string | null;
  retryAfterSeconds: number | undefined;
}

export interface WebhookWorkerOptions {
  db: Db;
  secrets: SecretBox;
  clock: Clock;
  log: FastifyBaseLogger;
  policy: TargetPolicy;
  appUrl: string;
  pollMs: number;
  /** How long a comment's writer is quiet before it is announced (commentSweep.ts). */
  commentQuietMs: number;
  /** How long events (and their delivery log) are kept (retention.ts). */
  eventRetentionMs: number;
  /** Wakes the mail outbox (a disabled endpoint's people are mailed). */
  mailQueued(): void;
  /** This process's id among the instances: its claims are taken over should it die. */
  instanceId: string;
}

/** Seconds before the try after `attempts` tries, or null when that was the last. */
export function retryDelaySeconds(attempts: number, retryAfterSeconds: number | undefined): number | null {
  const planned = WEBHOOK_RETRY_DELAYS_SECONDS[attempts - 1];
  if (planned === undefined) return null;
  return Math.max(planned, Math.min(retryAfterSeconds ?? 0, 24 * 3600));
}

export class WebhookWorker {
  private readonly loop: PollingLoop;
  /** When this instance last purged old events: hourly is precise enough for a period of days. */
  private lastPurge = Number.NEGATIVE_INFINITY;

  constructor(private readonly options: WebhookWorkerOptions) {
    this.loop = new PollingLoop(
      () => this.drain(),
      options.pollMs,
      (error) => options.log.warn({ err: error }, 'webhook delivery pass failed'),
    );
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Called after a transaction that queued deliveries commits, so they leave at once. */
  kick(): void {
    this.loop.kick();
  }

  private async drain(): Promise<void> {
    await announceQuietComments(this.options.db, this.options.appUrl, this.options.commentQuietMs);
    const now = webhookMoment(this.options.clock).getTime();
    if (now - this.lastPurge >= PURGE_EVERY_MS) {
      this.lastPurge = now;
      await purgeOldWebhookEvents(this.options.db, new Date(now - this.options.eventRetentionMs));
    }
    for (;;) {
      if (this.loop.stopped) return;
      const batch = await this.claim();
      if (batch.length === 0) return;
      const byEndpoint = new Map<number, ClaimedDelivery[]>();
      for (const delivery of batch) {
        const list = byEndpoint.get(delivery.endpoint_id) ?? [];
        list.push(delivery);
        byEndpoint.set(delivery.endpoint_id, list);
      }
      await Promise.all(
        [...byEndpoint.values()].map(async (deliveries) => {
          for (const delivery of deliveries) {
            if (this.loop.stopped) return;
            await this.deliver(delivery);
          }
        }),
      );
    }
  }

  private async claim(): Promise<ClaimedDelivery[]> {
    const now = webhookMoment(this.options.clock).toISOString();
    const result = await this.options.db.execute<ClaimedDelivery>(sql`
      with claimed as (
        update webhook_deliveries set claimed_until = ${now}::timestamptz + make_interval(secs => ${CLAIM_SECONDS}),
          claimed_by = ${this.options.instanceId}, attempts = attempts + 1
        where id in (
          select delivery.id from webhook_deliveries delivery
          join webhook_endpoints endpoint on endpoint.id = delivery.endpoint_id and endpoint.enabled
          where delivery.status = 'pending' and delivery.next_attempt_at <= ${now}::timestamptz
            and ${claimOpen(sql`delivery.claimed_until`, sql`delivery.claimed_by`, sql`${now}::timestamptz`)}
          order by delivery.id limit ${BATCH_SIZE}
          for update of delivery skip locked)
        returning id, attempts, endpoint_id, event_id)
      select claimed.id, claimed.attempts, claimed.endpoint_id, endpoint.organisation_id, endpoint.kind,
        endpoint.url, endpoint.secret, endpoint.previous_secret, endpoint.previous_secret_until,
        event.message_id, event.payload
      from claimed
      join webhook_endpoints endpoint on endpoint.id = claimed.endpoint_id
      join webhook_events event on event.id = claimed.event_id
      order by claimed.id`);
    return result.rows;
  }

  /**
   * A chat channel takes one message at a time, then a quiet `minIntervalMs` after its answer
   * (Slack: one message a second). The endpoint's row says until when the channel is taken; an
   * instance takes its turn only once that has passed, so instances sending to one channel queue
   * behind each other. The hold while sending outlasts the send's deadline, and frees a channel
   * whose sender died.
   */
  private async takeTurn(endpointId: number): Promise<void> {
    const hold = sql`make_interval(secs => ${TURN_HOLD_MS / 1000})`;
    for (;;) {
      const taken = await this.options.db.execute(sql`
        update webhook_endpoints set next_send_at = clock_timestamp() + ${hold}
        where id = ${endpointId} and (next_send_at is null or next_send_at <= clock_timestamp())
        returning id`);
      if (taken.rows.length > 0) return;
      const { rows } = await this.options.db.execute<{ wait_ms: number | string }>(sql`
        select extract(epoch from (next_send_at - clock_timestamp())) * 1000 as wait_ms
        from webhook_endpoints where id = ${endpointId}`);
      // Deleted meanwhile: the send goes ahead as any other and is recorded against nothing.
      if (rows.length === 0 || this.loop.stopped) return;
      const wait = Math.min(Math.max(Number(rows[0]!.wait_ms), 10), TURN_POLL_MS);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  /**
   * The channel is quiet for `minIntervalMs` from this send's answer, then the next may go. Not
   * written (the database gone a moment): the hold runs out instead, and what was sent stays sent.
   */
  private async endTurn(endpointId: number, minIntervalMs: number): Promise<void> {
    try {
      await this.options.db.execute(sql`
        update webhook_endpoints
        set next_send_at = clock_timestamp() + make_interval(secs => ${minIntervalMs / 1000})
        where id = ${endpointId}`);
    } catch (error) {
      this.options.log.warn({ err: error, endpoint: endpointId }, 'could not free a chat channel’s turn');
    }
  }

  private signingSecrets(delivery: ClaimedDelivery, now: Date): SigningSecrets | null {
    if (delivery.kind !== 'standard' || !delivery.secret) return null;
    const until = delivery.previous_secret_until ? new Date(delivery.previous_secret_until) : null;
    const overlap = delivery.previous_secret !== null && until !== null && until > now;
    return openEndpointSecrets(
      this.options.secrets,
      delivery.organisation_id,
      delivery.secret,
      overlap ? delivery.previous_secret : null,
    );
  }

  private async attempt(delivery: ClaimedDelivery): Promise<TryOutcome> {
    const { secrets, policy, appUrl } = this.options;
    const formatter = FORMATTERS[delivery.kind];
    const target = checkTarget(openEndpointUrl(secrets, delivery.organisation_id, delivery.url), policy);
    if (typeof target === 'string') {
      return {
        delivered: false,
        statusCode: null,
        error: `address refused (${target})`,
        retryAfterSeconds: undefined,
      };
    }
    const message = { messageId: delivery.message_id, payload: delivery.payload, appUrl };
    const body = formatter.body(message);
    const headers = {
      ...formatter.headers(
        message,
        body,
        this.signingSecrets(delivery, webhookMoment(this.options.clock)),
        new Date(),
      ),
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
    };
    const paced = formatter.minIntervalMs > 0;
    if (paced) await this.takeTurn(delivery.endpoint_id);
    try {
      const answer = await sendOutbound(
        target,
        {
          method: 'POST',
          headers,
          body,
          timeoutMs: WEBHOOK_TIMEOUT_MS,
          maxAnswerBytes: WEBHOOK_ANSWER_MAX_BYTES,
        },
        policy,
      );
      if (answer.status >= 200 && answer.status < 300) {
        return { delivered: true, statusCode: answer.status, error: null, retryAfterSeconds: undefined };
      }
      const error =
        answer.status >= 300 && answer.status < 400
          ? `redirect to ${answer.location ?? '(no address)'} not followed`
          : `answered ${answer.status}${answer.body.trim() ? `: ${answer.body.trim()}` : ''}`;
      const slowDown = answer.status === 429 || answer.status === 503;
      return {
        delivered: false,
        statusCode: answer.status,
        error,
        retryAfterSeconds: slowDown ? answer.retryAfterSeconds : undefined,
      };
    } catch (error) {
      const words =
        error instanceof PrivateTargetError
          ? `address refused: ${error.message}`
          : error instanceof Error
            ? error.message
            : String(error);
      return { delivered: false, statusCode: null, error: words, retryAfterSeconds: undefined };
    } finally {
      if (paced) await this.endTurn(delivery.endpoint_id, formatter.minIntervalMs);
    }
  }

  private async deliver(delivery: ClaimedDelivery): Promise<void> {
    const { db, log, clock } = this.options;
    let outcome: TryOutcome;
    try {
      outcome = await this.attempt(delivery);
    } catch (error) {
      // A sealed value that no longer opens (a key removed): a failed try like any other.
      outcome = {
        delivered: false,
        statusCode: null,
        error: error instanceof Error ? error.message : String(error),
        retryAfterSeconds: undefined,
      };
    }
    const now = webhookMoment(clock);
    const at = now.toISOString();
    if (outcome.delivered) {
      await db.execute(sql`
        update webhook_deliveries set status = 'delivered', delivered_at = ${at}::timestamptz,
          last_attempt_at = ${at}::timestamptz, last_status_code = ${outcome.statusCode}, last_error = null,
          claimed_until = null
        where id = ${delivery.id}`);
      await db.execute(
        sql`update webhook_endpoints set failing_since = null where id = ${delivery.endpoint_id} and failing_since is not null`,
      );
      return;
    }
    const error = (outcome.error ?? 'failed').slice(0, ERROR_MAX_CHARS);
    const delay = retryDelaySeconds(delivery.attempts, outcome.retryAfterSeconds);
    log.info(
      { deliveryId: delivery.id, endpointId: delivery.endpoint_id, attempts: delivery.attempts, error },
      delay === null ? 'webhook delivery given up' : 'webhook delivery failed, will retry',
    );
    await db.execute(sql`
      update webhook_deliveries set status = ${delay === null ? 'failed' : 'pending'},
        last_attempt_at = ${at}::timestamptz, last_status_code = ${outcome.statusCode}, last_error = ${error},
        claimed_until = null,
        next_attempt_at = ${at}::timestamptz + make_interval(secs => ${delay ?? 0})
      where id = ${delivery.id}`);
    await db.execute(sql`
      update webhook_endpoints set failing_since = ${at}::timestamptz
      where id = ${delivery.endpoint_id} and failing_since is null`);
    if (delay === null) {
      const disabled = await disableFailingEndpoint(db, delivery.endpoint_id, now, this.options.appUrl);
      if (disabled) this.options.mailQueued();
    }
  }
}
