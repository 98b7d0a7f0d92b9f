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
  charterPartsInWords,
  isCharterPart,
  plainText,
  STRATEGY_MESSAGES,
} from '@keystone/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor';
import type { AppContext } from '../../core/context';
import { conflict, forbidden, notFound } from '../../core/errors';
import { type Change, changeBy, publish, structureChange } from '../../core/events';
import { loadInitiativeAccess } from '../../core/initiativeAccess';
import { rolesOf } from '../../core/strategyAccess';
import { presentUserSummary } from '../../core/userPresenters';
import { recordStrategyEvent } from '../../core/webhookEvents';
import type { Queryable } from '../../db/client';
import { initiatives, users } from '../../db/schema';
import { approvalRequestMail, approvalWithdrawnMail, charterApprovedMail } from '../../mail/charterMails';
import {
  approverAddresses,
  charterLink,
  mailTitles,
  nameOf,
  ownerAddresses,
  queueMails,
  recordApprovalStep,
} from './approvalNotices';

type InitiativeRow = typeof initiatives.$inferSelect;

/**
 * The initiative's row, locked: an edit withdrawing the approval meanwhile (it locks this row,
 * not the strategy's) is waited for and seen, so a step is never taken on a state already gone.
 */
async function lockedInitiative(db: Queryable, id: number): Promise<InitiativeRow> {
  const [row] = await db.select().from(initiatives).where(eq(initiatives.id, id)).for('update');
  if (!row) throw notFound(STRATEGY_MESSAGES.initiativeNotFound);
  return row;
}

/** An approval step as a webhook event; a withdrawal by an edit names the charter parts changed. */
function recordApprovalEvent(
  db: Queryable,
  appUrl: string,
  user: Actor,
  strategy: { id: number; title: string },
  initiative: Pick<InitiativeRow, 'id' | 'focusAreaId' | 'title'>,
  type: 'approval.requested' | 'approval.given' | 'approval.withdrawn',
  changedParts?: string[],
) {
  return recordStrategyEvent(db, appUrl, user, strategy, type, {
    focus_area_id: initiative.focusAreaId,
    initiative_id: initiative.id,
    initiative_title: plainText(initiative.title),
    url: charterLink(appUrl, initiative.id),
    ...(changedParts ? { changed: changedParts } : {}),
  });
}

export async function requestApproval(ctx: AppContext, user: Actor, id: number): Promise<{ detail: string }> {
  await ctx.db.transaction(async (tx) => {
    const { access } = await loadInitiativeAccess(tx, id, user, true);
    if (!canRequestApproval(user.id, access.roles, rolesOf(access, id))) {
      throw forbidden(CHARTER_MESSAGES.cannotRequestApproval);
    }
    const initiative = await lockedInitiative(tx, id);
    if (initiative.sponsorApproval) throw conflict(CHARTER_MESSAGES.alreadyApproved);
    const mail = approvalRequestMail({
      requesterName: user.displayName,
      initiativeTitle: plainText(initiative.title),
      strategyTitle: access.strategy.title,
      link: charterLink(ctx.config.appUrl, id),
    });
    await queueMails(tx, await approverAddresses(tx, id, access.strategy.id), mail);
    const [row] = await tx
      .update(initiatives)
      .set({ sponsorApprovalRequested: true, version: sql`${initiatives.version} + 1` })
      .where(eq(initiatives.id, id))
      .returning({ version: initiatives.version });
    const step = {
      strategyId: access.strategy.id,
      initiativeId: id,
      actorId: user.id,
      version: row!.version,
    };
    await recordApprovalStep(tx, step, 'requested');
    await publish(tx, [
      structureChange(changeBy(user.id, access.strategy.id, access.roles), 'initiative', id, 'approval'),
    ]);
    await recordApprovalEvent(tx, ctx.config.appUrl, user, access.strategy, initiative, 'approval.requested');
  });
  ctx.mailQueued();
  return { detail: CHARTER_MESSAGES.approvalRequestSent };
}

/**
 * Approves the charter, or withdraws the approval when it is approved (the checkbox of spec §4).
 * An approval is mailed to the owners.
 */
export async function toggleApproval(ctx: AppContext, user: Actor, id: number): Promise<ApprovalResponse> {
  const { answer, mails } = await ctx.db.transaction(async (tx) => {
    const { access } = await loadInitiativeAccess(tx, id, user, true);
    if (!canApproveInitiative(user.id, access.roles, rolesOf(access, id))) {
      throw forbidden(CHARTER_MESSAGES.cannotApprove);
    }
    const approve = !(await lockedInitiative(tx, id)).sponsorApproval;
    const [row] = await tx
      .update(initiatives)
      .set({
        sponsorApproval: approve,
        sponsorApprovalAt: approve ? new Date() : null,
        sponsorApprovalUserId: approve ? user.id : null,
        version: sql`${initiatives.version} + 1`,
      })
      .where(eq(initiatives.id, id))
      .returning();
    const step = {
      strategyId: access.strategy.id,
      initiativeId: id,
      actorId: user.id,
      version: row!.version,
    };
    await recordApprovalStep(tx, step, approve ? 'approved' : 'unapproved');
    await publish(tx, [
      structureChange(changeBy(user.id, access.strategy.id, access.roles), 'initiative', id, 'approval'),
    ]);
    await recordApprovalEvent(
      tx,
      ctx.config.appUrl,
      user,
      access.strategy,
      row!,
      approve ? 'approval.given' : 'approval.withdrawn',
    );
    const [approver] = approve ? await tx.select().from(users).where(eq(users.id, user.id)) : [];
    const mails = approve
      ? await queueMails(
          tx,
          await ownerAddresses(tx, id, user.id),
          charterApprovedMail({
            approverName: user.name ?? '',
            initiativeTitle: plainText(row!.title),
            strategyTitle: access.strategy.title,
            link: charterLink(ctx.config.appUrl, id),
          }),
        )
      : 0;
    const answer: ApprovalResponse = {
      message: approve ? CHARTER_MESSAGES.approved : CHARTER_MESSAGES.approvalWithdrawn,
      sponsor_approval: approve,
      sponsor_approval_at: row!.sponsorApprovalAt?.toISOString() ?? null,
      sponsor_approval_user: approver ? presentUserSummary(approver) : null,
    };
    return { answer, mails };
  });
  if (mails > 0) ctx.mailQueued();
  return answer;
}

/** What withdrew an approval: who edited, and which charter fields (wire names) or 'timeline'. */
export interface ApprovalEdit {
  editor: Actor;
  fields: readonly string[];
  /** APP_URL, for the charter link in the mails. */
  appUrl: string;
}

/**
 * Called inside the transaction of a charter or timeline change: an approved charter loses its
 * approval (and the request, so the owner can ask again), the step is recorded as the editor's,
 * the sponsors (the masters when there is none) are mailed who changed what, and viewers hear of
 * it. The outbox worker picks the mails up on its next poll.
 */
export async function withdrawApprovalAfterChange(
  db: Queryable,
  initiative: InitiativeRow,
  change: Change,
  edit: ApprovalEdit,
) {
  if (!initiative.sponsorApproval) return;
  // Only while still approved: two edits racing to withdraw one approval record and mail it once.
  const [row] = await db
    .update(initiatives)
    .set({
      sponsorApproval: false,
      sponsorApprovalAt: null,
      sponsorApprovalUserId: null,
      sponsorApprovalRequested: false,
      version: sql`${initiatives.version} + 1`,
    })
    .where(and(eq(initiatives.id, initiative.id), eq(initiatives.sponsorApproval, true)))
    .returning({ version: initiatives.version, title: initiatives.title });
  if (!row) return;
  const fields = [...new Set(edit.fields.filter(isCharterPart))];
  const step = {
    strategyId: change.strategyId,
    initiativeId: initiative.id,
    actorId: edit.editor.id,
    version: row.version,
  };
  await recordApprovalStep(db, step, 'withdrawn', { fields });
  const titles = await mailTitles(db, row.title, change.strategyId);
  await queueMails(
    db,
    await approverAddresses(db, initiative.id, change.strategyId, edit.editor.id),
    approvalWithdrawnMail({
      editorName: edit.editor.name ?? '',
      approverName: await nameOf(db, initiative.sponsorApprovalUserId),
      parts: charterPartsInWords(fields),
      ...titles,
      link: charterLink(edit.appUrl, initiative.id),
    }),
  );
  await recordApprovalEvent(
    db,
    edit.appUrl,
    edit.editor,
    { id: change.strategyId, title: titles.strategyTitle },
    initiative,
    'approval.withdrawn',
    fields,
  );
  await publish(db, [structureChange(change, 'initiative', initiative.id, 'approval')]);
}
