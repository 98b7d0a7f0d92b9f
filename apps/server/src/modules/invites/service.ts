/**
 * Invitations: the only way into the product (sign-up is invite-only). Each belongs to one
 * organisation, which alone sees it; its mail's sign-up link carries a token naming it, so the
 * person joins the organisation that invited them. An address that already has an account (an
 * account belongs to one organisation) is not invited, and the inviter is told so, but never where
 * the account is; nothing tells an organisation whether an address is invited elsewhere.
 */
import {
  INVITE_MESSAGES,
  type InviteSkipReason,
  LIMITS,
  MESSAGES,
  ORGANISATION_MESSAGES,
} from '@keystone/contract';
import { and, desc, eq, gt, inArray, isNull, ne, not, notExists, or, sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor';
import type { AppContext } from '../../core/context';
import { conflict, forbidden, HttpError, notFound } from '../../core/errors';
import { publish } from '../../core/events';
import { type RequestOrigin, recordSecurityEvent } from '../../core/securityEvents';
import type { Queryable } from '../../db/client';
import { invites, organisations, pendingSignups, securityEvents, users } from '../../db/schema';
import { randomSecret, sha256 } from '../../lib/secrets';
import { inviteMail } from '../../mail/accountMails';
import { enqueueMail } from '../../mail/outbox';

export type InviteRow = typeof invites.$inferSelect;

/** Who sends invitations: a signed-in member of an organisation. */
export type Inviter = Pick<Actor, 'id' | 'organisationId' | 'isAdmin' | 'displayName'>;

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

/**
 * The organisation's invitations, but none pending for an address that has an account elsewhere
 * meanwhile (it can never be accepted: made before such addresses were refused, or signed up
 * through another organisation's link since).
 */
export async function listInvites(ctx: AppContext, organisationId: number) {
  const accountElsewhere = ctx.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.email, invites.email), not(users.isPlaceholder), ne(users.organisationId, organisationId)),
    );
  const rows = await ctx.db
    .select()
    .from(invites)
    .where(
      and(eq(invites.organisationId, organisationId), or(invites.isAccepted, notExists(accountElsewhere))),
    )
    .orderBy(desc(invites.createdAt), desc(invites.id));
  return rows.map(presentInvite);
}

/** The sign-up page for an invitation: the address filled in, the token naming the invitation. */
export function signupLink(appUrl: string, email: string, token: string): string {
  return `${appUrl}/signup?email=${encodeURIComponent(email)}&invite=${encodeURIComponent(token)}`;
}

/** A fresh link token for an invitation: the token to mail, and the hash to store. */
export function newInviteToken(): { token: string; tokenHash: string } {
  const token = randomSecret();
  return { token, tokenHash: sha256(token) };
}

/** What counts against the quotas: invitation mails, and refused attempts (each one tells whether an address has an account). */
const QUOTA_KINDS = ['invite_created', 'invite_resent', 'invite_refused'] as const;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Refuses (429) when `count` more invitations would pass the sender's or the organisation's
 * quota for the last 24 hours. The security log is the record of every invitation mail and refused
 * attempt, so it is also the counter. Callers hold the organisation's row lock, so concurrent requests count in turn.
 */
async function ensureQuota(ctx: AppContext, db: Queryable, inviter: Inviter, count: number): Promise<void> {
  const [sent] = await db
    .select({
      bySender: sql<number>`count(*) filter (where ${securityEvents.actorId} = ${inviter.id})::int`,
      byOrganisation: sql<number>`count(*)::int`,
    })
    .from(securityEvents)
    .where(
      and(
        eq(securityEvents.organisationId, inviter.organisationId),
        inArray(securityEvents.kind, [...QUOTA_KINDS]),
        gt(securityEvents.createdAt, new Date(ctx.clock.now().getTime() - DAY_MS)),
      ),
    );
  const retryAfter = 60 * 60;
  if ((sent?.bySender ?? 0) + count > LIMITS.invitesPerUserPerDay) {
    throw new HttpError(429, ORGANISATION_MESSAGES.inviteQuotaUser, undefined, { retry_after: retryAfter });
  }
  if ((sent?.byOrganisation ?? 0) + count > LIMITS.invitesPerOrganisationPerDay) {
    throw new HttpError(429, ORGANISATION_MESSAGES.inviteQuotaOrganisation, undefined, {
      retry_after: retryAfter,
    });
  }
}

/** Locks the inviter's organisation (serialising its invitations) and answers its settings. */
async function lockOrganisation(db: Queryable, organisationId: number) {
  const [organisation] = await db
    .select()
    .from(organisations)
    .where(eq(organisations.id, organisationId))
    .for('update');
  if (!organisation) throw notFound();
  return organisation;
}

/** Of these addresses, those with a signed-up account in another organisation than this one. */
async function addressesWithAccountsElsewhere(
  db: Queryable,
  organisationId: number,
  emails: readonly string[],
): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        inArray(users.email, [...emails]),
        not(users.isPlaceholder),
        ne(users.organisationId, organisationId),
      ),
    );
  return new Set(rows.map((row) => row.email));
}

/** Whether the inviter may send `count` more invitations now: their right, and the quotas. */
async function ensureMayInvite(
  ctx: AppContext,
  tx: Queryable,
  inviter: Inviter,
  organisation: { onlyAdminsInvite: boolean },
  count: number,
): Promise<void> {
  if (count === 0) return;
  if (organisation.onlyAdminsInvite && !inviter.isAdmin)
    throw forbidden(ORGANISATION_MESSAGES.onlyAdminsInvite);
  await ensureQuota(ctx, tx, inviter, count);
}

/**
 * The addresses (none a member here) that cannot join the inviter's organisation because they
 * already have an account, in the order given. Each refusal is checked and recorded like an
 * invitation (the right to invite, the quotas, the security log), so that nobody learns more
 * about addresses this way than they could invite.
 */
export async function refuseAddressesWithAccounts(
  ctx: AppContext,
  tx: Queryable,
  inviter: Inviter,
  emails: readonly string[],
  origin: RequestOrigin,
): Promise<string[]> {
  const withAccounts = await addressesWithAccountsElsewhere(tx, inviter.organisationId, emails);
  if (withAccounts.size === 0) return [];
  const organisation = await lockOrganisation(tx, inviter.organisationId);
  await ensureMayInvite(ctx, tx, inviter, organisation, withAccounts.size);
  const refused = emails.filter((email) => withAccounts.has(email));
  for (const email of refused) {
    await recordSecurityEvent(tx, ctx.log, origin, {
      kind: 'invite_refused',
      userId: null,
      actorId: inviter.id,
      organisationId: inviter.organisationId,
      detail: { email },
    });
  }
  return refused;
}

/** Mails an invitation's link. */
async function mailInvitation(
  ctx: AppContext,
  db: Queryable,
  inviter: Inviter,
  organisationName: string,
  email: string,
  token: string,
): Promise<void> {
  await enqueueMail(db, {
    to: email,
    ...inviteMail(inviter.displayName, organisationName, signupLink(ctx.config.appUrl, email, token)),
  });
}

/**
 * Invites each address that is neither a signed-up member of the inviter's organisation, nor
 * invited by it yet, nor an account elsewhere, and queues the invitation mails. `skipped` lists
 * the others, and `notInvited` says why for each. Refuses when the organisation lets only
 * administrators invite, and when a quota would be passed.
 */
export async function inviteEmails(
  ctx: AppContext,
  tx: Queryable,
  inviter: Inviter,
  emails: readonly string[],
  origin: RequestOrigin,
): Promise<{
  invited: string[];
  skipped: string[];
  notInvited: { email: string; reason: InviteSkipReason }[];
}> {
  const unique = [...new Set(emails.map((email) => email.trim().toLowerCase()))];
  const organisation = await lockOrganisation(tx, inviter.organisationId);
  const members = await tx
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        eq(users.organisationId, inviter.organisationId),
        inArray(users.email, unique),
        not(users.isPlaceholder),
      ),
    );
  const invited = await tx
    .select({ email: invites.email })
    .from(invites)
    .where(and(eq(invites.organisationId, inviter.organisationId), inArray(invites.email, unique)));
  const memberEmails = new Set(members.map((row) => row.email));
  const unavailable = new Set(
    await refuseAddressesWithAccounts(
      ctx,
      tx,
      inviter,
      unique.filter((email) => !memberEmails.has(email)),
      origin,
    ),
  );
  const known = new Set([...memberEmails, ...unavailable, ...invited.map((row) => row.email)]);
  const fresh = unique.filter((email) => !known.has(email));
  await ensureMayInvite(ctx, tx, inviter, organisation, fresh.length);
  const done: string[] = [];
  for (const email of fresh) {
    const { token, tokenHash } = newInviteToken();
    const [created] = await tx
      .insert(invites)
      .values({ email, organisationId: inviter.organisationId, invitedBy: inviter.id, tokenHash })
      .onConflictDoNothing()
      .returning({ id: invites.id });
    if (!created) continue;
    await mailInvitation(ctx, tx, inviter, organisation.name, email, token);
    await recordInviteEvent(ctx, tx, origin, 'invite_created', inviter, { id: created.id, email });
    done.push(email);
  }
  // A placeholder whose invitation was revoked counts as invited again.
  if (done.length > 0) await setPlaceholdersActive(tx, inviter.organisationId, done, true);
  const skipped = unique.filter((email) => !done.includes(email));
  return {
    invited: done,
    skipped,
    // A skipped address that is neither a member nor an account elsewhere was invited by this
    // organisation (maybe a moment ago).
    notInvited: skipped.map((email) => ({ email, reason: skipReason(email, memberEmails, unavailable) })),
  };
}

function skipReason(
  email: string,
  members: ReadonlySet<string>,
  unavailable: ReadonlySet<string>,
): InviteSkipReason {
  if (members.has(email)) return 'member';
  return unavailable.has(email) ? 'unavailable' : 'invited';
}

export async function createInvites(
  ctx: AppContext,
  inviter: Inviter,
  emails: readonly string[],
  origin: RequestOrigin,
) {
  const { invited, skipped, notInvited } = await ctx.db.transaction((tx) =>
    inviteEmails(ctx, tx, inviter, emails, origin),
  );
  if (invited.length > 0) ctx.mailQueued();
  return {
    detail: invited.length > 0 ? MESSAGES.invitesUpdated : INVITE_MESSAGES.noneInvited,
    invited,
    skipped,
    not_invited: notInvited,
  };
}

/** An invitation's event in the organisation's security log: the address, and who acted. */
async function recordInviteEvent(
  ctx: AppContext,
  tx: Queryable,
  origin: RequestOrigin,
  kind: 'invite_created' | 'invite_revoked' | 'invite_resent',
  actor: Inviter,
  invite: { id: number; email: string },
): Promise<void> {
  await recordSecurityEvent(tx, ctx.log, origin, {
    kind,
    userId: null,
    actorId: actor.id,
    organisationId: actor.organisationId,
    detail: { email: invite.email, invite_id: invite.id },
  });
}

/** Marks the organisation's placeholders of these addresses invited (active) or not. */
async function setPlaceholdersActive(
  tx: Queryable,
  organisationId: number,
  emails: readonly string[],
  isActive: boolean,
): Promise<void> {
  await tx
    .update(users)
    .set({ isActive })
    .where(
      and(
        eq(users.organisationId, organisationId),
        inArray(users.email, [...emails]),
        eq(users.isPlaceholder, true),
      ),
    );
}

/** A pending invitation of the administrator's organisation, locked; 404 for any other id. */
async function lockPendingInvite(db: Queryable, admin: Inviter, inviteId: number): Promise<InviteRow> {
  const [invite] = await db
    .select()
    .from(invites)
    .where(and(eq(invites.id, inviteId), eq(invites.organisationId, admin.organisationId)))
    .for('update');
  if (!invite) throw notFound(ORGANISATION_MESSAGES.inviteNotFound);
  if (invite.isAccepted) throw conflict(ORGANISATION_MESSAGES.inviteAlreadyAccepted);
  return invite;
}

/**
 * Withdraws a pending invitation: its link stops working, a sign-up made with it cannot be
 * verified any more, and its placeholder (if someone put it on a strategy) shows as deactivated.
 */
export async function revokeInvite(ctx: AppContext, admin: Inviter, inviteId: number, origin: RequestOrigin) {
  await ctx.db.transaction(async (tx) => {
    const invite = await lockPendingInvite(tx, admin, inviteId);
    await tx.delete(invites).where(eq(invites.id, invite.id));
    await tx
      .update(pendingSignups)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(pendingSignups.email, invite.email),
          eq(pendingSignups.organisationId, invite.organisationId),
          isNull(pendingSignups.usedAt),
        ),
      );
    await setPlaceholdersActive(tx, invite.organisationId, [invite.email], false);
    // The placeholder shows as deactivated wherever it holds a role.
    await publish(tx, [{ kind: 'people' }]);
    await recordInviteEvent(ctx, tx, origin, 'invite_revoked', admin, invite);
  });
  return { detail: ORGANISATION_MESSAGES.inviteRevoked };
}

/** Mails a pending invitation again with a new link (the old link stops working). */
export async function resendInvite(ctx: AppContext, admin: Inviter, inviteId: number, origin: RequestOrigin) {
  await ctx.db.transaction(async (tx) => {
    const organisation = await lockOrganisation(tx, admin.organisationId);
    const invite = await lockPendingInvite(tx, admin, inviteId);
    const waitedMs = ctx.clock.now().getTime() - invite.lastSentAt.getTime();
    if (waitedMs < LIMITS.inviteResendMinutes * 60_000)
      throw conflict(ORGANISATION_MESSAGES.inviteResendTooSoon);
    await ensureQuota(ctx, tx, admin, 1);
    // The address signed up through another organisation since: this invitation can never be accepted.
    if ((await addressesWithAccountsElsewhere(tx, admin.organisationId, [invite.email])).size > 0)
      throw conflict(INVITE_MESSAGES.notInvited(invite.email, 'unavailable'));
    const { token, tokenHash } = newInviteToken();
    await tx.update(invites).set({ tokenHash, lastSentAt: ctx.clock.now() }).where(eq(invites.id, invite.id));
    await mailInvitation(ctx, tx, admin, organisation.name, invite.email, token);
    await recordInviteEvent(ctx, tx, origin, 'invite_resent', admin, invite);
  });
  ctx.mailQueued();
  return { detail: ORGANISATION_MESSAGES.inviteResent };
}
