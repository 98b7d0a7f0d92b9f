/**
 * Managing webhook endpoints (issue 32): list, add, change, switch off and on, delete, and
 * rotate a signing secret. The address is checked (lib/outboundHttp.ts checkTarget, and the
 * kind's own rules) and stored sealed with the signing secrets; a standard endpoint's secret is
 * answered once. Changes to the organisation's own endpoints go on its security log.
 */
import {
  CHAT_EVENT_TYPES,
  type CreateWebhookRequest,
  type CreateWebhookResponse,
  type UpdateWebhookRequest,
  type UserSummary,
  WEBHOOK_ENDPOINTS_PER_ORGANISATION,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MESSAGES,
  WEBHOOK_SECRET_OVERLAP_HOURS,
  type WebhookEndpoint,
  type WebhookKind,
} from '@keystone/contract';
import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Actor } from '../../core/actor';
import type { AppContext } from '../../core/context';
import { badRequest, conflict } from '../../core/errors';
import { type RequestOrigin, recordSecurityEvent } from '../../core/securityEvents';
import { personColumns, presentUserSummary } from '../../core/userPresenters';
import type { Queryable } from '../../db/client';
import { organisations, users, webhookEndpoints } from '../../db/schema';
import { checkTarget, type TargetProblem } from '../../lib/outboundHttp';
import {
  type EndpointRow,
  type EndpointScope,
  ensureAdministrator,
  ensureStrategyMaster,
  loadManagedEndpoint,
} from './access';
import { FORMATTERS } from './formatters';
import { webhookMoment } from './moment';
import { openEndpointUrl, sealEndpointSecret, sealEndpointUrl } from './sealing';
import { newSigningSecret } from './standard';

const TARGET_MESSAGES: Record<TargetProblem, string> = {
  invalid: WEBHOOK_MESSAGES.urlInvalid,
  not_https: WEBHOOK_MESSAGES.urlNotHttps,
  credentials: WEBHOOK_MESSAGES.urlCredentials,
  private: WEBHOOK_MESSAGES.urlPrivate,
};

/** The address parsed, or a 400 naming what is wrong with it (on the `url` field). */
function checkedAddress(ctx: AppContext, kind: WebhookKind, text: string): URL {
  const allowPrivate = ctx.config.webhooksAllowPrivateTargets;
  const target = checkTarget(text, { allowPrivate });
  const problem =
    typeof target === 'string'
      ? TARGET_MESSAGES[target]
      : FORMATTERS[kind].addressProblem(target, allowPrivate);
  if (problem) throw badRequest(problem, { url: [problem] });
  return target as URL;
}

/** The events without repeats, each one the kind can be sent; 400 otherwise. */
function checkedEvents(kind: WebhookKind, events: readonly string[]): string[] {
  const allowed: readonly string[] = kind === 'standard' ? WEBHOOK_EVENT_TYPES : CHAT_EVENT_TYPES;
  const wrong = events.find((event) => !allowed.includes(event));
  if (wrong) {
    const message = WEBHOOK_MESSAGES.eventNotForKind(wrong);
    throw badRequest(message, { events: [message] });
  }
  return [...new Set(events)];
}

function present(ctx: AppContext, row: EndpointRow, creator: UserSummary | null): WebhookEndpoint {
  return {
    id: row.id,
    kind: row.kind,
    strategy_id: row.strategyId,
    description: row.description,
    // A Slack or Teams address is a credential: only its host is shown again.
    url: row.kind === 'standard' ? openEndpointUrl(ctx.secrets, row.organisationId, row.url) : row.urlHost,
    events: row.events as WebhookEndpoint['events'],
    enabled: row.enabled,
    disabled_reason: row.disabledReason,
    failing_since: row.failingSince?.toISOString() ?? null,
    previous_secret_until: row.previousSecretUntil?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    created_by: creator,
  };
}

async function readEndpoints(
  ctx: AppContext,
  db: Queryable,
  where: SQL | undefined,
): Promise<WebhookEndpoint[]> {
  const rows = await db
    .select({ endpoint: webhookEndpoints, creator: personColumns })
    .from(webhookEndpoints)
    .leftJoin(users, eq(users.id, webhookEndpoints.createdBy))
    .where(where)
    .orderBy(desc(webhookEndpoints.id));
  // A left join of a deleted creator gives a row of nulls.
  return rows.map((row) =>
    present(ctx, row.endpoint, row.creator?.id ? presentUserSummary(row.creator) : null),
  );
}

async function readEndpoint(ctx: AppContext, db: Queryable, id: number): Promise<WebhookEndpoint> {
  const [endpoint] = await readEndpoints(ctx, db, eq(webhookEndpoints.id, id));
  return endpoint!;
}

const scopeCondition = (organisationId: number, scope: EndpointScope) =>
  and(
    eq(webhookEndpoints.organisationId, organisationId),
    scope.strategyId === null
      ? isNull(webhookEndpoints.strategyId)
      : eq(webhookEndpoints.strategyId, scope.strategyId),
  );

async function ensureScope(ctx: AppContext, user: Actor, scope: EndpointScope): Promise<void> {
  if (scope.strategyId === null) ensureAdministrator(user);
  else await ensureStrategyMaster(ctx.db, scope.strategyId, user);
}

export async function listEndpoints(
  ctx: AppContext,
  user: Actor,
  scope: EndpointScope,
): Promise<WebhookEndpoint[]> {
  await ensureScope(ctx, user, scope);
  return readEndpoints(ctx, ctx.db, scopeCondition(user.organisationId, scope));
}

/**
 * Every endpoint change is on the organisation's security log, a strategy's too: an address that
 * receives a strategy's changes is its administrators' business as much as its masters'.
 */
async function logChange(
  ctx: AppContext,
  db: Queryable,
  origin: RequestOrigin,
  user: Actor,
  endpoint: Pick<EndpointRow, 'strategyId' | 'kind' | 'urlHost' | 'id'>,
  kind: 'webhook_created' | 'webhook_changed' | 'webhook_deleted',
  change?: string,
): Promise<void> {
  await recordSecurityEvent(db, ctx.log, origin, {
    kind,
    userId: null,
    actorId: user.id,
    organisationId: user.organisationId,
    detail: {
      webhook_id: endpoint.id,
      webhook_kind: endpoint.kind,
      strategy_id: endpoint.strategyId,
      host: endpoint.urlHost,
      ...(change ? { change } : {}),
    },
  });
}

export async function createEndpoint(
  ctx: AppContext,
  user: Actor,
  scope: EndpointScope,
  input: CreateWebhookRequest,
  origin: RequestOrigin,
): Promise<CreateWebhookResponse> {
  await ensureScope(ctx, user, scope);
  const url = checkedAddress(ctx, input.kind, input.url);
  const events = checkedEvents(input.kind, input.events);
  const secret = input.kind === 'standard' ? newSigningSecret() : null;
  const id = await ctx.db.transaction(async (tx) => {
    // The organisation's row lock queues concurrent additions, so the maximum holds.
    await tx
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.id, user.organisationId))
      .for('update');
    const [existing] = await tx
      .select({ count: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.organisationId, user.organisationId));
    if ((existing?.count ?? 0) >= WEBHOOK_ENDPOINTS_PER_ORGANISATION)
      throw conflict(WEBHOOK_MESSAGES.tooMany);
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({
        organisationId: user.organisationId,
        strategyId: scope.strategyId,
        kind: input.kind,
        description: input.description ?? '',
        url: sealEndpointUrl(ctx.secrets, user.organisationId, url.href),
        urlHost: url.host,
        events,
        secret: secret === null ? null : sealEndpointSecret(ctx.secrets, user.organisationId, secret),
        createdBy: user.id,
      })
      .returning();
    await logChange(ctx, tx, origin, user, created!, 'webhook_created');
    return created!.id;
  });
  return {
    detail: secret ? WEBHOOK_MESSAGES.created : WEBHOOK_MESSAGES.chatCreated,
    endpoint: await readEndpoint(ctx, ctx.db, id),
    secret,
  };
}

export async function updateEndpoint(
  ctx: AppContext,
  user: Actor,
  id: number,
  input: UpdateWebhookRequest,
  origin: RequestOrigin,
): Promise<{ detail: string; endpoint: WebhookEndpoint }> {
  return ctx.db.transaction(async (tx) => {
    const endpoint = await loadManagedEndpoint(tx, id, user, { forUpdate: true });
    const changes: Partial<typeof webhookEndpoints.$inferInsert> = {};
    if (input.url !== undefined) {
      const url = checkedAddress(ctx, endpoint.kind, input.url);
      changes.url = sealEndpointUrl(ctx.secrets, endpoint.organisationId, url.href);
      changes.urlHost = url.host;
    }
    if (input.events !== undefined) changes.events = checkedEvents(endpoint.kind, input.events);
    if (input.description !== undefined) changes.description = input.description;
    if (input.enabled !== undefined && input.enabled !== endpoint.enabled) {
      changes.enabled = input.enabled;
      changes.disabledReason = input.enabled ? null : 'manual';
      // Switched on again: its failures so far no longer count towards switching it off.
      if (input.enabled) changes.failingSince = null;
    }
    if (Object.keys(changes).length > 0) {
      await tx.update(webhookEndpoints).set(changes).where(eq(webhookEndpoints.id, id));
      await logChange(
        ctx,
        tx,
        origin,
        user,
        { ...endpoint, urlHost: changes.urlHost ?? endpoint.urlHost },
        'webhook_changed',
        Object.keys(changes)
          .filter((key) => key !== 'urlHost' && key !== 'disabledReason' && key !== 'failingSince')
          .join(', '),
      );
    }
    const detail =
      changes.enabled === true
        ? WEBHOOK_MESSAGES.enabled
        : changes.enabled === false
          ? WEBHOOK_MESSAGES.disabled
          : WEBHOOK_MESSAGES.saved;
    return { detail, endpoint: await readEndpoint(ctx, tx, id) };
  });
}

export async function deleteEndpoint(
  ctx: AppContext,
  user: Actor,
  id: number,
  origin: RequestOrigin,
): Promise<{ detail: string }> {
  await ctx.db.transaction(async (tx) => {
    const endpoint = await loadManagedEndpoint(tx, id, user, { forUpdate: true });
    // Its deliveries go with it (cascade): nothing more is sent, and its log is gone.
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    await logChange(ctx, tx, origin, user, endpoint, 'webhook_deleted');
  });
  return { detail: WEBHOOK_MESSAGES.deleted };
}

/** A new secret, answered once; the old one signs beside it for WEBHOOK_SECRET_OVERLAP_HOURS. */
export async function rotateSecret(
  ctx: AppContext,
  user: Actor,
  id: number,
  origin: RequestOrigin,
): Promise<{ detail: string; secret: string; endpoint: WebhookEndpoint }> {
  const secret = newSigningSecret();
  return ctx.db.transaction(async (tx) => {
    const endpoint = await loadManagedEndpoint(tx, id, user, { forUpdate: true });
    if (endpoint.kind !== 'standard' || endpoint.secret === null)
      throw conflict(WEBHOOK_MESSAGES.noSecretForKind);
    const until = new Date(webhookMoment(ctx.clock).getTime() + WEBHOOK_SECRET_OVERLAP_HOURS * 3600_000);
    await tx
      .update(webhookEndpoints)
      .set({
        secret: sealEndpointSecret(ctx.secrets, endpoint.organisationId, secret),
        // Sealed for the same purpose, so the value moves as it is.
        previousSecret: endpoint.secret,
        previousSecretUntil: until,
      })
      .where(eq(webhookEndpoints.id, id));
    await logChange(ctx, tx, origin, user, endpoint, 'webhook_changed', 'secret');
    return {
      detail: WEBHOOK_MESSAGES.secretRotated(WEBHOOK_SECRET_OVERLAP_HOURS),
      secret,
      endpoint: await readEndpoint(ctx, tx, id),
    };
  });
}
