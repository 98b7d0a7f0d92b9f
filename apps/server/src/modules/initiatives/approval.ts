/**
 * Sponsor approval (spec §4): an owner or master asks the sponsors by e-mail (the masters when
 * there is no sponsor); a sponsor or master approves, or withdraws an approval. A later change of
 * the charter or its timeline withdraws the approval, because it no longer covers what is written.
 */
import {
  type ApprovalResponse,
  CHARTER_MESSAGES,
  canApproveInitiative,
  canRequestApproval,
  plainText,
} from '@keystone/contract';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { initiativeMembers, initiatives, strategyMasters, users } from '../../db/schema';
import { conflict, forbidden } from '../../http/errors';
import { approvalRequestMail } from '../../mail/charterMails';
import { enqueueMail } from '../../mail/outbox';
import { type Change, changeBy, publish, structureChange } from '../../realtime/events';
import type { AuthenticatedUser } from '../auth/keys';
import { rolesOf } from '../strategies/access';
import { presentUserSummary } from '../users/presenters';
import { loadInitiativeAccess } from './access';

type InitiativeRow = typeof initiatives.$inferSelect;

/** Sponsors of the initiative, or the strategy's masters when it has none. */
async function approvers(db: Queryable, initiativeId: number, strategyId: number) {
  const sponsors = await db
    .select({ email: users.email })
    .from(initiativeMembers)
    .innerJoin(users, eq(users.id, initiativeMembers.userId))
    .where(and(eq(initiativeMembers.initiativeId, initiativeId), eq(initiativeMembers.role, 'sponsor')));
  if (sponsors.length > 0) return sponsors;
  return db
    .select({ email: users.email })
    .from(strategyMasters)
    .innerJoin(users, eq(users.id, strategyMasters.userId))
    .where(eq(strategyMasters.strategyId, strategyId));
}

export async function requestApproval(
  ctx: AppContext,
  user: AuthenticatedUser,
  id: number,
): Promise<{ detail: string }> {
  await ctx.db.transaction(async (tx) => {
    const { initiative, access } = await loadInitiativeAccess(tx, id, user, true);
    if (!canRequestApproval(user.id, access.roles, rolesOf(access, id))) {
      throw forbidden(CHARTER_MESSAGES.cannotRequestApproval);
    }
    if (initiative.sponsorApproval) throw conflict(CHARTER_MESSAGES.alreadyApproved);
    const mail = approvalRequestMail({
      requesterName: user.displayName,
      initiativeTitle: plainText(initiative.title),
      strategyTitle: access.strategy.title,
      link: `${ctx.config.appUrl}/initiative-charter/${id}`,
    });
    const recipients = await approvers(tx, id, access.strategy.id);
    for (const recipient of recipients) await enqueueMail(tx, { to: recipient.email, ...mail });
    await tx.update(initiatives).set({ sponsorApprovalRequested: true }).where(eq(initiatives.id, id));
    await publish(tx, [
      structureChange(changeBy(user.id, access.strategy.id, access.roles), 'initiative', id, 'approval'),
    ]);
  });
  ctx.mailQueued();
  return { detail: CHARTER_MESSAGES.approvalRequestSent };
}

/** Approves the charter, or withdraws the approval when it is approved (the checkbox of spec §4). */
export async function toggleApproval(
  ctx: AppContext,
  user: AuthenticatedUser,
  id: number,
): Promise<ApprovalResponse> {
  return ctx.db.transaction(async (tx) => {
    const { initiative, access } = await loadInitiativeAccess(tx, id, user, true);
    if (!canApproveInitiative(user.id, access.roles, rolesOf(access, id))) {
      throw forbidden(CHARTER_MESSAGES.cannotApprove);
    }
    const approve = !initiative.sponsorApproval;
    const [row] = await tx
      .update(initiatives)
      .set({
        sponsorApproval: approve,
        sponsorApprovalAt: approve ? new Date() : null,
        sponsorApprovalUserId: approve ? user.id : null,
      })
      .where(eq(initiatives.id, id))
      .returning();
    await publish(tx, [
      structureChange(changeBy(user.id, access.strategy.id, access.roles), 'initiative', id, 'approval'),
    ]);
    const [approver] = approve ? await tx.select().from(users).where(eq(users.id, user.id)) : [];
    return {
      message: approve ? CHARTER_MESSAGES.approved : CHARTER_MESSAGES.approvalWithdrawn,
      sponsor_approval: approve,
      sponsor_approval_at: row!.sponsorApprovalAt?.toISOString() ?? null,
      sponsor_approval_user: approver ? presentUserSummary(approver) : null,
    };
  });
}

/** What withdrew an approval: who edited, and which charter fields (wire names) or 'timeline'. */
export interface ApprovalEdit {
  editor: AuthenticatedUser;
  fields: readonly string[];
}

/**
 * Called inside the transaction of a charter or timeline change: an approved charter loses its
 * approval (and the request, so the owner can ask again), and viewers hear of it.
 */
export async function withdrawApprovalAfterChange(
  db: Queryable,
  initiative: InitiativeRow,
  change: Change,
  _edit: ApprovalEdit,
) {
  if (!initiative.sponsorApproval) return;
  await db
    .update(initiatives)
    .set({
      sponsorApproval: false,
      sponsorApprovalAt: null,
      sponsorApprovalUserId: null,
      sponsorApprovalRequested: false,
    })
    .where(eq(initiatives.id, initiative.id));
  await publish(db, [structureChange(change, 'initiative', initiative.id, 'approval')]);
}
