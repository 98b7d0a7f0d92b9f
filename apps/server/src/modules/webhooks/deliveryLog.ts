/**
 * An endpoint's delivery log (newest first, paged), "Send again" (the same event and
 * `webhook-id`, a fresh round of tries) and "Send a test event" (`webhook.test`, to this endpoint
 * alone). Both wake the worker once committed.
 */
import {
  WEBHOOK_DELIVERY_PAGE_SIZE,
  WEBHOOK_MESSAGES,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookDeliveryList,
} from '@keystone/contract';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor';
import type { AppContext } from '../../core/context';
import { conflict, notFound } from '../../core/errors';
import { newMessageId, webhookPayload } from '../../core/webhookEvents';
import { strategies, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema';
import { loadManagedEndpoint } from './access';
import { webhookSettingsLink } from './failing';
import { webhookMoment } from './moment';

export async function listDeliveries(
  ctx: AppContext,
  user: Actor,
  endpointId: number,
  before: number | undefined,
): Promise<WebhookDeliveryList> {
  await loadManagedEndpoint(ctx.db, endpointId, user);
  const rows = await ctx.db
    .select({
      delivery: webhookDeliveries,
      messageId: webhookEvents.messageId,
      type: webhookEvents.type,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        before === undefined ? undefined : lt(webhookDeliveries.id, before),
      ),
    )
    .orderBy(desc(webhookDeliveries.id))
    .limit(WEBHOOK_DELIVERY_PAGE_SIZE + 1);
  const page = rows.slice(0, WEBHOOK_DELIVERY_PAGE_SIZE);
  const deliveries = page.map(
    ({ delivery, messageId, type }): WebhookDelivery => ({
      id: delivery.id,
      message_id: messageId,
      event_type: type,
      status: delivery.status,
      attempts: delivery.attempts,
      last_status_code: delivery.lastStatusCode,
      last_error: delivery.lastError,
      created_at: delivery.createdAt.toISOString(),
      last_attempt_at: delivery.lastAttemptAt?.toISOString() ?? null,
      next_attempt_at: delivery.status === 'pending' ? delivery.nextAttemptAt.toISOString() : null,
      delivered_at: delivery.deliveredAt?.toISOString() ?? null,
    }),
  );
  return {
    deliveries,
    next_before: rows.length > WEBHOOK_DELIVERY_PAGE_SIZE ? (page.at(-1)?.delivery.id ?? null) : null,
  };
}

export async function resendDelivery(
  ctx: AppContext,
  user: Actor,
  deliveryId: number,
): Promise<{ detail: string }> {
  await ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ endpointId: webhookDeliveries.endpointId, status: webhookDeliveries.status })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(
        and(eq(webhookDeliveries.id, deliveryId), eq(webhookEndpoints.organisationId, user.organisationId)),
      )
      .for('update', { of: webhookDeliveries });
    if (!found) throw notFound(WEBHOOK_MESSAGES.deliveryNotFound);
    const endpoint = await loadManagedEndpoint(tx, found.endpointId, user).catch((error: unknown) => {
      throw error instanceof Error && 'statusCode' in error && error.statusCode === 404
        ? notFound(WEBHOOK_MESSAGES.deliveryNotFound)
        : error;
    });
    if (!endpoint.enabled) throw conflict(WEBHOOK_MESSAGES.switchedOff);
    if (found.status === 'pending') throw conflict(WEBHOOK_MESSAGES.resendWaiting);
    // A fresh round of tries, with the same event (and so the same webhook-id).
    await tx
      .update(webhookDeliveries)
      .set({
        status: 'pending',
        attempts: 0,
        nextAttemptAt: webhookMoment(ctx.clock),
        claimedUntil: null,
        deliveredAt: null,
      })
      .where(eq(webhookDeliveries.id, deliveryId));
  });
  ctx.webhooksQueued();
  return { detail: WEBHOOK_MESSAGES.resendQueued };
}

export async function sendTestEvent(
  ctx: AppContext,
  user: Actor,
  endpointId: number,
): Promise<{ detail: string }> {
  await ctx.db.transaction(async (tx) => {
    const endpoint = await loadManagedEndpoint(tx, endpointId, user);
    if (!endpoint.enabled) throw conflict(WEBHOOK_MESSAGES.switchedOff);
    const [strategy] =
      endpoint.strategyId === null
        ? []
        : await tx
            .select({ title: strategies.title })
            .from(strategies)
            .where(eq(strategies.id, endpoint.strategyId));
    const at = webhookMoment(ctx.clock);
    const payload = webhookPayload(WEBHOOK_TEST_EVENT, at, {
      organisation_id: endpoint.organisationId,
      strategy_id: endpoint.strategyId,
      ...(strategy ? { strategy_title: strategy.title } : {}),
      by: { id: user.id, name: user.displayName },
      url: webhookSettingsLink(ctx.config.appUrl, endpoint.strategyId),
    });
    const [event] = await tx
      .insert(webhookEvents)
      .values({
        messageId: newMessageId(),
        organisationId: endpoint.organisationId,
        strategyId: endpoint.strategyId,
        type: WEBHOOK_TEST_EVENT,
        payload,
        createdAt: at,
      })
      .returning({ id: webhookEvents.id });
    await tx.insert(webhookDeliveries).values({ endpointId, eventId: event!.id, nextAttemptAt: sql`now()` });
  });
  ctx.webhooksQueued();
  return { detail: WEBHOOK_MESSAGES.testQueued };
}
