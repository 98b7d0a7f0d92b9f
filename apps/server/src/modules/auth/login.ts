/** Log-in with e-mail and password, and the end every successful sign-in shares. */
import { type LoginOrMfaResponse, type LoginResponse, MESSAGES, type SignInMethod } from '@keystone/contract';
import type { AppContext } from '../../context';
import { badRequest } from '../../http/errors';
import { verifyPassword } from '../../lib/passwords';
import { findUserByEmail } from '../users/queries';
import { issueKey } from './keys';
import { isMfaEnabled, startMfaChallenge } from './mfaChallenges';
import { type RequestOrigin, recordSecurityEvent } from './securityEvents';

export async function login(
  ctx: AppContext,
  email: string,
  password: string,
  origin: RequestOrigin,
): Promise<LoginOrMfaResponse> {
  const user = await findUserByEmail(ctx.db, email);
  const passwordMatches = await verifyPassword(user?.passwordHash, password);
  if (!user || !passwordMatches || !user.isActive || user.isPlaceholder) {
    await recordSecurityEvent(ctx.db, ctx.log, origin, {
      kind: 'login_failed',
      userId: user?.id ?? null,
      method: 'password',
      detail: { email: email.trim().toLowerCase().slice(0, 254) },
    });
    throw badRequest(MESSAGES.wrongCredentials);
  }
  // Said only after the password matched, so it reveals nothing to someone guessing.
  if (!user.emailVerifiedAt) throw badRequest(MESSAGES.emailNotVerified);
  return completeLogin(ctx, user.id, 'password', origin);
}

/**
 * The first factor passed (every way of signing in ends here): with two-factor on, the answer
 * asks for a code (no key yet); otherwise the session starts.
 */
export async function completeLogin(
  ctx: AppContext,
  userId: number,
  method: SignInMethod,
  origin: RequestOrigin,
): Promise<LoginOrMfaResponse> {
  if (await isMfaEnabled(ctx.db, userId)) {
    return { mfa_required: true, mfa_token: await startMfaChallenge(ctx.db, userId, method) };
  }
  return startSession(ctx, userId, method, origin);
}

/** Every factor passed: the key is issued and the sign-in recorded with the last factor's method. */
export async function startSession(
  ctx: AppContext,
  userId: number,
  method: SignInMethod,
  origin: RequestOrigin,
  detail?: Record<string, unknown>,
): Promise<LoginResponse> {
  const key = await issueKey(ctx.db, userId, origin);
  await recordSecurityEvent(ctx.db, ctx.log, origin, { kind: 'login_succeeded', userId, method, detail });
  return { user_id: userId, key };
}
