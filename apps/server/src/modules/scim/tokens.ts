/**
 * The organisation's SCIM bearer tokens (issue 31): made by an administrator and shown once,
 * stored as a SHA-256 only, at most SCIM_TOKENS_MAX live ones, revocable at once, each creation
 * and revocation on the security log. The token carries a fixed prefix so secret scanners can
 * recognise a leaked one.
 */
import {
  type CreateScimTokenResponse,
  SCIM_TOKENS_MAX,
  type ScimToken,
  type ScimTokenList,
  SSO_MESSAGES,
} from '@keystone/contract';
import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor';
import type { AppContext } from '../../core/context';
import { conflict, notFound } from '../../core/errors';
import { type RequestOrigin, recordSecurityEvent } from '../../core/securityEvents';
import { personColumns, presentUserSummary } from '../../core/userPresenters';
import type { Queryable } from '../../db/client';
import { organisations, scimTokens, users } from '../../db/schema';
import { randomSecret, sha256 } from '../../lib/secrets';

const SCIM_TOKEN_PREFIX = 'kscim_';
/** Writing last_used_at on every provisioning call would make each read a write; once a minute tells enough. */
const LAST_USE_PRECISION = sql`interval '1 minute'`;

/** The SCIM base URL an organisation's provider is given. */
export const scimBaseUrl = (ctx: AppContext) => `${ctx.config.appUrl}/scim/v2`;

/** What a provisioning call acts as: the organisation and the token (named in the security log). */
export interface ScimCaller {
  organisationId: number;
  tokenId: number;
  tokenName: string;
}

async function readTokens(db: Queryable, organisationId: number, id?: number): Promise<ScimToken[]> {
  const rows = await db
    .select({
      id: scimTokens.id,
      name: scimTokens.name,
      createdAt: scimTokens.createdAt,
      lastUsedAt: scimTokens.lastUsedAt,
      creator: personColumns,
    })
    .from(scimTokens)
    .leftJoin(users, eq(users.id, scimTokens.createdBy))
    .where(
      and(
        eq(scimTokens.organisationId, organisationId),
        isNull(scimTokens.revokedAt),
        id === undefined ? undefined : eq(scimTokens.id, id),
      ),
    )
    .orderBy(desc(scimTokens.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    // A left join of a deleted creator gives a row of nulls.
    created_by: row.creator?.id ? presentUserSummary(row.creator) : null,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  }));
}

export async function listScimTokens(ctx: AppContext, organisationId: number): Promise<ScimTokenList> {
  return { base_url: scimBaseUrl(ctx), tokens: await readTokens(ctx.db, organisationId) };
}

export async function createScimToken(
  ctx: AppContext,
  admin: Actor,
  name: string,
  origin: RequestOrigin,
): Promise<CreateScimTokenResponse> {
  const token = `${SCIM_TOKEN_PREFIX}${randomSecret()}`;
  const id = await ctx.db.transaction(async (tx) => {
    // The organisation's row lock queues concurrent creations, so the maximum holds.
    await tx
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.id, admin.organisationId))
      .for('update');
    const [live] = await tx
      .select({ count: count() })
      .from(scimTokens)
      .where(and(eq(scimTokens.organisationId, admin.organisationId), isNull(scimTokens.revokedAt)));
    if ((live?.count ?? 0) >= SCIM_TOKENS_MAX) throw conflict(SSO_MESSAGES.scimTokensMax(SCIM_TOKENS_MAX));
    const [created] = await tx
      .insert(scimTokens)
      .values({ organisationId: admin.organisationId, name, tokenHash: sha256(token), createdBy: admin.id })
      .returning({ id: scimTokens.id });
    await recordSecurityEvent(tx, ctx.log, origin, {
      kind: 'scim_token_created',
      userId: null,
      actorId: admin.id,
      organisationId: admin.organisationId,
      detail: { scim_token: name },
    });
    return created!.id;
  });
  const [scimToken] = await readTokens(ctx.db, admin.organisationId, id);
  return { detail: SSO_MESSAGES.scimTokenCreated, token, scim_token: scimToken!, base_url: scimBaseUrl(ctx) };
}

export async function revokeScimToken(
  ctx: AppContext,
  admin: Actor,
  id: number,
  origin: RequestOrigin,
): Promise<{ detail: string }> {
  await ctx.db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(scimTokens)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(scimTokens.id, id),
          eq(scimTokens.organisationId, admin.organisationId),
          isNull(scimTokens.revokedAt),
        ),
      )
      .returning({ name: scimTokens.name });
    if (!revoked) throw notFound(SSO_MESSAGES.scimTokenNotFound);
    await recordSecurityEvent(tx, ctx.log, origin, {
      kind: 'scim_token_revoked',
      userId: null,
      actorId: admin.id,
      organisationId: admin.organisationId,
      detail: { scim_token: revoked.name },
    });
  });
  return { detail: SSO_MESSAGES.scimTokenRevoked };
}

/** The live token a provisioning call presents, noting its use; undefined for anything else. */
export async function scimCallerOf(db: Queryable, token: string): Promise<ScimCaller | undefined> {
  if (!token.startsWith(SCIM_TOKEN_PREFIX)) return undefined;
  const [row] = await db
    .select({ organisationId: scimTokens.organisationId, tokenId: scimTokens.id, tokenName: scimTokens.name })
    .from(scimTokens)
    .where(and(eq(scimTokens.tokenHash, sha256(token)), isNull(scimTokens.revokedAt)))
    .limit(1);
  if (!row) return undefined;
  await db
    .update(scimTokens)
    .set({ lastUsedAt: new Date() })
    .where(
      and(
        eq(scimTokens.id, row.tokenId),
        or(isNull(scimTokens.lastUsedAt), lt(scimTokens.lastUsedAt, sql`now() - ${LAST_USE_PRECISION}`)),
      ),
    );
  return row;
}
