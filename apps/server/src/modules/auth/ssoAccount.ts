/**
 * Which account a sign-in through the organisation's provider opens. An identity is (issuer,
 * subject): once linked it signs in its person, and only into the organisation whose provider it
 * is. A first sign-in links by a verified address at the organisation's domains (the member's own
 * account, unless it already has another subject of this issuer), else makes the account of an
 * invited address, else (join rule 'domain') a new member without roles. An address with an
 * account elsewhere is refused in words that reveal nothing.
 */
import { domainOf, SSO_MESSAGES, type SsoJoinRule } from '@keystone/contract';
import { and, eq } from 'drizzle-orm';
import { SsoRefusal } from '../../core/companySignIn';
import type { AppContext } from '../../core/context';
import { publish } from '../../core/events';
import { type RequestOrigin, recordSecurityEvent } from '../../core/securityEvents';
import { findUserByEmail, findUserById } from '../../core/userQueries';
import type { Queryable } from '../../db/client';
import { invites, userIdentities } from '../../db/schema';
import { adoptProvenAddress, hasIdentityOf, linkedUserId } from './identities';
import { acceptInvitation, joinOrganisation } from './joining';

export interface ProviderIdentity {
  organisationId: number;
  issuer: string;
  subject: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  joinRule: SsoJoinRule;
  domains: readonly string[];
}

const refuse = (detail: string, reason: string) => new SsoRefusal(403, detail, reason);

/** The organisation's open invitation of the address (another organisation's does not count). */
async function openInvitation(tx: Queryable, organisationId: number, email: string) {
  const [invite] = await tx
    .select({ id: invites.id })
    .from(invites)
    .where(
      and(
        eq(invites.organisationId, organisationId),
        eq(invites.email, email),
        eq(invites.isAccepted, false),
      ),
    )
    .for('update')
    .limit(1);
  return invite;
}

/** The account for a first sign-in of the identity (no link yet), made or found; refused otherwise. */
async function accountForNewIdentity(tx: Queryable, identity: ProviderIdentity): Promise<number> {
  const { organisationId, email } = identity;
  if (!identity.emailVerified || !email) throw refuse(SSO_MESSAGES.emailNotVerified, 'email_not_verified');
  if (!identity.domains.includes(domainOf(email))) {
    throw refuse(SSO_MESSAGES.emailOutsideDomains, 'email_outside_domains');
  }
  const existing = await findUserByEmail(tx, email);
  if (existing) {
    if (existing.organisationId !== organisationId || !existing.isActive) {
      throw refuse(SSO_MESSAGES.inviteNeeded, existing.isActive ? 'account_elsewhere' : 'deactivated');
    }
    if (await hasIdentityOf(tx, existing.id, identity.issuer)) {
      throw refuse(SSO_MESSAGES.identityLinkedElsewhere, 'other_subject_linked');
    }
    await adoptProvenAddress(tx, existing, identity);
    return existing.id;
  }
  const fields = { passwordHash: null, firstName: identity.firstName, lastName: identity.lastName };
  if (await openInvitation(tx, organisationId, email)) {
    await acceptInvitation(tx, organisationId, email);
    return joinOrganisation(tx, organisationId, email, fields);
  }
  // Anyone the provider vouches for at the domains may join (a placeholder of theirs becomes the account).
  if (identity.joinRule === 'domain') return joinOrganisation(tx, organisationId, email, fields);
  throw refuse(SSO_MESSAGES.inviteNeeded, 'invitation_needed');
}

/** The person the identity signs in, linking it on a first sign-in (on the security log). */
export async function resolveSsoAccount(
  ctx: AppContext,
  identity: ProviderIdentity,
  origin: RequestOrigin,
): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const linkedId = await linkedUserId(tx, identity);
    if (linkedId !== undefined) {
      const linked = await findUserById(tx, linkedId);
      if (!linked || linked.organisationId !== identity.organisationId) {
        throw refuse(SSO_MESSAGES.identityLinkedElsewhere, 'identity_of_another_organisation');
      }
      if (!linked.isActive) throw refuse(SSO_MESSAGES.inviteNeeded, 'deactivated');
      return linked.id;
    }
    const userId = await accountForNewIdentity(tx, identity);
    const [link] = await tx
      .insert(userIdentities)
      .values({ userId, issuer: identity.issuer, subject: identity.subject })
      .onConflictDoNothing()
      .returning({ id: userIdentities.id });
    // The same identity's other sign-in linked it a moment ago: this one starts again.
    if (!link) throw new SsoRefusal(400, SSO_MESSAGES.attemptExpired, 'concurrent_first_sign_in');
    await recordSecurityEvent(tx, ctx.log, origin, {
      kind: 'identity_linked',
      userId,
      method: 'sso',
      detail: { issuer: identity.issuer, subject: identity.subject },
    });
    // Someone new on a strategy now has a name there.
    await publish(tx, [{ kind: 'people' }]);
    return userId;
  });
}
