/**
 * The second factor as both the login's second step (auth/) and the two-factor settings (mfa/)
 * check it: whether it is on, and whether a code is valid (used up once accepted).
 */
import { isTotpCode, MFA_MESSAGES, type SignInMethod } from '@keystone/contract';
import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { userTotp } from '../db/schema';
import type { SecretBox } from '../lib/encryption';
import { totpStep } from '../lib/totp';
import { badRequest } from './errors';
import { useRecoveryCode } from './recoveryCodes';
import { secretPurpose } from './sealedSecrets';

/**
 * Whether the person of a query's `users` row has two-factor (TOTP) on, inside that query.
 * Written with table names: drizzle leaves a one-table select's columns unqualified, which inside
 * a subquery would name the subquery's own table.
 */
export const hasConfirmedTotp = sql<boolean>`exists (select 1 from user_totp t
  where t.user_id = "users"."id" and t.confirmed_at is not null)`;

/** Two-factor is on once its TOTP secret is confirmed. */
export async function isMfaEnabled(db: Queryable, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: userTotp.userId })
    .from(userTotp)
    .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.confirmedAt)))
    .limit(1);
  return row !== undefined;
}

export type SecondFactor = Extract<SignInMethod, 'totp' | 'recovery_code'>;

export const wrongCode = () => badRequest(MFA_MESSAGES.codeInvalid, { code: [MFA_MESSAGES.codeInvalid] });

/** The secret of a user_totp row, opened (it is stored sealed: core/sealedSecrets.ts). */
export function totpSecretOf(secrets: SecretBox, row: { userId: number; secret: string }): string {
  return secrets.open(row.secret, secretPurpose.totp(row.userId));
}

/**
 * Accepts a TOTP code (once per time step: the step is stored and steps at or before it are
 * refused) or an unused recovery code (then used up). Null when the code is not valid.
 */
export async function useSecondFactor(
  db: Queryable,
  secrets: SecretBox,
  userId: number,
  code: string,
): Promise<SecondFactor | null> {
  if (!isTotpCode(code)) return (await useRecoveryCode(db, userId, code)) ? 'recovery_code' : null;
  const [totp] = await db.select().from(userTotp).where(eq(userTotp.userId, userId)).limit(1);
  if (!totp?.confirmedAt) return null;
  const step = totpStep(totpSecretOf(secrets, totp), code);
  if (step === null) return null;
  const accepted = await db
    .update(userTotp)
    .set({ lastUsedStep: step })
    .where(and(eq(userTotp.userId, userId), lt(userTotp.lastUsedStep, step)))
    .returning({ userId: userTotp.userId });
  return accepted.length === 1 ? 'totp' : null;
}
