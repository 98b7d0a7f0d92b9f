/**
 * Bringing back a deleted focus area, initiative or measure (POST /focusarea/restore/{id}/,
 * /initiative/restore/{id}/, /measure/restore/{id}/): the strategy's masters, within the retention
 * period. The rows kept at the deletion go back with their ids, so the record's history, links,
 * readings and the charter's approval are as they were; the record takes its former place among
 * its live siblings (dense order, core/ordering.ts) within the limits (5 focus areas, 5
 * initiatives, 3 measures), and the restore is on record and published live.
 */
import {
  canRestoreDeleted,
  DELETED_RECORD_MESSAGES,
  type DeletedRestoreModel,
  type FocusArea,
  type Initiative,
  LIMITS,
  type Measure,
} from '@keystone/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { recordChanges } from '../../core/activityRecord';
import type { Actor } from '../../core/actor';
import type { AppContext } from '../../core/context';
import { asNotFound, conflict, notFound } from '../../core/errors';
import { changeBy, publish, structureChange } from '../../core/events';
import { readSnapshot, SNAPSHOT_TABLES, type Snapshot, type SnapshotRow } from '../../core/keepDeleted';
import { loadMeasures } from '../../core/measureQueries';
import { moveTo, writeOrder } from '../../core/ordering';
import { ensure, loadStrategyAccess } from '../../core/strategyAccess';
import { loadFocusAreaContents, loadInitiatives } from '../../core/strategyPageQueries';
import { presentFocusArea } from '../../core/strategyPresenters';
import { touchStrategy } from '../../core/strategyRow';
import type { Queryable } from '../../db/client';
import { deletedRecords, focusAreas, initiatives, measures, users } from '../../db/schema';

type Model = DeletedRestoreModel;

const NOT_FOUND: Record<Model, string> = {
  focusArea: DELETED_RECORD_MESSAGES.focusAreaNotFound,
  initiative: DELETED_RECORD_MESSAGES.initiativeNotFound,
  measure: DELETED_RECORD_MESSAGES.measureNotFound,
};

/**
 * The record's latest deletion, with its strategy locked and the caller's right checked: 404
 * unless the caller may see the strategy, 403 unless a master, 409 once restored or expired.
 */
async function claimDeletion(ctx: AppContext, tx: Queryable, user: Actor, model: Model, id: number) {
  const latest = () =>
    tx
      .select()
      .from(deletedRecords)
      .where(and(eq(deletedRecords.model, model), eq(deletedRecords.recordId, id)))
      .orderBy(desc(deletedRecords.id))
      .limit(1);
  const [found] = await latest();
  if (!found) throw notFound(NOT_FOUND[model]);
  const access = await loadStrategyAccess(tx, found.strategyId, user, { forUpdate: true }).catch(
    asNotFound(NOT_FOUND[model]),
  );
  ensure(canRestoreDeleted(user.id, access.roles));
  // Read again under the strategy's lock: of two restores at once, the second finds it restored.
  const [deletion] = await latest();
  if (!deletion) throw notFound(NOT_FOUND[model]);
  if (deletion.restoredAt) throw conflict(DELETED_RECORD_MESSAGES.alreadyRestored);
  const expired = deletion.deletedAt.getTime() + ctx.config.deletedRetentionMs <= ctx.clock.now().getTime();
  if (deletion.snapshot === null || expired) throw conflict(DELETED_RECORD_MESSAGES.periodEnded);
  return { deletion, snapshot: readSnapshot(deletion.snapshot), access };
}

/** People removed from the organisation since (their rows deleted) are left out, or their links emptied. */
async function withoutGonePeople(tx: Queryable, snapshot: Snapshot): Promise<Snapshot> {
  const referenced = new Set<number>();
  const note = (value: unknown) => typeof value === 'number' && referenced.add(value);
  for (const member of snapshot.initiative_members) note(member.user_id);
  for (const row of snapshot.initiatives) note(row.sponsor_approval_user_id);
  for (const row of snapshot.comments) note(row.updated_by);
  for (const row of snapshot.measure_readings) note(row.updated_by);
  const present =
    referenced.size === 0
      ? new Set<number>()
      : new Set(
          (
            await tx
              .select({ id: users.id })
              .from(users)
              .where(inArray(users.id, [...referenced]))
          ).map((row) => row.id),
        );
  const kept = (value: unknown) => (typeof value === 'number' && present.has(value) ? value : null);
  return {
    ...snapshot,
    initiative_members: snapshot.initiative_members.filter((member) => kept(member.user_id) !== null),
    initiatives: snapshot.initiatives.map((row) => ({
      ...row,
      sponsor_approval_user_id: kept(row.sponsor_approval_user_id),
    })),
    comments: snapshot.comments.map((row) => ({ ...row, updated_by: kept(row.updated_by) })),
    measure_readings: snapshot.measure_readings.map((row) => ({ ...row, updated_by: kept(row.updated_by) })),
  };
}

/** Inserts the kept rows as they were (ids included: OVERRIDING SYSTEM VALUE), parents first. */
async function insertSnapshot(tx: Queryable, snapshot: Snapshot): Promise<void> {
  for (const table of SNAPSHOT_TABLES) {
    const rows: SnapshotRow[] = snapshot[table];
    if (rows.length === 0) continue;
    const name = sql.identifier(table);
    const overriding = table === 'initiative_members' ? sql`` : sql`overriding system value`;
    await tx.execute(
      sql`insert into ${name} ${overriding} select * from jsonb_populate_recordset(null::${name}, ${JSON.stringify(rows)}::jsonb)`,
    );
  }
}

/** The restored record's version: one past the deletion's (whose entry made the row's version + 1). */
const afterDeletion = (row: SnapshotRow) => Number(row.version) + 2;

async function finish(
  tx: Queryable,
  ctx: AppContext,
  user: Actor,
  claimed: {
    deletion: typeof deletedRecords.$inferSelect;
    model: Model;
    title: unknown;
    version: number;
    /** The initiative whose history it belongs to (itself, or a measure's). */
    initiativeId: number | null;
  },
): Promise<void> {
  const { deletion, model } = claimed;
  await recordChanges(
    tx,
    {
      strategyId: deletion.strategyId,
      initiativeId: claimed.initiativeId,
      actorId: user.id,
      model,
      recordId: deletion.recordId,
      version: claimed.version,
    },
    [{ field: null, old: null, new: { title: claimed.title, restored: true } }],
  );
  await tx
    .update(deletedRecords)
    .set({ snapshot: null, restoredAt: ctx.clock.now() })
    .where(eq(deletedRecords.id, deletion.id));
  await touchStrategy(tx, deletion.strategyId);
  // Read after the insert: the restored people see the strategy again, so they hear of it too.
  const { roles } = await loadStrategyAccess(tx, deletion.strategyId, user);
  await publish(tx, [
    structureChange(changeBy(user.id, deletion.strategyId, roles), model, deletion.recordId, 'create'),
  ]);
}

export async function restoreFocusArea(ctx: AppContext, user: Actor, id: number): Promise<FocusArea> {
  const strategyId = await ctx.db.transaction(async (tx) => {
    const { deletion, snapshot } = await claimDeletion(ctx, tx, user, 'focusArea', id);
    const [kept] = snapshot.focus_areas;
    if (!kept) throw conflict(DELETED_RECORD_MESSAGES.periodEnded);
    const siblings = await tx
      .select({ id: focusAreas.id })
      .from(focusAreas)
      .where(eq(focusAreas.strategyId, deletion.strategyId))
      .orderBy(asc(focusAreas.sortIndex), asc(focusAreas.id));
    if (siblings.length >= LIMITS.focusAreasPerStrategy) throw conflict(DELETED_RECORD_MESSAGES.strategyFull);
    const version = afterDeletion(kept);
    const rows = await withoutGonePeople(tx, snapshot);
    await insertSnapshot(tx, { ...rows, focus_areas: [{ ...kept, version }] });
    const ids = siblings.map((row) => row.id);
    await writeOrder(tx, focusAreas, moveTo([...ids, id], id, Number(kept.sort_index)));
    await finish(tx, ctx, user, {
      deletion,
      model: 'focusArea',
      title: kept.title,
      version,
      initiativeId: null,
    });
    return deletion.strategyId;
  });
  const [row] = await ctx.db.select().from(focusAreas).where(eq(focusAreas.id, id));
  if (!row || row.strategyId !== strategyId) throw notFound(NOT_FOUND.focusArea);
  const contents = await loadFocusAreaContents(ctx.db, [id]);
  return presentFocusArea(row, contents.get(id));
}

export async function restoreInitiative(ctx: AppContext, user: Actor, id: number): Promise<Initiative> {
  const focusAreaId = await ctx.db.transaction(async (tx) => {
    const { deletion, snapshot } = await claimDeletion(ctx, tx, user, 'initiative', id);
    const kept = snapshot.initiatives.find((row) => row.id === id);
    if (!kept) throw conflict(DELETED_RECORD_MESSAGES.periodEnded);
    const areaId = Number(kept.focus_area_id);
    const [area] = await tx
      .select({ id: focusAreas.id })
      .from(focusAreas)
      .where(and(eq(focusAreas.id, areaId), eq(focusAreas.strategyId, deletion.strategyId)));
    if (!area) throw conflict(DELETED_RECORD_MESSAGES.focusAreaDeleted);
    const siblings = await tx
      .select({ id: initiatives.id })
      .from(initiatives)
      .where(eq(initiatives.focusAreaId, areaId))
      .orderBy(asc(initiatives.sortIndex), asc(initiatives.id));
    if (siblings.length >= LIMITS.initiativesPerFocusArea)
      throw conflict(DELETED_RECORD_MESSAGES.focusAreaFull);
    const version = afterDeletion(kept);
    const rows = await withoutGonePeople(tx, snapshot);
    await insertSnapshot(tx, {
      ...rows,
      initiatives: rows.initiatives.map((row) => (row.id === id ? { ...row, version } : row)),
    });
    const ids = siblings.map((row) => row.id);
    await writeOrder(tx, initiatives, moveTo([...ids, id], id, Number(kept.sort_index)));
    await finish(tx, ctx, user, {
      deletion,
      model: 'initiative',
      title: kept.title,
      version,
      initiativeId: id,
    });
    return areaId;
  });
  const restored = (await loadInitiatives(ctx.db, [focusAreaId]))
    .get(focusAreaId)
    ?.find((one) => one.id === id);
  if (!restored) throw notFound(NOT_FOUND.initiative);
  return restored;
}

/** Whether the measure's initiative or focus area is still there, in the strategy it was deleted from. */
async function ownerIsThere(tx: Queryable, strategyId: number, kept: SnapshotRow): Promise<boolean> {
  if (kept.initiative_id !== null) {
    const [found] = await tx
      .select({ id: initiatives.id })
      .from(initiatives)
      .innerJoin(focusAreas, eq(focusAreas.id, initiatives.focusAreaId))
      .where(and(eq(initiatives.id, Number(kept.initiative_id)), eq(focusAreas.strategyId, strategyId)));
    return found !== undefined;
  }
  const [found] = await tx
    .select({ id: focusAreas.id })
    .from(focusAreas)
    .where(and(eq(focusAreas.id, Number(kept.focus_area_id)), eq(focusAreas.strategyId, strategyId)));
  return found !== undefined;
}

export async function restoreMeasure(ctx: AppContext, user: Actor, id: number): Promise<Measure> {
  await ctx.db.transaction(async (tx) => {
    const { deletion, snapshot } = await claimDeletion(ctx, tx, user, 'measure', id);
    const kept = snapshot.measures.find((row) => row.id === id);
    if (!kept) throw conflict(DELETED_RECORD_MESSAGES.periodEnded);
    if (!(await ownerIsThere(tx, deletion.strategyId, kept)))
      throw conflict(DELETED_RECORD_MESSAGES.measureOwnerDeleted);
    // Under the strategy's lock, which creating a measure takes too: the limit of 3 holds.
    const initiativeId = kept.initiative_id === null ? null : Number(kept.initiative_id);
    const siblings = await tx
      .select({ id: measures.id })
      .from(measures)
      .where(
        initiativeId !== null
          ? eq(measures.initiativeId, initiativeId)
          : eq(measures.focusAreaId, Number(kept.focus_area_id)),
      );
    if (siblings.length >= LIMITS.measuresPerItem) throw conflict(DELETED_RECORD_MESSAGES.measuresFull);
    const version = afterDeletion(kept);
    const rows = await withoutGonePeople(tx, snapshot);
    // Its sort index is kept: measures are listed by it, then by id, so it goes back near its place.
    await insertSnapshot(tx, { ...rows, measures: [{ ...kept, version }] });
    await finish(tx, ctx, user, { deletion, model: 'measure', title: kept.title, version, initiativeId });
  });
  const [restored] = await loadMeasures(ctx.db, { measureIds: [id] });
  if (!restored) throw notFound(NOT_FOUND.measure);
  return restored;
}
