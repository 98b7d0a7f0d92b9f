/**
 * A person's personal access tokens (issue 32): made with a name, a scope and an expiry, shown
 * once and stored as a SHA-256 only, at most ACCESS_TOKENS_PER_PERSON live ones, listed with
 * their last use, revocable at once by their person or an administrator of the organisation;
 * each creation and revocation on the security log. What a presented token opens is
 * core/accessTokens.ts.
 */
import {
  ACCESS_TOKEN_MESSAGES,
  ACCESS_TOKEN_PREFIX,
  ACCESS_TOKENS_PER_PERSON,
  type AccessToken,
  type CreateAccessTokenRequest,
  type CreateAccessTokenResponse,
  type OrganisationAccessToken,
} from '@keystone/contract';
import { and, count, desc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { Actor, SignedIn } from '../../core/actor';
import type { AppContext } from '../../core/context';
import { conflict, notFound } from '../../core/errors';
import { type RequestOrigin, recordSecurityEvent } from '../../core/securityEvents';
import { personColumns, presentUserSummary } from '../../core/userPresenters';
import type { Queryable } from '../../db/client';
import { authKeys, personalAccessTokens, users } from '../../db/schema';
import { randomSecret, sha256 } from '../../lib/secrets';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The characters of the token after its prefix that the hint keeps: enough to tell tokens apart. */
const HINT_CHARACTERS = 4;

const tokenColumns = {
  id: personalAccessTokens.id,
  name: personalAccessTokens.name,
  scope: personalAccessTokens.scope,
  hint: personalAccessTokens.hint,
  createdAt: personalAccessTokens.createdAt,
  expiresAt: personalAccessTokens.expiresAt,
  lastUsedAt: personalAccessTokens.lastUsedAt,
};

type TokenRow = Pick<typeof personalAccessTokens.$inferSelect, keyof typeof tokenColumns>;

function presentToken(row: TokenRow): AccessToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    hint: row.hint,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

const notRevoked = isNull(personalAccessTokens.revokedAt);
const live = () => and(notRevoked, gt(personalAccessTokens.expiresAt, new Date()));

/** My tokens not revoked: live ones first (an expired one stays listed, so I can see why a script stopped). */
export async function listMyTokens(db: Queryable, userId: number, id?: number): Promise<AccessToken[]> {
  const rows = await db
    .select(tokenColumns)
    .from(personalAccessTokens)
    .where(
      and(
        eq(personalAccessTokens.userId, userId),
        notRevoked,
        id === undefined ? undefined : eq(personalAccessTokens.id, id),
      ),
    )
    .orderBy(
      desc(sql`${personalAccessTokens.expiresAt} > now()`),
      desc(personalAccessTokens.createdAt),
      desc(personalAccessTokens.id),
    );
  return rows.map(presentToken);
}

/**
 * Makes a token in the signed-in session `user` (tokens cannot make tokens: the call is
 * session-only), keeping how that session began and whether it gave a second factor.
 */
export async function createToken(
  ctx: AppContext,
  user: SignedIn,
  input: CreateAccessTokenRequest,
  origin: RequestOrigin,
): Promise<CreateAccessTokenResponse> {
  const token = `${ACCESS_TOKEN_PREFIX}${randomSecret()}`;
  const id = await ctx.db.transaction(async (tx) => {
    // The person's row lock queues their concurrent creations, so the maximum holds.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const [session] = await tx
      .select({ method: authKeys.method, secondFactor: authKeys.secondFactor })
      .from(authKeys)
      .where(and(eq(authKeys.keyHash, user.keyHash), eq(authKeys.userId, user.id)))
      .limit(1);
    const [held] = await tx
      .select({ count: count() })
      .from(personalAccessTokens)
      .where(and(eq(personalAccessTokens.userId, user.id), live()));
    if ((held?.count ?? 0) >= ACCESS_TOKENS_PER_PERSON) throw conflict(ACCESS_TOKEN_MESSAGES.tooMany);
    const [created] = await tx
      .insert(personalAccessTokens)
      .values({
        userId: user.id,
        name: input.name,
        scope: input.scope,
        tokenHash: sha256(token),
        hint: token.slice(0, ACCESS_TOKEN_PREFIX.length + HINT_CHARACTERS),
        expiresAt: new Date(Date.now() + input.expires_in_days * DAY_MS),
        signInMethod: session?.method ?? null,
        secondFactor: session?.secondFactor ?? false,
      })
      .returning({ id: personalAccessTokens.id });
    await recordSecurityEvent(tx, ctx.log, origin, {
      kind: 'access_token_created',
      userId: user.id,
      detail: {
        access_token: input.name,
        access_token_id: created!.id,
        scope: input.scope,
        expires_in_days: input.expires_in_days,
      },
    });
    return created!.id;
  });
  const [accessToken] = await listMyTokens(ctx.db, user.id, id);
  return { detail: ACCESS_TOKEN_MESSAGES.created, token, access_token: accessToken! };
}

/**
 * Revokes a token that `whose` names (the person's own, or any of the organisation's for an
 * administrator); someone else's or another organisation's is not found.
 */
export async function revokeToken(
  ctx: AppContext,
  actor: Actor,
  id: number,
  whose: 'mine' | 'organisation',
  origin: RequestOrigin,
): Promise<{ detail: string }> {
  const owner: SQL =
    whose === 'mine'
      ? eq(personalAccessTokens.userId, actor.id)
      : sql`${personalAccessTokens.userId} in (select ${users.id} from ${users} where ${users.organisationId} = ${actor.organisationId})`;
  await ctx.db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(personalAccessTokens)
      .set({ revokedAt: new Date(), revokedBy: actor.id })
      .where(and(eq(personalAccessTokens.id, id), owner, notRevoked))
      .returning({ name: personalAccessTokens.name, userId: personalAccessTokens.userId });
    if (!revoked) throw notFound(ACCESS_TOKEN_MESSAGES.notFound);
    await recordSecurityEvent(tx, ctx.log, origin, {
      kind: 'access_token_revoked',
      userId: revoked.userId,
      ...(revoked.userId !== actor.id && { actorId: actor.id }),
      detail: { access_token: revoked.name, access_token_id: id },
    });
  });
  return { detail: ACCESS_TOKEN_MESSAGES.revoked };
}

/** The organisation's live tokens, newest first, with whose each one is (administrators). */
export async function organisationTokens(
  db: Queryable,
  organisationId: number,
): Promise<OrganisationAccessToken[]> {
  const rows = await db
    .select({ ...tokenColumns, owner: personColumns })
    .from(personalAccessTokens)
    .innerJoin(users, eq(users.id, personalAccessTokens.userId))
    .where(and(eq(users.organisationId, organisationId), live()))
    .orderBy(desc(personalAccessTokens.createdAt), desc(personalAccessTokens.id));
  return rows.map((row) => ({ ...presentToken(row), owner: presentUserSummary(row.owner) }));
}
