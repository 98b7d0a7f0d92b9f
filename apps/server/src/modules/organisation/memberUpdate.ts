/**
 * PATCH /api/organisation/members/{id}/: grant or revoke administration, deactivate or reactivate.
 * The organisation's administrator rows and the member's row are locked (in id order, so two
 * requests never deadlock) before the rules are checked, so concurrent requests cannot leave the
 * organisation without an active administrator: two administrators demoting each other run one
 * after the other, and the second is refused.
 */
import {
  ORGANISATION_MESSAGES,
  type SecurityEventKind,
  SSO_MESSAGES,
  type UpdateMemberRequest,
  type UpdateMemberResponse,
} from '@keystone/contract';
import { and, eq, or } from 'drizzle-orm';
import type { Actor } from '../../core/actor';
import { administratorsLockedOut } from '../../core/companySignIn';
import type { AppContext } from '../../core/context';
import { badRequest, forbidden, notFound } from '../../core/errors';
import { publish } from '../../core/events';
import { isMfaEnabled } from '../../core/secondFactor';
import { applySecondFactorPolicy } from '../../core/secondFactorPolicy';
import { type RequestOrigin, recordSecurityEvent } from '../../core/securityEvents';
import { displayNameOf } from '../../core/userPresenters';
import { users } from '../../db/schema';
import { loadMembers } from './members';
import { offboard } from './offboarding';
import { strategiesOnlyMasteredBy } from './onlyMasters';

const MESSAGE_OF = {
  user_deactivated: ORGANISATION_MESSAGES.memberDeactivated,
  user_reactivated: ORGANISATION_MESSAGES.memberReactivated,
  admin_granted: ORGANISATION_MESSAGES.adminGranted,
  admin_revoked: ORGANISATION_MESSAGES.adminRevoked,
  break_glass_granted: SSO_MESSAGES.breakGlassGranted,
  break_glass_revoked: SSO_MESSAGES.breakGlassRevoked,
} as const satisfies Partial<Record<SecurityEventKind, (name: string) => string>>;
type MemberEvent = keyof typeof MESSAGE_OF;

export async function updateMember(
  ctx: AppContext,
  admin: Actor,
  memberId: number,
  input: UpdateMemberRequest,
  origin: RequestOrigin,
): Promise<UpdateMemberResponse> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const locked = await tx
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        isAdmin: users.isAdmin,
        breakGlass: users.breakGlass,
        isActive: users.isActive,
        isPlaceholder: users.isPlaceholder,
      })
      .from(users)
      .where(
        and(
          eq(users.organisationId, admin.organisationId),
          or(and(eq(users.isAdmin, true), eq(users.isActive, true)), eq(users.id, memberId)),
        ),
      )
      .orderBy(users.id)
      .for('update');
    const member = locked.find((row) => row.id === memberId);
    if (!member) throw notFound(ORGANISATION_MESSAGES.memberNotFound);
    // Checked again under the lock: an administrator demoted a moment ago acts no more.
    if (!locked.some((row) => row.id === admin.id && row.isAdmin && row.isActive))
      throw forbidden(ORGANISATION_MESSAGES.adminsOnly);

    const active = input.is_active ?? member.isActive;
    if (input.is_active === false && member.id === admin.id)
      throw badRequest(ORGANISATION_MESSAGES.cannotDeactivateSelf);
    if (input.is_active === false && member.isPlaceholder)
      throw badRequest(ORGANISATION_MESSAGES.placeholderDeactivate);
    if (input.is_admin === true && member.isPlaceholder)
      throw badRequest(ORGANISATION_MESSAGES.placeholderNotAdmin);
    if (input.is_admin === true && !active) throw badRequest(ORGANISATION_MESSAGES.deactivatedNotAdmin);
    const isAdmin = active && (input.is_admin ?? member.isAdmin);
    const otherAdmins = locked.filter((row) => row.isAdmin && row.isActive && row.id !== member.id);
    if (!isAdmin && otherAdmins.length === 0) throw badRequest(ORGANISATION_MESSAGES.lastAdmin);
    // Break-glass access (a password and two-factor while single sign-on is required) is an administrator's only.
    if (input.break_glass === true && !isAdmin) throw badRequest(SSO_MESSAGES.breakGlassOnlyAdmins);
    if (input.break_glass === true && !member.breakGlass && !(await isMfaEnabled(tx, member.id)))
      throw badRequest(SSO_MESSAGES.breakGlassNeedsMfa);
    const breakGlass = isAdmin && (input.break_glass ?? member.breakGlass);

    const name = displayNameOf(member);
    const events: MemberEvent[] = [];
    if (!active && member.isActive) {
      const titles = await strategiesOnlyMasteredBy(tx, member.id);
      if (titles.length > 0) throw badRequest(ORGANISATION_MESSAGES.onlyMasterOf(name, titles));
      await offboard(tx, member);
      events.push('user_deactivated');
    } else {
      if (active && !member.isActive) events.push('user_reactivated');
      if (isAdmin !== member.isAdmin) events.push(isAdmin ? 'admin_granted' : 'admin_revoked');
    }
    if (breakGlass !== member.breakGlass)
      events.push(breakGlass ? 'break_glass_granted' : 'break_glass_revoked');
    if (events.length > 0)
      await tx
        .update(users)
        .set({ isActive: active, isAdmin, breakGlass, updatedAt: new Date() })
        .where(eq(users.id, member.id));
    // With single sign-on required, some administrator must still be able to sign in afterwards.
    const couldSignIn = member.isAdmin && member.isActive;
    const keepsAdmin = isAdmin && active;
    if (
      couldSignIn &&
      (!keepsAdmin || (member.breakGlass && !breakGlass)) &&
      (await administratorsLockedOut(tx, admin.organisationId))
    )
      throw badRequest(keepsAdmin ? SSO_MESSAGES.breakGlassLast : SSO_MESSAGES.lastWayIn);
    for (const kind of events)
      await recordSecurityEvent(tx, ctx.log, origin, { kind, userId: member.id, actorId: admin.id });
    // "Two-factor required of administrators": a new one's sessions wait for it, a former one's no longer.
    if (isAdmin !== member.isAdmin) await applySecondFactorPolicy(tx, admin.organisationId, member.id);
    // Strategy pages mark deactivated people: every cached page and open page reads them again.
    if (active !== member.isActive) await publish(tx, [{ kind: 'people' }]);
    return { name, events: events.length > 0 ? events : requestedState(input) };
  });
  const [member] = await loadMembers(ctx.db, admin.organisationId, memberId);
  if (!member) throw notFound(ORGANISATION_MESSAGES.memberNotFound);
  return { detail: outcome.events.map((kind) => MESSAGE_OF[kind](outcome.name)).join(' '), member };
}

/** Nothing changed (the member was already so): the answer still says how they stand. */
function requestedState(input: UpdateMemberRequest): MemberEvent[] {
  const events: MemberEvent[] = [];
  if (input.is_active !== undefined) events.push(input.is_active ? 'user_reactivated' : 'user_deactivated');
  else if (input.is_admin !== undefined) events.push(input.is_admin ? 'admin_granted' : 'admin_revoked');
  else if (input.break_glass !== undefined)
    events.push(input.break_glass ? 'break_glass_granted' : 'break_glass_revoked');
  return events;
}
