/** Invitations: the only way into the product (sign-up is invite-only). */
import { fullName, MESSAGES } from '@keystone/contract';
import { desc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { invites, users } from '../../db/schema';
import { inviteMail } from '../../mail/accountMails';
import { enqueueMail } from '../../mail/outbox';
import { findUserById } from '../users/queries';

export type InviteRow = typeof invites.$inferSelect;

export function presentInvite(invite: InviteRow) {
  return {
    id: invite.id,
    email: invite.email,
    invited_by: invite.invitedBy,
    is_accepted: invite.isAccepted,
    accepted_at: invite.acceptedAt?.toISOString() ?? null,
    created_at: invite.createdAt.toISOString(),
    last_sent_at: invite.lastSentAt.toISOString(),
  };
}

export async function listInvites(ctx: AppContext, organisationId: number) {
  const rows = await ctx.db
    .select()
    .from(invites)
    .where(eq(invites.organisationId, organisationId))
    .orderBy(desc(invites.createdAt), desc(invites.id));
  return rows.map(presentInvite);
}

export function signupLink(appUrl: string, email: string): string {
  return `${appUrl}/signup?email=${encodeURIComponent(email)}`;
}

/**
 * Invites each address that has neither an account nor an invite yet, in the inviter's
 * organisation, and queues the invitation mail. Returns which addresses were invited and
 * which were already known (never duplicated).
 */
export async function inviteEmails(
  ctx: AppContext,
  tx: Queryable,
  inviterId: number,
  emails: readonly string[],
): Promise<{ invited: string[]; skipped: string[] }> {
  const unique = [...new Set(emails.map((email) => email.trim().toLowerCase()))];
  const inviter = await findUserById(tx, inviterId);
  if (!inviter) throw new Error('inviter vanished');
  const known = new Set([
    ...(await tx.select({ email: users.email }).from(users).where(inArray(users.email, unique))).map(
      (r) => r.email,
    ),
    ...(await tx.select({ email: invites.email }).from(invites).where(inArray(invites.email, unique))).map(
      (r) => r.email,
    ),
  ]);
  const invited: string[] = [];
  const inviterName = fullName(inviter.firstName, inviter.lastName) ?? inviter.email;
  for (const email of unique) {
    if (known.has(email)) continue;
    const [created] = await tx
      .insert(invites)
      .values({ email, organisationId: inviter.organisationId, invitedBy: inviter.id })
      .onConflictDoNothing()
      .returning({ id: invites.id });
    if (!created) continue;
    await enqueueMail(tx, { to: email, ...inviteMail(inviterName, signupLink(ctx.config.appUrl, email)) });
    invited.push(email);
  }
  return { invited, skipped: unique.filter((email) => !invited.includes(email)) };
}

export async function createInvites(ctx: AppContext, inviterId: number, emails: readonly string[]) {
  const result = await ctx.db.transaction((tx) => inviteEmails(ctx, tx, inviterId, emails));
  if (result.invited.length > 0) ctx.mailQueued();
  return { detail: MESSAGES.invitesUpdated, ...result };
}
