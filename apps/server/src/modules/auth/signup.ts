/** Sign-up (invite-only) and e-mail verification. */
import { MESSAGES, type RegistrationRequest } from '@keystone/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { invites, users } from '../../db/schema';
import { badRequest, forbidden } from '../../http/errors';
import { isUniqueViolation } from '../../lib/dbErrors';
import { hashPassword } from '../../lib/passwords';
import { verificationMail } from '../../mail/accountMails';
import { enqueueMail } from '../../mail/outbox';
import { publish } from '../../realtime/events';
import { lockUserByEmail } from '../users/queries';
import { consumeToken, issueToken } from './oneTimeTokens';

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
