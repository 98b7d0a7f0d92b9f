/** Forgotten passwords: the reset mail and the new password from its link. */
import { MESSAGES, type PasswordResetConfirmRequest } from '@keystone/contract';
import { eq } from 'drizzle-orm';
import { refuseCommonPassword } from '../../core/commonPasswords';
import type { AppContext } from '../../core/context';
import { badRequest } from '../../core/errors';
import { revokeAllKeys } from '../../core/keys';
import { type RequestOrigin, recordSecurityEvent } from '../../core/securityEvents';
import { findUserByEmail } from '../../core/userQueries';
import { users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { passwordResetMail } from '../../mail/accountMails';
import { enqueueMail } from '../../mail/outbox';
import { queuePasswordNotice } from '../../mail/passwordNotice';
import { consumeToken, issueToken, voidTokens } from './oneTimeTokens';

/** Always succeeds from the caller's view, so it cannot be used to find out who has an account. */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user?.isActive || user.isPlaceholder) return;
  await ctx.db.transaction(async (tx) => {
    const token = await issueToken(tx, user.id, 'reset_password');
    const link = `${ctx.config.appUrl}/reset-password/${encodeUid(user.id)}/${token}`;
    await enqueueMail(tx, { to: user.email, ...passwordResetMail(user.firstName, link) });
  });
  ctx.mailQueued();
}

function encodeUid(userId: number): string {
  return Buffer.from(String(userId)).toString('base64url');
}

function decodeUid(uid: string): number | null {
  const decoded = Buffer.from(uid, 'base64url').toString('utf8');
  return /^[1-9][0-9]{0,9}$/.test(decoded) ? Number(decoded) : null;
}

export async function confirmPasswordReset(
  ctx: AppContext,
  uid: string,
  token: string,
  input: PasswordResetConfirmRequest,
  origin: RequestOrigin,
): Promise<void> {
  const userId = decodeUid(uid);
  if (userId === null) throw badRequest(MESSAGES.resetLinkInvalid);
  // Before the token is used up, so the user can pick another password with the same link.
  await refuseCommonPassword(input.new_password1, 'new_password1');
  const passwordHash = await hashPassword(input.new_password1);
  await ctx.db.transaction(async (tx) => {
    const tokenUser = await consumeToken(tx, token, 'reset_password', userId);
    if (tokenUser === null) throw badRequest(MESSAGES.resetLinkInvalid);
    const [user] = await tx
      .select({
        verifiedAt: users.emailVerifiedAt,
        email: users.email,
        firstName: users.firstName,
        isActive: users.isActive,
      })
      .from(users)
      .where(eq(users.id, userId));
    // Deactivation voids reset links; this also covers one issued while it was committing.
    if (!user?.isActive) throw badRequest(MESSAGES.resetLinkInvalid);
    await tx
      .update(users)
      // Following the mailed link proves the mailbox, so it also verifies the address.
      .set({ passwordHash, updatedAt: new Date(), emailVerifiedAt: user?.verifiedAt ?? new Date() })
      .where(eq(users.id, userId));
    await voidTokens(tx, userId, 'reset_password');
    await revokeAllKeys(tx, userId);
    await recordSecurityEvent(tx, ctx.log, origin, { kind: 'password_reset', userId });
    await queuePasswordNotice(ctx, tx, user, 'reset', origin);
  });
  ctx.mailQueued();
}
