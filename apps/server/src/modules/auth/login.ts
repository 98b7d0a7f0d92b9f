/** Log-in with e-mail and password, and the end every successful sign-in shares. */
import { type LoginResponse, MESSAGES, type SignInMethod } from '@keystone/contract';
import type { AppContext } from '../../context';
import { badRequest, tooManyRequests } from '../../http/errors';
import { verifyPassword } from '../../lib/passwords';
import { findUserByEmail } from '../users/queries';
import { accountOf, claimAttempt, clearAttempts, forgetOldAttempts } from './accountThrottle';
import { issueKey } from './keys';
import { type RequestOrigin, recordSecurityEvent } from './securityEvents';
import { isTrustedDevice } from './trustedDevices';

let logins = 0;
const FORGET_OLD_ATTEMPTS_EVERY = 500;

export async function login(
  ctx: AppContext,
  email: string,
  password: string,
  origin: RequestOrigin,
  deviceToken: string | null,
): Promise<LoginResponse> {
  const account = accountOf(email);
  if (!(await isTrustedDevice(ctx.db, deviceToken, account))) {
    const wait = await claimAttempt(ctx.db, account);
    if (wait > 0) {
      await recordSecurityEvent(ctx.db, ctx.log, origin, {
        kind: 'login_failed',
        userId: null,
        method: 'password',
        detail: { email: account, reason: 'back-off', wait_seconds: wait },
      });
      // The password is not even looked at: a guess made now tells nothing.
      throw tooManyRequests(MESSAGES.accountBackoff(wait), wait);
    }
  }
  logins += 1;
  if (logins % FORGET_OLD_ATTEMPTS_EVERY === 0) await forgetOldAttempts(ctx.db);

  const user = await findUserByEmail(ctx.db, account);
  const passwordMatches = await verifyPassword(user?.passwordHash, password);
  if (!user || !passwordMatches || !user.isActive || user.isPlaceholder) {
    await recordSecurityEvent(ctx.db, ctx.log, origin, {
      kind: 'login_failed',
      userId: user?.id ?? null,
      method: 'password',
      detail: { email: account },
    });
    throw badRequest(MESSAGES.wrongCredentials);
  }
  await clearAttempts(ctx.db, account);
  // Said only after the password matched, so it reveals nothing to someone guessing.
  if (!user.emailVerifiedAt) throw badRequest(MESSAGES.emailNotVerified);
  return completeLogin(ctx, user.id, 'password', origin);
}

/** The first factor passed: the session starts (every way of signing in ends here). */
export async function completeLogin(
  ctx: AppContext,
  userId: number,
  method: SignInMethod,
  origin: RequestOrigin,
): Promise<LoginResponse> {
  const key = await issueKey(ctx.db, userId, origin);
  await recordSecurityEvent(ctx.db, ctx.log, origin, { kind: 'login_succeeded', userId, method });
  return { user_id: userId, key };
}
