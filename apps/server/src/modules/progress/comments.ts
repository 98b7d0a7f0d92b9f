/**
 * Progress comments (spec §3, §4, §7): each initiative has one current Progress, Roadblocks and
 * Next steps comment; at each due date they are locked into history and fresh ones take their
 * place. Locked comments never change again.
 */
import {
  CONFLICT_CODES,
  type Comment,
  canEditProgress,
  type DateTimeInput,
  fullName,
  HISTORY_MESSAGES,
  type InitiativeStatus,
  MESSAGES,
  PROGRESS_MESSAGES,
  type StatusHistory,
  statusOrInactive,
  type UserSummary,
} from '@keystone/contract';
import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Actor, SignedIn } from '../../core/actor';
import { noteChanges } from '../../core/changeTracking';
import type { AppContext } from '../../core/context';
import { authorColumns, presentAuthor, presentComment, typeRank } from '../../core/currentComments';
import { dueDateRange } from '../../core/dueDateRange';
import { conflict, forbidden, notFound } from '../../core/errors';
import { changeBy, fieldUpdates, writeAndPublish } from '../../core/events';
import { ensureNoOtherHolder, lockHolderOf } from '../../core/fieldLocks';
import { userForKeyHash } from '../../core/keys';
import { sanitizeRichText } from '../../core/sanitize';
import { secondFactorSetupRequired } from '../../core/secondFactorPolicy';
import { accessColumns, accessOf, ensure, loadStrategyAccess, rolesOf } from '../../core/strategyAccess';
import type { Queryable } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { comments, focusAreas, initiatives, strategies, users } from '../../db/schema';
import { autosaveQueueOf } from './autosaveQueue';
import {
  type CommentEdit,
  commentHistory,
  commentUpdate,
  oneEdit,
  type WrittenComment,
} from './commentWrite';

const commentLocked = () => conflict(PROGRESS_MESSAGES.commentLocked, { code: CONFLICT_CODES.commentLocked });

/**
 * The autosave of progress comments runs it at every pause in typing, so it reads everything the
 * write checks in one round trip: the comment, its strategy's roles (only in the user's
 * organisation) and whoever else holds the comment's field lock.
 */
const commentForUpdateQuery = preparedPer((db) =>
  db
    .select({
      comment: comments,
      ...accessColumns,
      lockHolder: lockHolderOf('comment', comments.id, 'comment', sql.placeholder('userId')),
    })
    .from(comments)
    .innerJoin(initiatives, eq(initiatives.id, comments.initiativeId))
    .innerJoin(focusAreas, eq(focusAreas.id, initiatives.focusAreaId))
    .innerJoin(
      strategies,
      and(
        eq(strategies.id, focusAreas.strategyId),
        eq(strategies.organisationId, sql.placeholder('organisationId')),
      ),
    )
    .where(eq(comments.id, sql.placeholder('id')))
    .prepare('comment_for_update'),
);

/**
 * The autosave: the successful edit in one statement (autosaveQueue.ts); when that writes
 * nothing, the checked path below says why, or writes when only the one statement could not (an
 * event too large for a NOTIFY, a concurrent change in between).
 */
export async function updateComment(
  ctx: AppContext,
  user: SignedIn,
  id: number,
  input: { comment: string; version?: number | undefined },
): Promise<Comment> {
  const edit = { value: sanitizeRichText(input.comment), since: input.version };
  // The one statement checks a session key; a script's access token was checked by authenticate.ts.
  if (user.accessToken) return updateCommentChecked(ctx, user, id, edit);
  const written = await autosaveQueueOf(ctx.db).write({ keyHash: user.keyHash, id, edit });
  if (written) {
    // Its own instance drops the page before answering (changeTracking.ts).
    noteChanges(new Set([written.strategy_id]));
    const name = fullName(written.first_name, written.last_name) || null;
    return presentWritten(written, edit.value, { id: written.user_id, name, email: written.email });
  }
  // The key may have passed on this instance's memory of it (KeyGate): look it up afresh.
  const current = await userForKeyHash(ctx.db, user.keyHash);
  if (!current) throw forbidden(MESSAGES.invalidToken);
  if (current.secondFactorPending) throw secondFactorSetupRequired();
  return updateCommentChecked(ctx, current, id, edit);
}

/**
 * A comment written as `user` through the checked path alone: the sample strategy's texts, whose
 * author (the operator's seed-demo) may hold no key for the autosave's one statement.
 */
export function writeComment(ctx: AppContext, user: Actor, id: number, html: string) {
  return updateCommentChecked(ctx, user, id, { value: sanitizeRichText(html), since: undefined });
}

function presentWritten(written: WrittenComment, value: string, author: UserSummary): Comment {
  return {
    id: written.id,
    model: 'comment',
    comment: value,
    comment_type: written.comment_type,
    is_locked: false,
    locked_at: null,
    initiative: written.initiative_id,
    initiative_status: (written.initiative_status as InitiativeStatus | null) ?? null,
    version: written.version,
    author,
    updated_at: new Date(written.updated_at).toISOString(),
  };
}

async function updateCommentChecked(
  ctx: AppContext,
  user: Actor,
  id: number,
  edit: CommentEdit,
): Promise<Comment> {
  const [found] = await commentForUpdateQuery(ctx.db).execute({
    id,
    userId: user.id,
    organisationId: user.organisationId,
  });
  const access = found && accessOf(found, user);
  if (!found || !access) throw notFound(PROGRESS_MESSAGES.commentNotFound);
  const { comment } = found;
  ensure(canEditProgress(user.id, access.roles, rolesOf(access, comment.initiativeId)));
  if (comment.isLocked) throw commentLocked();
  ensureNoOtherHolder(found.lockHolder);
  const { value } = edit;
  // One statement: the write (commentUpdate), its history entry and its event.
  const [written] = await writeAndPublish<WrittenComment>(
    ctx.db,
    commentUpdate(oneEdit({ id, strategyId: access.strategy.id, userId: user.id, ...edit })),
    fieldUpdates(changeBy(user.id, access.strategy.id, access.roles), 'comment', id, { comment: value }),
    commentHistory,
  );
  if (written) return presentWritten(written, value, { id: user.id, name: user.name, email: user.email });
  // Nothing written: say why, from the comment as it is now.
  const [now] = await ctx.db
    .select({ comment: comments, ...authorColumns })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.updatedBy))
    .where(eq(comments.id, id));
  if (!now || now.comment.isLocked) throw commentLocked();
  const current = presentComment(now.comment, presentAuthor(now));
  if (now.comment.comment === value) return current;
  // The comment's last editor is the person whose text this edit would replace.
  throw conflict(HISTORY_MESSAGES.stale, { code: CONFLICT_CODES.stale, current, changed_by: current.author });
}

/** Comments of a strategy's initiatives, as a condition on `comments.initiative_id`. */
function ofStrategy(db: Queryable, strategyId: number) {
  return inArray(
    comments.initiativeId,
    db
      .select({ id: initiatives.id })
      .from(initiatives)
      .innerJoin(focusAreas, eq(focusAreas.id, initiatives.focusAreaId))
      .where(eq(focusAreas.strategyId, strategyId)),
  );
}

export async function lockedDates(ctx: AppContext, user: Actor, strategyId: number): Promise<string[]> {
  await loadStrategyAccess(ctx.db, strategyId, user);
  const rows = await ctx.db
    .selectDistinct({ lockedAt: comments.lockedAt })
    .from(comments)
    .where(and(eq(comments.isLocked, true), ofStrategy(ctx.db, strategyId)))
    .orderBy(desc(comments.lockedAt));
  return rows.flatMap((row) => (row.lockedAt ? [row.lockedAt.toISOString()] : []));
}

/**
 * The comments locked at a due date: an instant, a wall clock in the strategy's time zone, or a
 * bare day (every due date on that day in the strategy's time zone).
 */
export async function lockedComments(
  ctx: AppContext,
  user: Actor,
  strategyId: number,
  date: DateTimeInput,
): Promise<Comment[]> {
  await loadStrategyAccess(ctx.db, strategyId, user);
  const range = await dueDateRange(ctx.db, strategyId, date);
  const rows = await ctx.db
    .select({
      comment: comments,
      focusAreaSort: focusAreas.sortIndex,
      initiativeSort: initiatives.sortIndex,
      ...authorColumns,
    })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.updatedBy))
    .innerJoin(initiatives, eq(initiatives.id, comments.initiativeId))
    .innerJoin(focusAreas, eq(focusAreas.id, initiatives.focusAreaId))
    .where(
      and(
        eq(comments.isLocked, true),
        eq(focusAreas.strategyId, strategyId),
        gte(comments.lockedAt, new Date(range[0])),
        lte(comments.lockedAt, new Date(range[1])),
      ),
    );
  rows.sort(
    (a, b) =>
      a.focusAreaSort - b.focusAreaSort ||
      a.initiativeSort - b.initiativeSort ||
      a.comment.initiativeId - b.comment.initiativeId ||
      a.comment.lockedAt!.getTime() - b.comment.lockedAt!.getTime() ||
      typeRank(a.comment.commentType) - typeRank(b.comment.commentType),
  );
  return rows.map((row) => presentComment(row.comment, presentAuthor(row)));
}

/** How many initiatives had each status at each due date, oldest first (the trend chart). */
export async function statusHistory(
  ctx: AppContext,
  user: Actor,
  strategyId: number,
): Promise<StatusHistory> {
  await loadStrategyAccess(ctx.db, strategyId, user);
  const rows = await ctx.db
    .select({
      lockedAt: comments.lockedAt,
      status: comments.initiativeStatus,
      count: sql<number>`count(distinct ${comments.initiativeId})::int`,
    })
    .from(comments)
    .where(and(eq(comments.isLocked, true), ofStrategy(ctx.db, strategyId)))
    .groupBy(comments.lockedAt, comments.initiativeStatus)
    .orderBy(asc(comments.lockedAt));
  const byDate = new Map<string, StatusHistory[number]>();
  for (const row of rows) {
    if (!row.lockedAt) continue;
    const date = row.lockedAt.toISOString();
    let entry = byDate.get(date);
    if (!entry) {
      entry = { date, counts: { IN: 0, CO: 0, BL: 0, DE: 0, OT: 0 } };
      byDate.set(date, entry);
    }
    entry.counts[statusOrInactive(row.status)] += Number(row.count);
  }
  return [...byDate.values()];
}
