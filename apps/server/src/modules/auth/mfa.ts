/**
 * Two-factor authentication: turning TOTP on (set-up, then confirm with a code, which hands out the
 * recovery codes once) and off, and the second step of a login with two-factor on.
 */
import {
  isTotpCode,
  type LoginResponse,
  MESSAGES,
  MFA_MESSAGES,
  type MfaStatus,
  type RecoveryCodes,
  type SignInMethod,
} from '@keystone/contract';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { accountOf, claimAttempt } from '../../core/accountThrottle';
import type { Actor } from '../../core/actor';
import type { AppContext } from '../../core/context';
import { badRequest, conflict, tooManyRequests } from '../../core/errors';
import { type RequestOrigin, recordSecurityEvent } from '../../core/securityEvents';
import { startSession } from '../../core/sessionStart';
import { findUserById } from '../../core/userQueries';
import type { Queryable } from '../../db/client';
import { mfaChallenges, userTotp } from '../../db/schema';
import { verifyPassword } from '../../lib/passwords';
import { sha256 } from '../../lib/secrets';
import { isMfaEnabled, MFA_MAX_WRONG_CODES } from './mfaChallenges';
import {
  deleteRecoveryCodes,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  useRecoveryCode,
} from './recoveryCodes';
import { newTotpSecret, type TotpEnrolment, totpEnrolment, totpStep } from './totp';
import { isTrustedDevice } from './trustedDevices';

type SecondFactor = Extract<SignInMethod, 'totp' | 'recovery_code'>;

const wrongCode = () => badRequest(MFA_MESSAGES.codeInvalid, { code: [MFA_MESSAGES.codeInvalid] });

/**
 * Accepts a TOTP code (once per time step: the step is stored and steps at or before it are
 * refused) or an unused recovery code (then used up). Null when the code is not valid.
 */
async function useSecondFactor(db: Queryable, userId: number, code: string): Promise<SecondFactor | null> {
  if (!isTotpCode(code)) return (await useRecoveryCode(db, userId, code)) ? 'recovery_code' : null;
  const [totp] = await db.select().from(userTotp).where(eq(userTotp.userId, userId)).limit(1);
  if (!totp?.confirmedAt) return null;
  const step = totpStep(totp.secret, code);
  if (step === null) return null;
  const accepted = await db
    .update(userTotp)
    .set({ lastUsedStep: step })
    .where(and(eq(userTotp.userId, userId), lt(userTotp.lastUsedStep, step)))
    .returning({ userId: userTotp.userId });
  return accepted.length === 1 ? 'totp' : null;
}

export async function mfaStatus(ctx: AppContext, userId: number): Promise<MfaStatus> {
  const enabled = await isMfaEnabled(ctx.db, userId);
  return { enabled, recovery_codes_left: enabled ? await recoveryCodesLeft(ctx.db, userId) : 0 };
}

/** A new unconfirmed secret (replacing an unconfirmed one); two-factor stays off until confirmed. */
export async function setupTotp(ctx: AppContext, user: Actor): Promise<TotpEnrolment> {
  if (await isMfaEnabled(ctx.db, user.id)) throw conflict(MFA_MESSAGES.alreadyEnabled);
  const secret = newTotpSecret();
  const stored = await ctx.db
    .insert(userTotp)
    .values({ userId: user.id, secret })
    .onConflictDoUpdate({
      target: userTotp.userId,
      set: { secret, lastUsedStep: 0, createdAt: new Date() },
      // A confirmed secret is never replaced, even by a request racing the confirmation.
      setWhere: isNull(userTotp.confirmedAt),
    })
    .returning({ userId: userTotp.userId });
  if (stored.length === 0) throw conflict(MFA_MESSAGES.alreadyEnabled);
  return totpEnrolment(secret, user.email);
}

/** A valid code from the new secret turns two-factor on; answers the recovery codes, once. */
export async function confirmTotp(
  ctx: AppContext,
  user: Actor,
  code: string,
  origin: RequestOrigin,
): Promise<RecoveryCodes> {
  const [totp] = await ctx.db.select().from(userTotp).where(eq(userTotp.userId, user.id)).limit(1);
  if (!totp) throw badRequest(MFA_MESSAGES.setupFirst);
  if (totp.confirmedAt) throw conflict(MFA_MESSAGES.alreadyEnabled);
  const step = totpStep(totp.secret, code);
  if (step === null) throw wrongCode();
  return ctx.db.transaction(async (tx) => {
    const confirmed = await tx
      .update(userTotp)
      .set({ confirmedAt: new Date(), lastUsedStep: step })
      .where(
        and(eq(userTotp.userId, user.id), eq(userTotp.secret, totp.secret), isNull(userTotp.confirmedAt)),
      )
      .returning({ userId: userTotp.userId });
    // Another set-up replaced the secret, or another confirmation won: this code no longer counts.
    if (confirmed.length === 0) throw conflict(MFA_MESSAGES.alreadyEnabled);
    const recoveryCodes = await replaceRecoveryCodes(tx, user.id);
    await recordSecurityEvent(tx, ctx.log, origin, { kind: 'mfa_enabled', userId: user.id, method: 'totp' });
    return { recovery_codes: recoveryCodes };
  });
}

/** Turning two-factor off needs the password (when the account has one) and a valid code. */
export async function disableMfa(
  ctx: AppContext,
  user: Actor,
  input: { password?: string | undefined; code: string },
  origin: RequestOrigin,
): Promise<void> {
  if (!(await isMfaEnabled(ctx.db, user.id))) throw conflict(MFA_MESSAGES.notEnabled);
  const row = await findUserById(ctx.db, user.id);
  if (row?.passwordHash) {
    if (!input.password) {
      throw badRequest(MFA_MESSAGES.passwordRequired, { password: [MFA_MESSAGES.passwordRequired] });
    }
    if (!(await verifyPassword(row.passwordHash, input.password))) {
      throw badRequest(MFA_MESSAGES.wrongPassword, { password: [MFA_MESSAGES.wrongPassword] });
    }
  }
  const factor = await useSecondFactor(ctx.db, user.id, input.code);
  if (!factor) throw wrongCode();
  await ctx.db.transaction(async (tx) => {
    await tx.delete(userTotp).where(eq(userTotp.userId, user.id));
    await deleteRecoveryCodes(tx, user.id);
    await tx.delete(mfaChallenges).where(eq(mfaChallenges.userId, user.id));
    await recordSecurityEvent(tx, ctx.log, origin, { kind: 'mfa_disabled', userId: user.id, method: factor });
  });
}

type ChallengeOutcome =
  | { kind: 'invalid' }
  | { kind: 'waiting'; seconds: number }
  | { kind: 'wrong'; userId: number; firstFactor: string }
  | { kind: 'passed'; userId: number; firstFactor: string; factor: SecondFactor };

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
    const factor = await useSecondFactor(tx, user.id, input.code);
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
  if (outcome.kind === 'wrong') {
    await recordSecurityEvent(ctx.db, ctx.log, origin, {
      kind: 'login_failed',
      userId: outcome.userId,
      method: isTotpCode(input.code) ? 'totp' : 'recovery_code',
      detail: { first_factor: outcome.firstFactor },
    });
    throw wrongCode();
  }
  return startSession(ctx, outcome.userId, outcome.factor, origin, { first_factor: outcome.firstFactor });
}
