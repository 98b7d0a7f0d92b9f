/** The second step of a login with two-factor on (the settings are modules/mfa/). */
import { isTotpCode, type LoginResponse, MESSAGES, MFA_MESSAGES } from '@keystone/contract';
import { eq, sql } from 'drizzle-orm';
import { accountOf, claimAttempt } from '../../core/accountThrottle';
import { ssoRequiredRefusal } from '../../core/companySignIn';
import type { AppContext } from '../../core/context';
import { badRequest, type HttpError, tooManyRequests } from '../../core/errors';
import { type SecondFactor, useSecondFactor, wrongCode } from '../../core/secondFactor';
import { type RequestOrigin, recordSecurityEvent } from '../../core/securityEvents';
import { type FirstFactor, startSession } from '../../core/sessionStart';
import { findUserById } from '../../core/userQueries';
import { mfaChallenges } from '../../db/schema';
import { sha256 } from '../../lib/secrets';
import { refuseForSso } from './login';
import { MFA_MAX_WRONG_CODES } from './mfaChallenges';
import { isTrustedDevice } from './trustedDevices';

type ChallengeOutcome =
  | { kind: 'invalid' }
  | { kind: 'waiting'; seconds: number }
  | { kind: 'wrong'; userId: number; firstFactor: FirstFactor }
  | { kind: 'ssoRequired'; userId: number; firstFactor: Exclude<FirstFactor, 'sso'>; refusal: HttpError }
  | { kind: 'passed'; userId: number; firstFactor: FirstFactor; factor: SecondFactor };

/**
 * The second step of a login: the challenge token and a TOTP or recovery code. The challenge row
 * is locked while the code is checked, so one token passes once and its wrong codes all count.
 */
export async function loginWithMfa(
  ctx: AppContext,
  input: { mfa_token: string; code: string },
  origin: RequestOrigin,
  deviceToken: string | null,
): Promise<LoginResponse> {
  const outcome = await ctx.db.transaction(async (tx): Promise<ChallengeOutcome> => {
    const [challenge] = await tx
      .select()
      .from(mfaChallenges)
      .where(eq(mfaChallenges.tokenHash, sha256(input.mfa_token)))
      .for('update');
    if (
      !challenge ||
      challenge.usedAt ||
      challenge.expiresAt.getTime() <= Date.now() ||
      challenge.failedAttempts >= MFA_MAX_WRONG_CODES
    ) {
      return { kind: 'invalid' };
    }
    const user = await findUserById(tx, challenge.userId);
    if (!user?.isActive) return { kind: 'invalid' };
    // Wrong codes count on the account like wrong passwords (docs/SECURITY.md).
    if (!(await isTrustedDevice(tx, deviceToken, user.email))) {
      const wait = await claimAttempt(tx, accountOf(user.email));
      if (wait > 0) return { kind: 'waiting', seconds: wait };
    }
    // Single sign-on may have become required since the first factor: refused before a code
    // (a recovery code is used up) is spent on a session that may not start.
    if (challenge.method !== 'sso') {
      const refusal = await ssoRequiredRefusal(tx, user.id);
      if (refusal) return { kind: 'ssoRequired', userId: user.id, firstFactor: challenge.method, refusal };
    }
    const factor = await useSecondFactor(tx, ctx.secrets, user.id, input.code);
    if (!factor) {
      await tx
        .update(mfaChallenges)
        .set({ failedAttempts: sql`${mfaChallenges.failedAttempts} + 1` })
        .where(eq(mfaChallenges.id, challenge.id));
      return { kind: 'wrong', userId: user.id, firstFactor: challenge.method };
    }
    await tx.update(mfaChallenges).set({ usedAt: new Date() }).where(eq(mfaChallenges.id, challenge.id));
    return { kind: 'passed', userId: user.id, firstFactor: challenge.method, factor };
  });

  if (outcome.kind === 'invalid') throw badRequest(MFA_MESSAGES.challengeInvalid);
  if (outcome.kind === 'waiting')
    throw tooManyRequests(MESSAGES.accountBackoff(outcome.seconds), outcome.seconds);
  if (outcome.kind === 'ssoRequired') {
    return refuseForSso(ctx, outcome.userId, outcome.firstFactor, origin, outcome.refusal);
  }
  if (outcome.kind === 'wrong') {
    await recordSecurityEvent(ctx.db, ctx.log, origin, {
      kind: 'login_failed',
      userId: outcome.userId,
      method: isTotpCode(input.code) ? 'totp' : 'recovery_code',
      detail: { first_factor: outcome.firstFactor },
    });
    throw wrongCode();
  }
  return startSession(
    ctx,
    outcome.userId,
    {
      method: outcome.factor,
      firstFactor: outcome.firstFactor,
      secondFactor: true,
      detail: { first_factor: outcome.firstFactor },
    },
    origin,
  );
}
