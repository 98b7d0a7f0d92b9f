/**
 * Who manages which webhook endpoint: the organisation's own endpoints its administrators, a
 * strategy's endpoints that strategy's masters. Another organisation's endpoint, or one of a
 * strategy the person cannot see, is not found (404), like everything else of theirs.
 */
import { canEditStrategy, WEBHOOK_MESSAGES } from '@keystone/contract';
import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../core/actor';
import { asNotFound, forbidden, notFound } from '../../core/errors';
import { loadStrategyAccess } from '../../core/strategyAccess';
import type { Queryable } from '../../db/client';
import { webhookEndpoints } from '../../db/schema';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** The scope an endpoint is created in, with the title a strategy's events carry. */
export type EndpointScope = { strategyId: null } | { strategyId: number };

export function ensureAdministrator(user: Actor): void {
  if (!user.isAdmin) throw forbidden(WEBHOOK_MESSAGES.adminsOnly);
}

/** 404 unless the person sees the strategy, 403 unless they are its master. */
export async function ensureStrategyMaster(db: Queryable, strategyId: number, user: Actor): Promise<void> {
  const access = await loadStrategyAccess(db, strategyId, user);
  if (!canEditStrategy(user.id, access.roles)) throw forbidden(WEBHOOK_MESSAGES.mastersOnly);
}

/** The endpoint, when the person may manage it (`forUpdate` locks its row). */
export async function loadManagedEndpoint(
  db: Queryable,
  id: number,
  user: Actor,
  options: { forUpdate?: boolean } = {},
): Promise<EndpointRow> {
  const query = db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.organisationId, user.organisationId)));
  const [endpoint] = options.forUpdate ? await query.for('update') : await query;
  if (!endpoint) throw notFound(WEBHOOK_MESSAGES.notFound);
  if (endpoint.strategyId === null) ensureAdministrator(user);
  else await ensureStrategyMaster(db, endpoint.strategyId, user).catch(asNotFound(WEBHOOK_MESSAGES.notFound));
  return endpoint;
}
