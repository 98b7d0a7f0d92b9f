/**
 * Webhook events (issue 32, DESIGN §12): where a change is made, its area calls
 * recordWebhookEvent inside the writing transaction, so an event exists exactly when its change
 * commits. The event is stored once and one delivery is queued per enabled endpoint that chose
 * its type: the organisation's own endpoints and the strategy's. The delivery worker
 * (modules/webhooks/) sends them after the commit.
 *
 * Most organisations have no endpoint at all, so the whole thing is ONE statement: the endpoints
 * are looked up by their organisation index and the event row is only written when one matches.
 */
import { randomBytes } from 'node:crypto';
import {
  type ChatEventType,
  fullName,
  WEBHOOK_PAYLOAD_MAX_BYTES,
  type WebhookActor,
  type WebhookEventData,
  type WebhookEventType,
  type WebhookPayload,
} from '@keystone/contract';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import type { Actor } from './actor';
import { noteWebhooksQueued } from './changeTracking';

export interface WebhookEventInput {
  organisationId: number;
  /** Null: an organisation-wide event (a person joined or left the organisation). */
  strategyId: number | null;
  type: WebhookEventType | ChatEventType;
  /** Ids and small values; organisation_id and strategy_id are added here. */
  data: Omit<WebhookEventData, 'organisation_id' | 'strategy_id'>;
  /** When it happened (the caller's clock); now by default. */
  at?: Date;
}

/** The Standard Webhooks `webhook-id`: unique per event, the same on every try. */
export function newMessageId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}

/** The payload, or its ids alone when it is larger than a receiver is sent. */
export function webhookPayload(type: string, at: Date, data: WebhookEventData): WebhookPayload {
  const whole: WebhookPayload = { type, timestamp: at.toISOString(), data };
  if (Buffer.byteLength(JSON.stringify(whole)) <= WEBHOOK_PAYLOAD_MAX_BYTES) return whole;
  const ids: WebhookEventData = {
    organisation_id: data.organisation_id,
    strategy_id: data.strategy_id,
    ids_only: true,
  };
  for (const [key, value] of Object.entries(data)) {
    if (key.endsWith('_id') && (typeof value === 'number' || value === null)) ids[key] = value;
  }
  if (data.by) ids.by = { id: data.by.id, name: data.by.name.slice(0, 200) };
  return { type, timestamp: whole.timestamp, data: ids };
}

/**
 * Records the event for every enabled endpoint that chose its type; answers how many deliveries
 * were queued (0, and nothing written, when none did). Call inside the change's transaction.
 */
export async function recordWebhookEvent(db: Queryable, input: WebhookEventInput): Promise<number> {
  const at = input.at ?? new Date();
  const payload = webhookPayload(input.type, at, {
    ...input.data,
    organisation_id: input.organisationId,
    strategy_id: input.strategyId,
  });
  const strategyMatch =
    input.strategyId === null
      ? sql`strategy_id is null`
      : sql`(strategy_id is null or strategy_id = ${input.strategyId})`;
  const result = await db.execute<{ id: number }>(sql`
    with targets as (
      select id from webhook_endpoints
      where organisation_id = ${input.organisationId} and enabled and ${strategyMatch}
        and ${input.type} = any(events)),
    event as (
      insert into webhook_events (message_id, organisation_id, strategy_id, type, payload, created_at)
      select ${newMessageId()}, ${input.organisationId}, ${input.strategyId}, ${input.type},
        ${JSON.stringify(payload)}::jsonb, ${at.toISOString()}::timestamptz
      where exists (select 1 from targets)
      returning id)
    insert into webhook_deliveries (endpoint_id, event_id)
    select targets.id, event.id from targets, event
    returning id`);
  if (result.rows.length > 0) noteWebhooksQueued();
  return result.rows.length;
}

/** Who made a change, as a payload names them. */
export const webhookActor = (user: Actor): WebhookActor => ({ id: user.id, name: user.displayName });

/** Links to the pages where a change is seen. */
export const webhookLinks = {
  strategy: (appUrl: string, strategyId: number) => `${appUrl}/strategy/${strategyId}`,
  charter: (appUrl: string, initiativeId: number) => `${appUrl}/initiative-charter/${initiativeId}`,
  progress: (appUrl: string, strategyId: number) => `${appUrl}/progress-update/${strategyId}`,
  team: (appUrl: string, strategyId: number) => `${appUrl}/strategy-team/${strategyId}`,
  organisation: (appUrl: string) => `${appUrl}/organisation`,
};

/**
 * An event of a strategy made by a person: the strategy's title, who, and a link (the strategy's
 * page unless `data.url` says otherwise) are filled in.
 */
export function recordStrategyEvent(
  db: Queryable,
  appUrl: string,
  user: Actor,
  strategy: { id: number; title: string },
  type: WebhookEventInput['type'],
  data: WebhookEventInput['data'] = {},
): Promise<number> {
  return recordWebhookEvent(db, {
    organisationId: user.organisationId,
    strategyId: strategy.id,
    type,
    data: {
      strategy_title: strategy.title,
      by: webhookActor(user),
      url: webhookLinks.strategy(appUrl, strategy.id),
      ...data,
    },
  });
}

/**
 * A person joined the organisation (an invitation accepted, a company sign-in's first visit, a
 * SCIM provisioning) or left it (deactivated): an organisation-wide event.
 */
export function recordMemberEvent(
  db: Queryable,
  organisationId: number,
  type: 'member.joined' | 'member.left',
  person: { id: number; firstName: string; lastName: string },
): Promise<number> {
  return recordWebhookEvent(db, {
    organisationId,
    strategyId: null,
    type,
    data: { user_id: person.id, user_name: fullName(person.firstName, person.lastName) },
  });
}
