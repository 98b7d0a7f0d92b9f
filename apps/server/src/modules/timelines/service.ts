/**
 * An initiative's timeline (spec §2, §5): rows with a one-line description and start/end days.
 * Those who may edit the initiative change it; the end never comes before the start.
 */
import {
  CHARTER_MESSAGES,
  type CreateTimelineRequest,
  canEditInitiative,
  datesInOrder,
  LIMITS,
  type Timeline,
  type UpdateTimelineRequest,
} from '@keystone/contract';
import { asc, count, eq, sql } from 'drizzle-orm';
import { type ChangedRecord, changesOf, ensureNotStale, recordChanges } from '../../core/activityRecord';
import type { Actor } from '../../core/actor';
import type { AppContext } from '../../core/context';
import { asNotFound, badRequest, conflict, notFound } from '../../core/errors';
import { type Change, changeBy, fieldUpdates, publish, structureChange } from '../../core/events';
import { ensureNotLockedByOthers } from '../../core/fieldLocks';
import { loadInitiativeAccess } from '../../core/initiativeAccess';
import { sanitizeRichText } from '../../core/sanitize';
import { ensure, rolesOf } from '../../core/strategyAccess';
import type { Queryable } from '../../db/client';
import { type initiatives, timelines } from '../../db/schema';

type TimelineRow = typeof timelines.$inferSelect;

/**
 * What else a change of the timeline does in its transaction, given the initiative as read before
 * it: the command that edits a timeline (commands/editTimeline.ts) withdraws the charter's approval.
 */
export type AfterTimelineChange = (
  tx: Queryable,
  initiative: typeof initiatives.$inferSelect,
  change: Change,
) => Promise<void>;

const TOO_MANY = `An initiative can have at most ${LIMITS.timelinesPerInitiative} timeline rows.`;

function presentTimeline(row: TimelineRow): Timeline {
  return {
    id: row.id,
    model: 'timeline',
    description: row.description,
    start_date: row.startDate,
    end_date: row.endDate,
    initiative: row.initiativeId,
    version: row.version,
  };
}

/** The row's values by wire name, as history entries hold them. */
const wireValues = (row: Pick<TimelineRow, 'description' | 'startDate' | 'endDate'>) => ({
  description: row.description,
  start_date: row.startDate,
  end_date: row.endDate,
});

/** A timeline row's history entry belongs to its initiative too. */
const entryOf = (
  change: { strategyId: number; userId: number },
  row: TimelineRow,
  version: number,
): ChangedRecord => ({
  strategyId: change.strategyId,
  initiativeId: row.initiativeId,
  actorId: change.userId,
  model: 'timeline',
  recordId: row.id,
  version,
});

const endBeforeStart = () =>
  badRequest(CHARTER_MESSAGES.endBeforeStart, { end_date: [CHARTER_MESSAGES.endBeforeStart] });

/** The initiative with its access, and 403 unless the user may edit it. */
async function editableInitiative(db: Queryable, user: Actor, initiativeId: number) {
  const loaded = await loadInitiativeAccess(db, initiativeId, user, true);
  ensure(canEditInitiative(user.id, loaded.access.roles, rolesOf(loaded.access, initiativeId)));
  return { ...loaded, change: changeBy(user.id, loaded.access.strategy.id, loaded.access.roles) };
}

async function timelineRow(db: Queryable, id: number, forUpdate = false): Promise<TimelineRow> {
  const query = db.select().from(timelines).where(eq(timelines.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound(CHARTER_MESSAGES.timelineNotFound);
  return row;
}

export async function listTimelines(ctx: AppContext, user: Actor, initiativeId: number): Promise<Timeline[]> {
  await loadInitiativeAccess(ctx.db, initiativeId, user);
  const rows = await ctx.db
    .select()
    .from(timelines)
    .where(eq(timelines.initiativeId, initiativeId))
    .orderBy(asc(timelines.id));
  return rows.map(presentTimeline);
}

export async function createTimeline(
  ctx: AppContext,
  user: Actor,
  input: CreateTimelineRequest,
  afterChange: AfterTimelineChange,
): Promise<Timeline> {
  return ctx.db.transaction(async (tx) => {
    const { initiative, change } = await editableInitiative(tx, user, input.initiative);
    const [{ rows } = { rows: 0 }] = await tx
      .select({ rows: count() })
      .from(timelines)
      .where(eq(timelines.initiativeId, initiative.id));
    if (rows >= LIMITS.timelinesPerInitiative) throw conflict(TOO_MANY);
    const [row] = await tx
      .insert(timelines)
      .values({
        initiativeId: initiative.id,
        description: input.description == null ? null : sanitizeRichText(input.description),
        startDate: input.start_date ?? null,
        endDate: input.end_date ?? null,
      })
      .returning();
    await recordChanges(tx, entryOf(change, row!, row!.version), [
      { field: null, old: null, new: wireValues(row!) },
    ]);
    await publish(tx, [structureChange(change, 'timeline', row!.id, 'create')]);
    await afterChange(tx, initiative, change);
    return presentTimeline(row!);
  });
}

export async function updateTimeline(
  ctx: AppContext,
  user: Actor,
  id: number,
  input: UpdateTimelineRequest,
  afterChange: AfterTimelineChange,
): Promise<Timeline> {
  return ctx.db.transaction(async (tx) => {
    const found = await timelineRow(tx, id);
    const { initiative, change } = await editableInitiative(tx, user, found.initiativeId).catch(
      asNotFound(CHARTER_MESSAGES.timelineNotFound),
    );
    // Read again under the strategy lock: a concurrent delete is a 404, a concurrent date change counts.
    const current = await timelineRow(tx, id, true);
    const fields = {
      ...(input.description !== undefined && {
        description: input.description === null ? null : sanitizeRichText(input.description),
      }),
      ...(input.start_date !== undefined && { startDate: input.start_date }),
      ...(input.end_date !== undefined && { endDate: input.end_date }),
    };
    if (Object.keys(fields).length === 0) return presentTimeline(current);
    const next = { ...current, ...fields };
    if (!datesInOrder(next.startDate, next.endDate)) throw endBeforeStart();
    const changes = changesOf(wireValues(current), wireValues(next));
    // Saving what is stored changes nothing, so it keeps the approval (only a real change withdraws it).
    if (changes.length === 0) return presentTimeline(current);
    const changedFields = changes.map((one) => one.field!);
    const { version: since, ...sent } = input;
    await ensureNotLockedByOthers(tx, user, 'timeline', id, Object.keys(sent));
    await ensureNotStale(tx, {
      model: 'timeline',
      recordId: id,
      fields: changedFields,
      since,
      userId: user.id,
      current: async () => presentTimeline(current),
    });
    const [row] = await tx
      .update(timelines)
      .set({ ...fields, version: sql`${timelines.version} + 1` })
      .where(eq(timelines.id, id))
      .returning();
    await recordChanges(tx, entryOf(change, row!, row!.version), changes);
    await publish(
      tx,
      fieldUpdates(change, 'timeline', id, Object.fromEntries(changes.map((one) => [one.field!, one.new]))),
    );
    await afterChange(tx, initiative, change);
    return presentTimeline(row!);
  });
}

export async function deleteTimeline(
  ctx: AppContext,
  user: Actor,
  id: number,
  afterChange: AfterTimelineChange,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const found = await timelineRow(tx, id);
    const { initiative, change } = await editableInitiative(tx, user, found.initiativeId).catch(
      asNotFound(CHARTER_MESSAGES.timelineNotFound),
    );
    const [deleted] = await tx.delete(timelines).where(eq(timelines.id, id)).returning();
    if (!deleted) throw notFound(CHARTER_MESSAGES.timelineNotFound);
    await recordChanges(tx, entryOf(change, deleted, deleted.version + 1), [
      { field: null, old: wireValues(deleted), new: null },
    ]);
    await publish(tx, [structureChange(change, 'timeline', id, 'delete')]);
    await afterChange(tx, initiative, change);
  });
}
