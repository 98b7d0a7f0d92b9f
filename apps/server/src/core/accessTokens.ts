/**
 * Personal access tokens as a way in (issue 32, DESIGN §12): the person a presented token acts
 * as, with the token's id and scope, and its use noted (last_used_at and the security log, at
 * most once an hour per token). Managing tokens is the accessTokens area's; deactivation revokes
 * them here (revokeAccessTokensOf), so reactivating a person does not revive them.
 */
import { ACCESS_TOKEN_PREFIX, fullName } from '@keystone/contract';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/client';
import { organisations, personalAccessTokens, users } from '../db/schema';
import { sha256 } from '../lib/secrets';
import type { SignedIn } from './actor';
import { hasConfirmedTotp } from './secondFactor';
import { policyCovers } from './secondFactorPolicy';
import { type RequestOrigin, recordSecurityEvent } from './securityEvents';
import { displayNameOf } from './userPresenters';

/** How often a token's use is written down: each call would turn every read into a write. */
const USE_NOTED_EVERY_MS = 60 * 60 * 1000;

export const isAccessToken = (key: string) => key.startsWith(ACCESS_TOKEN_PREFIX);

/** A token's person, as the call's `request.user`, with which token it came with. */
export type TokenHolder = SignedIn & Required<Pick<SignedIn, 'accessToken'>>;

/**
 * Why a presented token opens nothing: unknown (or its person deactivated), revoked, expired, or
 * held back by the organisation's sign-in rules: single sign-on required and the token made in a
 * session that did not begin with it, or two-factor required of a person who has none.
 */
export interface RefusedToken {
  refused: 'unknown' | 'revoked' | 'expired' | 'sso_required' | 'second_factor_required';
  /** The token and its person, when it is known. */
  tokenId?: number;
  userId?: number;
}

/** A live token's person, and whether its use is due to be noted (noteAccessTokenUse). */
export interface AdmittedToken {
  holder: TokenHolder;
  noteUse: boolean;
}

/**
 * The holder of a presented token, or why it is refused. A revoked or expired token presented is
 * put on the security log by the caller, which limits how often.
 */
export async function holderOfAccessToken(
  db: Queryable,
  token: string,
  now: Date,
): Promise<AdmittedToken | RefusedToken> {
  const tokenHash = sha256(token);
  const [row] = await db
    .select({
      tokenId: personalAccessTokens.id,
      scope: personalAccessTokens.scope,
      expiresAt: personalAccessTokens.expiresAt,
      revokedAt: personalAccessTokens.revokedAt,
      lastUsedAt: personalAccessTokens.lastUsedAt,
      id: users.id,
      organisationId: users.organisationId,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      isAdmin: users.isAdmin,
      isActive: users.isActive,
      madeWithSso: sql<boolean>`${personalAccessTokens.signInMethod} = 'sso'`,
      madeWithSecondFactor: personalAccessTokens.secondFactor,
      mfaPolicy: organisations.mfaRequired,
      ssoRequired: sql<boolean>`exists (select 1 from organisation_sso s
        where s.organisation_id = ${users.organisationId} and s.required)`,
      breakGlass: sql<boolean>`${users.breakGlass} and ${users.isAdmin}`,
      hasTotp: hasConfirmedTotp,
    })
    .from(personalAccessTokens)
    .innerJoin(users, eq(users.id, personalAccessTokens.userId))
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .where(eq(personalAccessTokens.tokenHash, tokenHash))
    .limit(1);
  if (!row?.isActive) return { refused: 'unknown' };
  const known = { tokenId: row.tokenId, userId: row.id };
  if (row.revokedAt) return { refused: 'revoked', ...known };
  if (row.expiresAt <= now) return { refused: 'expired', ...known };
  // As for a password session: only break-glass administrators (password plus code) are exempt.
  if (row.ssoRequired && !row.madeWithSso && !(row.breakGlass && row.hasTotp))
    return { refused: 'sso_required', ...known };
  // As for a session, whose sign-in either gave a second factor or finds the person has one now.
  if (policyCovers(row.mfaPolicy, row.isAdmin) && !row.hasTotp && !row.madeWithSecondFactor)
    return { refused: 'second_factor_required', ...known };
  const holder: TokenHolder = {
    id: row.id,
    organisationId: row.organisationId,
    email: row.email,
    displayName: displayNameOf(row),
    name: fullName(row.firstName, row.lastName) || null,
    isAdmin: row.isAdmin,
    keyHash: tokenHash,
    accessToken: { id: row.tokenId, scope: row.scope },
  };
  const noteUse = !row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= USE_NOTED_EVERY_MS;
  return { holder, noteUse };
}

/**
 * Notes a token's use when its last noted use is an hour old: last_used_at and the address,
 * with an `access_token_used` event, written by the one call that wins the conditional update.
 */
export async function noteAccessTokenUse(
  db: Queryable,
  log: FastifyBaseLogger,
  holder: TokenHolder,
  origin: RequestOrigin,
  now: Date,
): Promise<void> {
  const [noted] = await db
    .update(personalAccessTokens)
    .set({ lastUsedAt: now, lastUsedIp: origin.ip })
    .where(
      and(
        eq(personalAccessTokens.id, holder.accessToken.id),
        or(
          isNull(personalAccessTokens.lastUsedAt),
          lte(personalAccessTokens.lastUsedAt, new Date(now.getTime() - USE_NOTED_EVERY_MS)),
        ),
      ),
    )
    .returning({ name: personalAccessTokens.name });
  if (!noted) return;
  await recordSecurityEvent(db, log, origin, {
    kind: 'access_token_used',
    userId: holder.id,
    detail: { access_token: noted.name, access_token_id: holder.accessToken.id },
  });
}

/** A deactivated person's tokens end for good: reactivation does not bring them back. */
export async function revokeAccessTokensOf(db: Queryable, userId: number): Promise<void> {
  await db
    .update(personalAccessTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(personalAccessTokens.userId, userId), isNull(personalAccessTokens.revokedAt)));
}
