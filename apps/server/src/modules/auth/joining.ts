/**
 * Joining an organisation through its invitation, shared by sign-up verification and Google
 * sign-in: which invitation a person uses, and how their account comes to be.
 */
import { ORGANISATION_MESSAGES } from '@keystone/contract';
import { and, eq, not } from 'drizzle-orm';
import { badRequest } from '../../core/errors';
import { findUserByEmail, lockOrganisationUser } from '../../core/userQueries';
import { recordMemberEvent } from '../../core/webhookEvents';
import type { Queryable } from '../../db/client';
import { invites, users } from '../../db/schema';
import { sha256 } from '../../lib/secrets';

export const ALREADY_REGISTERED = 'A user is already registered with this e-mail address.';

/**
 * The invitation a sign-up uses, locked (so concurrent sign-ups of one address queue up): the one
 * its link names, else the address's only pending invitation. An address invited by several
 * organisations must use a link, so nobody lands in an organisation they did not choose.
 */
export async function invitationFor(tx: Queryable, email: string, token: string | undefined) {
  if (token) {
    const [invite] = await tx
      .select()
      .from(invites)
      .where(eq(invites.tokenHash, sha256(token)))
      .for('update')
      .limit(1);
    if (!invite || invite.isAccepted) throw badRequest(ORGANISATION_MESSAGES.inviteLinkInvalid);
    if (invite.email !== email) {
      throw badRequest(ORGANISATION_MESSAGES.inviteLinkOtherAddress, {
        email: [ORGANISATION_MESSAGES.inviteLinkOtherAddress],
      });
    }
    return invite;
  }
  const pending = await tx
    .select()
    .from(invites)
    .where(and(eq(invites.email, email), eq(invites.isAccepted, false)))
    .for('update');
  if (pending.length > 1) throw badRequest(ORGANISATION_MESSAGES.inviteLinkNeeded);
  return pending[0];
}

/** Marks the organisation's invitation of the address accepted; undefined when it was revoked. */
export async function acceptInvitation(tx: Queryable, organisationId: number, email: string) {
  const [invite] = await tx
    .update(invites)
    .set({ isAccepted: true, acceptedAt: new Date() })
    .where(and(eq(invites.organisationId, organisationId), eq(invites.email, email)))
    .returning({ id: invites.id });
  return invite;
}

/** Whether anyone has signed up in the organisation yet. */
async function hasMembers(tx: Queryable, organisationId: number): Promise<boolean> {
  const [member] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organisationId, organisationId), not(users.isPlaceholder)))
    .limit(1);
  return member !== undefined;
}

/**
 * Makes the account of someone joining the organisation: its placeholder of the address (made
 * when a colleague put them on a strategy) becomes the account with its roles, else a new row.
 * The first member of an organisation (one the CLI made) becomes its administrator. An address with an account anywhere is refused: accounts are never taken over.
 */
export async function joinOrganisation(
  tx: Queryable,
  organisationId: number,
  email: string,
  fields: { passwordHash: string | null; firstName: string; lastName: string },
): Promise<number> {
  if (await findUserByEmail(tx, email)) throw badRequest(ALREADY_REGISTERED, { email: [ALREADY_REGISTERED] });
  const values = {
    ...fields,
    isPlaceholder: false,
    isActive: true,
    isAdmin: !(await hasMembers(tx, organisationId)),
    emailVerifiedAt: new Date(),
    updatedAt: new Date(),
  };
  const placeholder = await lockOrganisationUser(tx, organisationId, email);
  let id: number;
  if (placeholder) {
    await tx.update(users).set(values).where(eq(users.id, placeholder.id));
    id = placeholder.id;
  } else {
    const [created] = await tx
      .insert(users)
      .values({ ...values, email, organisationId })
      .returning({ id: users.id });
    id = created!.id;
  }
  await recordMemberEvent(tx, organisationId, 'member.joined', { id, ...fields });
  return id;
}
