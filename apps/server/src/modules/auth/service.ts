/** Sign-up (invite-only), e-mail verification, login, logout and password reset. */
import {
  type LoginResponse,
  MESSAGES,
  type PasswordResetConfirmRequest,
  type RegistrationRequest,
} from '@keystone/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { invites, users } from '../../db/schema';
import { badRequest, forbidden } from '../../http/errors';
import { isUniqueViolation } from '../../lib/dbErrors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { passwordResetMail, verificationMail } from '../../mail/accountMails';
import { enqueueMail } from '../../mail/outbox';
import { publish } from '../../realtime/events';
import { findUserByEmail, lockUserByEmail } from '../users/queries';
import { issueKey, revokeAllKeys } from './keys';
import { consumeToken, issueToken, voidTokens } from './oneTimeTokens';

const ALREADY_REGISTERED = 'A user is already registered with this e-mail address.';

/** Creates the account of an invited person (or completes their placeholder) and mails the verification link. */
export async function register(ctx: AppContext, input: RegistrationRequest): Promise<void> {
  const passwordHash = await hashPassword(input.password1);
  try {
    await ctx.db.transaction(async (tx) => {
      const [invite] = await tx.select().from(invites).where(eq(invites.email, input.email)).limit(1);
      if (!invite) throw forbidden(MESSAGES.inviteOnly);
      const existing = await lockUserByEmail(tx, input.email);
      // A verified account is never taken over by a second sign-up (that would skip proving the mailbox).
      if (existing?.emailVerifiedAt) throw badRequest(ALREADY_REGISTERED, { email: [ALREADY_REGISTERED] });
      const fields = {
        passwordHash,
        firstName: input.first_name,
        lastName: input.last_name,
        isPlaceholder: false,
        updatedAt: new Date(),
      };
      const userId = existing
        ? (
            await tx.update(users).set(fields).where(eq(users.id, existing.id)).returning({ id: users.id })
          )[0]!.id
        : (
            await tx
              .insert(users)
              .values({ ...fields, email: input.email, organisationId: invite.organisationId })
              .returning({ id: users.id })
          )[0]!.id;
      if (!invite.isAccepted) {
        await tx
          .update(invites)
          .set({ isAccepted: true, acceptedAt: new Date() })
          .where(eq(invites.id, invite.id));
      }
      // An invited person already on a strategy now has a name there.
      await publish(tx, [{ kind: 'people' }]);
      await sendVerification(ctx, tx, userId, input.email, input.first_name);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(ALREADY_REGISTERED, { email: [ALREADY_REGISTERED] });
    throw error;
  }
  ctx.mailQueued();
}

async function sendVerification(
  ctx: AppContext,
  tx: Queryable,
  userId: number,
  email: string,
  firstName: string,
) {
  const token = await issueToken(tx, userId, 'verify_email');
  const link = `${ctx.config.appUrl}/api/auth/verify-email/${token}/`;
  await enqueueMail(tx, { to: email, ...verificationMail(firstName, link) });
}

/** True when the link was valid; the address counts as verified from then on. */
export async function verifyEmail(ctx: AppContext, token: string): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const userId = await consumeToken(tx, token, 'verify_email');
    if (userId === null) return false;
    await tx.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId));
    return true;
  });
}

export async function login(ctx: AppContext, email: string, password: string): Promise<LoginResponse> {
  const user = await findUserByEmail(ctx.db, email);
  const passwordMatches = await verifyPassword(user?.passwordHash, password);
  if (!user || !passwordMatches || !user.isActive || user.isPlaceholder) {
    throw badRequest(MESSAGES.wrongCredentials);
  }
  // Said only after the password matched, so it reveals nothing to someone guessing.
  if (!user.emailVerifiedAt) throw badRequest(MESSAGES.emailNotVerified);
  return { user_id: user.id, key: await issueKey(ctx.db, user.id) };
}

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
): Promise<void> {
  const userId = decodeUid(uid);
  if (userId === null) throw badRequest(MESSAGES.resetLinkInvalid);
  const passwordHash = await hashPassword(input.new_password1);
  await ctx.db.transaction(async (tx) => {
    const tokenUser = await consumeToken(tx, token, 'reset_password', userId);
    if (tokenUser === null) throw badRequest(MESSAGES.resetLinkInvalid);
    const [user] = await tx
      .select({ verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, userId));
    await tx
      .update(users)
      // Following the mailed link proves the mailbox, so it also verifies the address.
      .set({ passwordHash, updatedAt: new Date(), emailVerifiedAt: user?.verifiedAt ?? new Date() })
      .where(eq(users.id, userId));
    await voidTokens(tx, userId, 'reset_password');
    await revokeAllKeys(tx, userId);
  });
}
