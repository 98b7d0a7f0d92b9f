/**
 * Two-factor authentication settings: turning TOTP on (set-up, then confirm with a code, which
 * hands out the recovery codes once) and off. The login's second step is auth/mfaLogin.ts.
 */
import { MFA_MESSAGES, type MfaStatus, type RecoveryCodes } from '@keystone/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Actor } from '../../core/actor';
import type { AppContext } from '../../core/context';
import { badRequest, conflict } from '../../core/errors';
import { deleteRecoveryCodes, recoveryCodesLeft, replaceRecoveryCodes } from '../../core/recoveryCodes';
import { secretPurpose } from '../../core/sealedSecrets';
import { isMfaEnabled, totpSecretOf, useSecondFactor, wrongCode } from '../../core/secondFactor';
import { clearSecondFactorPending, secondFactorKept } from '../../core/secondFactorPolicy';
import { type RequestOrigin, recordSecurityEvent } from '../../core/securityEvents';
import { findUserById } from '../../core/userQueries';
import { mfaChallenges, userTotp } from '../../db/schema';
import { verifyPassword } from '../../lib/passwords';
import { newTotpSecret, type TotpEnrolment, totpEnrolment, totpStep } from '../../lib/totp';

export async function mfaStatus(ctx: AppContext, userId: number): Promise<MfaStatus> {
  const enabled = await isMfaEnabled(ctx.db, userId);
  return { enabled, recovery_codes_left: enabled ? await recoveryCodesLeft(ctx.db, userId) : 0 };
}

/** A new unconfirmed secret (replacing an unconfirmed one); two-factor stays off until confirmed. */
export async function setupTotp(ctx: AppContext, user: Actor): Promise<TotpEnrolment> {
  if (await isMfaEnabled(ctx.db, user.id)) throw conflict(MFA_MESSAGES.alreadyEnabled);
  const secret = newTotpSecret();
  // Only sealed: a copy of the database alone cannot make anyone's codes.
  const sealed = ctx.secrets.seal(secret, secretPurpose.totp(user.id));
  const stored = await ctx.db
    .insert(userTotp)
    .values({ userId: user.id, secret: sealed })
    .onConflictDoUpdate({
      target: userTotp.userId,
      set: { secret: sealed, lastUsedStep: 0, createdAt: new Date() },
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
  const step = totpStep(totpSecretOf(ctx.secrets, totp), code);
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
    // A session the organisation held back until this was on may now do everything.
    await clearSecondFactorPending(tx, user.id);
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
  // Said before the password and code are asked for: neither would change the answer.
  const kept = await secondFactorKept(ctx.db, user.id);
  if (kept) throw conflict(kept);
  const row = await findUserById(ctx.db, user.id);
  if (row?.passwordHash) {
    if (!input.password) {
      throw badRequest(MFA_MESSAGES.passwordRequired, { password: [MFA_MESSAGES.passwordRequired] });
    }
    if (!(await verifyPassword(row.passwordHash, input.password))) {
      throw badRequest(MFA_MESSAGES.wrongPassword, { password: [MFA_MESSAGES.wrongPassword] });
    }
  }
  const factor = await useSecondFactor(ctx.db, ctx.secrets, user.id, input.code);
  if (!factor) throw wrongCode();
  await ctx.db.transaction(async (tx) => {
    await tx.delete(userTotp).where(eq(userTotp.userId, user.id));
    await deleteRecoveryCodes(tx, user.id);
    await tx.delete(mfaChallenges).where(eq(mfaChallenges.userId, user.id));
    await recordSecurityEvent(tx, ctx.log, origin, { kind: 'mfa_disabled', userId: user.id, method: factor });
  });
}
