/**
 * `Authorization: Token {key}` → request.user, or 403 exactly as DESIGN §3 says. A personal
 * access token (`Token` or `Bearer kst_pat_…`) resolves to its person too, under the token's
 * rules (accessTokenRules below).
 */
import {
  ACCESS_TOKEN_CALLS_PER_MINUTE,
  ACCESS_TOKEN_MESSAGES,
  ACCESS_TOKEN_PREFIX,
  AUTH_CODES,
  type Endpoint,
  MESSAGES,
  ORGANISATION_MESSAGES,
} from '@keystone/contract';
import type { FastifyRequest } from 'fastify';
import {
  holderOfAccessToken,
  isAccessToken,
  noteAccessTokenUse,
  type RefusedToken,
} from '../core/accessTokens';
import type { SignedIn } from '../core/actor';
import type { AppContext } from '../core/context';
import { forbidden, HttpError, tooManyRequests } from '../core/errors';
import type { KeyGate } from '../core/keyGate';
import { userForKey } from '../core/keys';
import { secondFactorSetupRequired } from '../core/secondFactorPolicy';
import { originOf, recordSecurityEvent } from '../core/securityEvents';
import { sha256 } from '../lib/secrets';
import { countHit } from './rateLimitStore';

declare module 'fastify' {
  interface FastifyRequest {
    user: SignedIn | null;
  }
}

/**
 * The key from an Authorization header: null when absent, '' when malformed. `Bearer` is taken
 * for access tokens only (what scripts and API clients send by habit); sessions send `Token`.
 */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^(Token|Bearer)\s+(\S{1,200})\s*$/i.exec(header);
  if (!match) return '';
  const scheme = match[1] ?? '';
  const key = match[2] ?? '';
  return scheme.toLowerCase() === 'bearer' && !key.startsWith(ACCESS_TOKEN_PREFIX) ? '' : key;
}

/** What the token rules need of the endpoint called. */
type CalledEndpoint = Pick<Endpoint, 'method' | 'sessionOnly' | 'beforeSecondFactor'>;

const MINUTE_MS = 60_000;
/** A revoked or expired token presented goes on the security log once an hour, however often it is sent. */
const REFUSAL_LOGGED_EVERY_MS = 60 * MINUTE_MS;

/**
 * The `onRequest` hook of a call that needs a valid key: run before Fastify reads the body, so a
 * client without a valid key cannot hold a connection by sending its body slowly. A lookup that
 * fails (the database is down) is not an invalid key: the error goes on to the error handler,
 * which answers 503 (isDatabaseUnavailable), so no session is ended. With `gate`, a key found
 * valid moments ago passes without a lookup: only for a call that checks the key again itself
 * (the autosave, keyGate.ts). A key that must set up a second factor first passes only calls
 * marked `beforeSecondFactor`; it never enters the gate.
 */
export function authenticate(ctx: AppContext, endpoint: CalledEndpoint, gate?: KeyGate) {
  return async (request: FastifyRequest): Promise<void> => {
    const key = tokenFromHeader(request.headers.authorization);
    if (key === null) throw forbidden(MESSAGES.credentialsMissing);
    if (isAccessToken(key)) {
      request.user = await accessTokenUser(ctx, request, key, endpoint);
      return;
    }
    const known = key && gate ? gate.admit(sha256(key)) : undefined;
    if (known) {
      request.user = known;
      return;
    }
    const user = key ? await userForKey(ctx.db, key) : null;
    if (!user) throw forbidden(MESSAGES.invalidToken);
    if (user.secondFactorPending && !endpoint.beforeSecondFactor) throw secondFactorSetupRequired();
    gate?.remember(user);
    request.user = user;
  };
}

/**
 * A personal access token's person, under the token's rules on every endpoint: live (not
 * revoked, not expired, its person active), counted per token across instances
 * (ACCESS_TOKEN_CALLS_PER_MINUTE), never an account-security call (`sessionOnly`), and only GETs
 * for a `read` token. It never enters the key gate, and the socket never takes it
 * (realtime.ts looks up session keys only).
 */
async function accessTokenUser(
  ctx: AppContext,
  request: FastifyRequest,
  token: string,
  endpoint: CalledEndpoint,
): Promise<SignedIn> {
  const now = new Date();
  const found = await holderOfAccessToken(ctx.db, token, now);
  if ('refused' in found) {
    await logRefusal(ctx, request, found);
    throw tokenRefusal(found);
  }
  const { holder, noteUse } = found;
  const counted = await countHit(ctx.db, `access-token:${holder.accessToken.id}`, MINUTE_MS);
  if (counted.current > ACCESS_TOKEN_CALLS_PER_MINUTE) {
    throw tooManyRequests(ACCESS_TOKEN_MESSAGES.tooManyCalls, Math.max(1, Math.ceil(counted.ttl / 1000)));
  }
  if (endpoint.sessionOnly) throw forbidden(ACCESS_TOKEN_MESSAGES.sessionOnly);
  if (holder.accessToken.scope === 'read' && endpoint.method !== 'GET') {
    throw forbidden(ACCESS_TOKEN_MESSAGES.readOnly);
  }
  if (noteUse) await noteAccessTokenUse(ctx.db, ctx.log, holder, originOf(request), now);
  return holder;
}

/** The 403 a refused token gets; the sign-in rules' refusals carry the codes sessions get. */
function tokenRefusal(refusal: RefusedToken): HttpError {
  switch (refusal.refused) {
    case 'expired':
      return forbidden(ACCESS_TOKEN_MESSAGES.expired);
    case 'sso_required':
      return new HttpError(403, ACCESS_TOKEN_MESSAGES.ssoRequired, undefined, {
        code: AUTH_CODES.ssoRequired,
      });
    case 'second_factor_required':
      return new HttpError(403, ACCESS_TOKEN_MESSAGES.secondFactorRequired, undefined, {
        code: AUTH_CODES.secondFactorSetupRequired,
      });
    default:
      return forbidden(MESSAGES.invalidToken);
  }
}

/** A refused token that is known (expired, revoked, held back) presented: on the security log, once an hour per token. */
async function logRefusal(ctx: AppContext, request: FastifyRequest, refusal: RefusedToken): Promise<void> {
  if (refusal.tokenId === undefined || refusal.refused === 'unknown') return;
  const counted = await countHit(ctx.db, `access-token-refused:${refusal.tokenId}`, REFUSAL_LOGGED_EVERY_MS);
  if (counted.current > 1) return;
  await recordSecurityEvent(ctx.db, ctx.log, originOf(request), {
    kind: 'access_token_refused',
    userId: refusal.userId ?? null,
    detail: { access_token_id: refusal.tokenId, reason: refusal.refused },
  });
}

/**
 * The `preHandler` hook of an administrators' call: the role is checked once the key is (route()'s
 * onRequest) and before route() parses the input, so anyone else is refused with 403 whatever
 * they send.
 */
export async function administratorsOnly(request: FastifyRequest): Promise<void> {
  if (!request.user) throw forbidden(MESSAGES.credentialsMissing);
  if (!request.user.isAdmin) throw forbidden(ORGANISATION_MESSAGES.adminsOnly);
}
