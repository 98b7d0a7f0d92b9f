/** Log-in with e-mail and password, and completeLogin, where every first factor ends. */
import { type LoginOrMfaResponse, MESSAGES } from '@keystone/contract';
import { accountOf, claimAttempt, forgetOldAttempts, releaseAttempt } from '../../core/accountThrottle';
import { ssoRequiredRefusal } from '../../core/companySignIn';
import type { AppContext } from '../../core/context';
import { badRequest, type HttpError, tooManyRequests } from '../../core/errors';
import { isMfaEnabled } from '../../core/secondFactor';
import { type RequestOrigin, recordSecurityEvent } from '../../core/securityEvents';
import { type FirstFactor, startSession } from '../../core/sessionStart';
import { findUserByEmail } from '../../core/userQueries';
import { verifyPassword } from '../../lib/passwords';
import { startMfaChallenge } from './mfaChallenges';
import { pendingSignupPasswordMatches } from './signup';
import { isTrustedDevice } from './trustedDevices';

let logins = 0;
const FORGET_OLD_ATTEMPTS_EVERY = 500;

export async function login(
  ctx: AppContext,
  email: string,
  password: string,
  origin: RequestOrigin,
  deviceToken: string | null,
): Promise<LoginOrMfaResponse> {
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
    // Signed up but not verified yet: said only when the sign-up's own password was given.
    if (await pendingSignupPasswordMatches(ctx.db, account, password)) {
      throw badRequest(MESSAGES.emailNotVerified);
    }
    throw badRequest(MESSAGES.wrongCredentials);
  }
  await releaseAttempt(ctx.db, account);
  // Said only after the password matched, so it reveals nothing to someone guessing.
  if (!user.emailVerifiedAt) throw badRequest(MESSAGES.emailNotVerified);
  await refuseWhenSsoRequired(ctx, user.id, 'password', origin);
  return completeLogin(ctx, user.id, 'password', origin);
}

/**
 * A password or Google sign-in of a member whose organisation requires single sign-on is refused
 * (403 `sso_required`, on the security log) once its first factor passed; break-glass
 * administrators go on to their second factor.
 */
export async function refuseWhenSsoRequired(
  ctx: AppContext,
  userId: number,
  method: Exclude<FirstFactor, 'sso'>,
  origin: RequestOrigin,
): Promise<void> {
  const refusal = await ssoRequiredRefusal(ctx.db, userId);
  if (refusal) await refuseForSso(ctx, userId, method, origin, refusal);
}

/** Puts the refused sign-in on the security log and answers the refusal. */
export async function refuseForSso(
  ctx: AppContext,
  userId: number,
  method: Exclude<FirstFactor, 'sso'>,
  origin: RequestOrigin,
  refusal: HttpError,
): Promise<never> {
  await recordSecurityEvent(ctx.db, ctx.log, origin, {
    kind: 'login_failed',
    userId,
    method,
    detail: { reason: 'sso_required' },
  });
  throw refusal;
}

/**
 * The first factor passed (every way of signing in ends here): with two-factor on, the answer
 * asks for a code (no key yet), unless the organisation's provider already asked for a second
 * factor (`providerSecondFactor`, read from its `amr`/`acr`); otherwise the session starts.
 */
export async function completeLogin(
  ctx: AppContext,
  userId: number,
  method: FirstFactor,
  origin: RequestOrigin,
  options: { providerSecondFactor?: boolean } = {},
): Promise<LoginOrMfaResponse> {
  const providerSecondFactor = options.providerSecondFactor === true;
  if (!providerSecondFactor && (await isMfaEnabled(ctx.db, userId))) {
    return { mfa_required: true, mfa_token: await startMfaChallenge(ctx.db, userId, method) };
  }
  return startSession(
    ctx,
    userId,
    { method, firstFactor: method, secondFactor: providerSecondFactor },
    origin,
  );
}
