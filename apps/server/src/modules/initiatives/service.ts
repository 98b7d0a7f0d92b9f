/** Initiatives: at most 5 per focus area, at least 1, densely ordered; title and charter fields. */
import {
  CHARTER_TEXT_FIELDS,
  camelName,
  canEditInitiative,
  canEditProgress,
  canEditStrategy,
  type Initiative,
  type InitiativeDetail,
  LIMITS,
  STRATEGY_MESSAGES,
  type UpdateInitiativeRequest,
} from '@keystone/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { changesOf, ensureNotStale, recordChanges } from '../../core/activityRecord';
import type { Actor } from '../../core/actor';
import type { AppContext } from '../../core/context';
import { createCurrentComments } from '../../core/currentComments';
import { asNotFound, conflict, notFound } from '../../core/errors';
import { changeBy, fieldUpdates, publish, structureChange } from '../../core/events';
import { ensureNotLockedByOthers } from '../../core/fieldLocks';
import { loadInitiativeAccess } from '../../core/initiativeAccess';
import { keepDeleted } from '../../core/keepDeleted';
import { moveTo, writeOrder } from '../../core/ordering';
import { requirePlainText, sanitizeRichText } from '../../core/sanitize';
import { ensure, loadStrategyAccess, rolesOf } from '../../core/strategyAccess';
import { loadInitiatives, loadMasters } from '../../core/strategyPageQueries';
import { lockStrategyRow, touchStrategy } from '../../core/strategyRow';
import { recordStrategyEvent, webhookLinks } from '../../core/webhookEvents';
import type { Queryable } from '../../db/client';
import { focusAreas, initiatives } from '../../db/schema';
import { withdrawApprovalAfterChange } from './approval';

const INITIATIVE_NOT_FOUND = STRATEGY_MESSAGES.initiativeNotFound;
const FOCUS_AREA_NOT_FOUND = STRATEGY_MESSAGES.focusAreaNotFound;

async function presentOne(db: Queryable, focusAreaId: number, id: number): Promise<Initiative> {
  const presented = (await loadInitiatives(db, [focusAreaId])).get(focusAreaId)?.find((one) => one.id === id);
  if (!presented) throw notFound(INITIATIVE_NOT_FOUND);
  return presented;
}

async function siblingIds(db: Queryable, focusAreaId: number): Promise<number[]> {
  const rows = await db
    .select({ id: initiatives.id })
    .from(initiatives)
    .where(eq(initiatives.focusAreaId, focusAreaId))
    .orderBy(asc(initiatives.sortIndex), asc(initiatives.id));
  return rows.map((row) => row.id);
}

/** The initiative with what its charter page shows of the strategy. */
export async function getInitiative(ctx: AppContext, user: Actor, id: number): Promise<InitiativeDetail> {
  const { focusArea, access } = await loadInitiativeAccess(ctx.db, id, user);
  // ctx.db is the pool (a Db, never a transaction), so the two reads may run together.
  const [initiative, masters] = await Promise.all([
    presentOne(ctx.db, focusArea.id, id),
    loadMasters(ctx.db, access.strategy.id),
  ]);
  return {
    ...initiative,
    strategy_id: access.strategy.id,
    ambition: access.strategy.ambition,
    strategy_masters: masters,
    focus_area_title: focusArea.title,
  };
}

export async function createInitiative(
  ctx: AppContext,
  user: Actor,
  input: UpdateInitiativeRequest & { focus_area: number; sort_index?: number },
): Promise<Initiative> {
  const created = await ctx.db.transaction(async (tx) => {
    const [focusArea] = await tx.select().from(focusAreas).where(eq(focusAreas.id, input.focus_area));
    if (!focusArea) throw notFound(FOCUS_AREA_NOT_FOUND);
    // Locking the strategy serialises adds, moves and deletes of its initiatives.
    const access = await loadStrategyAccess(tx, focusArea.strategyId, user, { forUpdate: true }).catch(
      asNotFound(FOCUS_AREA_NOT_FOUND),
    );
    ensure(canEditStrategy(user.id, access.roles));
    // Read again under the lock: a concurrent delete of the focus area must be a 404, not a 500.
    const [stillThere] = await tx
      .select({ id: focusAreas.id })
      .from(focusAreas)
      .where(eq(focusAreas.id, focusArea.id));
    if (!stillThere) throw notFound(FOCUS_AREA_NOT_FOUND);
    const ids = await siblingIds(tx, focusArea.id);
    if (ids.length >= LIMITS.initiativesPerFocusArea) throw conflict(STRATEGY_MESSAGES.tooManyInitiatives);
    const [row] = await tx
      .insert(initiatives)
      .values({ focusAreaId: focusArea.id, sortIndex: ids.length, ...editableFields(input) })
      .returning({ id: initiatives.id, title: initiatives.title });
    await createCurrentComments(tx, [row!.id]);
    await writeOrder(tx, initiatives, moveTo([...ids, row!.id], row!.id, input.sort_index ?? ids.length));
    await recordChanges(tx, structureEntry(focusArea.strategyId, user, row!.id, 1), [
      { field: null, old: null, new: { title: row!.title } },
    ]);
    await touchStrategy(tx, focusArea.strategyId);
    await publish(tx, [
      structureChange(changeBy(user.id, focusArea.strategyId, access.roles), 'initiative', row!.id, 'create'),
    ]);
    await recordStrategyEvent(tx, ctx.config.appUrl, user, access.strategy, 'initiative.created', {
      focus_area_id: focusArea.id,
      initiative_id: row!.id,
      initiative_title: row!.title,
      url: webhookLinks.charter(ctx.config.appUrl, row!.id),
    });
    return { id: row!.id, focusAreaId: focusArea.id };
  });
  return presentOne(ctx.db, created.focusAreaId, created.id);
}

/** Who changed which initiative, for its history entries (which belong to the initiative too). */
const structureEntry = (strategyId: number, user: Actor, id: number, version: number) => ({
  strategyId,
  initiativeId: id,
  actorId: user.id,
  model: 'initiative' as const,
  recordId: id,
  version,
});

/**
 * What an update may change, by wire name: each is a field of the initiative's history kinds, and
 * is stored in the column of its name in camelCase.
 */
type EditedField = Exclude<keyof UpdateInitiativeRequest, 'version'>;
const columnOf = (field: EditedField) => camelName(field) satisfies keyof typeof initiatives.$inferSelect;

/** Request fields → their values by wire name, with every rich text sanitised. */
function editableFields(input: UpdateInitiativeRequest): Partial<Record<EditedField, string>> {
  const rich = (value: string | undefined) => (value === undefined ? undefined : sanitizeRichText(value));
  const fields = {
    title: rich(input.title),
    status: input.status,
    ...Object.fromEntries(CHARTER_TEXT_FIELDS.map((field) => [field, rich(input[field])])),
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

/** Fields that are neither the title nor the status: an approval covers them. */
const isCharterField = (wireName: string) => wireName !== 'title' && wireName !== 'status';

/** A change of status is its own event (with the status before); any other field is `initiative.updated`. */
async function recordInitiativeEvents(
  ctx: AppContext,
  tx: Queryable,
  user: Actor,
  strategy: { id: number; title: string },
  before: typeof initiatives.$inferSelect,
  changed: Record<string, unknown>,
): Promise<void> {
  const { status, ...others } = changed;
  const about = {
    focus_area_id: before.focusAreaId,
    initiative_id: before.id,
    initiative_title: typeof changed.title === 'string' ? changed.title : before.title,
    url: webhookLinks.charter(ctx.config.appUrl, before.id),
  };
  if (typeof status === 'string') {
    await recordStrategyEvent(tx, ctx.config.appUrl, user, strategy, 'initiative.status_changed', {
      ...about,
      status,
      previous_status: before.status,
    });
  }
  if (Object.keys(others).length > 0) {
    await recordStrategyEvent(tx, ctx.config.appUrl, user, strategy, 'initiative.updated', {
      ...about,
      changed: Object.keys(others),
    });
  }
}

export async function updateInitiative(
  ctx: AppContext,
  user: Actor,
  id: number,
  input: UpdateInitiativeRequest,
): Promise<Initiative> {
  const { initiative, access } = await loadInitiativeAccess(ctx.db, id, user);
  const roles = rolesOf(access, id);
  // `version` says where the edit started; it is not a field of the initiative.
  const { status, version: since, ...charter } = input;
  const wanted = editableFields(input);
  // Nothing to change is no write at all (and so needs no right beyond seeing it).
  if (Object.keys(wanted).length === 0) return presentOne(ctx.db, initiative.focusAreaId, id);
  // Status is progress (team members may change it); title and charter need edit rights.
  if (status !== undefined) ensure(canEditProgress(user.id, access.roles, roles));
  if (Object.keys(charter).length > 0) ensure(canEditInitiative(user.id, access.roles, roles));
  if (typeof wanted.title === 'string') requirePlainText('title', wanted.title);
  await ensureNotLockedByOthers(ctx.db, user, 'initiative', id, Object.keys(wanted));
  await ctx.db.transaction(async (tx) => {
    // Read under a row lock: an approval given meanwhile must be seen, and withdrawn if need be;
    // and concurrent writers are ordered for the stale check.
    await lockStrategyRow(tx, access.strategy.id);
    const [current] = await tx.select().from(initiatives).where(eq(initiatives.id, id)).for('update');
    if (!current) throw notFound(INITIATIVE_NOT_FOUND);
    const stored = (Object.keys(wanted) as EditedField[]).map((field) => [field, current[columnOf(field)]]);
    const changes = changesOf(Object.fromEntries(stored), wanted);
    // Saving what is stored is no write, and keeps the approval (only a real change withdraws it).
    if (changes.length === 0) return;
    const changedFields = changes.map((change) => change.field!);
    await ensureNotStale(tx, {
      model: 'initiative',
      recordId: id,
      fields: changedFields,
      since,
      userId: user.id,
      current: () => presentOne(tx, current.focusAreaId, id),
    });
    const changed = Object.fromEntries(changes.map((change) => [change.field!, change.new]));
    const columns = Object.fromEntries(changes.map((change) => [camelName(change.field!), change.new]));
    const [row] = await tx
      .update(initiatives)
      .set({ ...columns, version: sql`${initiatives.version} + 1`, updatedAt: new Date() })
      .where(eq(initiatives.id, id))
      .returning({ version: initiatives.version });
    await recordChanges(tx, structureEntry(access.strategy.id, user, id, row!.version), changes);
    await touchStrategy(tx, access.strategy.id);
    const change = changeBy(user.id, access.strategy.id, access.roles);
    await publish(tx, fieldUpdates(change, 'initiative', id, changed));
    await recordInitiativeEvents(ctx, tx, user, access.strategy, current, changed);
    // The approval covers the charter as approved; a real change to it withdraws the approval.
    const charterChanged = changedFields.filter(isCharterField);
    if (charterChanged.length > 0) {
      await withdrawApprovalAfterChange(tx, current, change, {
        editor: user,
        fields: charterChanged,
        appUrl: ctx.config.appUrl,
      });
    }
  });
  return presentOne(ctx.db, initiative.focusAreaId, id);
}

export async function sortInitiative(ctx: AppContext, user: Actor, id: number, sortIndex: number) {
  return ctx.db.transaction(async (tx) => {
    const { initiative, access } = await loadInitiativeAccess(tx, id, user, true);
    ensure(canEditStrategy(user.id, access.roles));
    const ids = await siblingIds(tx, initiative.focusAreaId);
    const order = moveTo(ids, id, sortIndex);
    const from = ids.indexOf(id);
    const to = order.indexOf(id);
    // Only a real move is a change of the moved record (the others shift along with it).
    const version = await writeOrder(tx, initiatives, order, from === to ? undefined : id);
    if (version !== undefined) {
      await recordChanges(tx, structureEntry(access.strategy.id, user, id, version), [
        { field: 'sort_index', old: from, new: to },
      ]);
    }
    await touchStrategy(tx, access.strategy.id);
    await publish(tx, [
      structureChange(changeBy(user.id, access.strategy.id, access.roles), 'initiative', id, 'sort'),
    ]);
    return {
      id,
      sort_index: order.indexOf(id),
      order: order.map((siblingId, index) => ({ id: siblingId, sort_index: index })),
    };
  });
}

export async function deleteInitiative(ctx: AppContext, user: Actor, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const { initiative, access } = await loadInitiativeAccess(tx, id, user, true);
    ensure(canEditStrategy(user.id, access.roles));
    const ids = await siblingIds(tx, initiative.focusAreaId);
    if (ids.length <= 1) throw conflict(STRATEGY_MESSAGES.lastInitiative);
    const [entryId] = await recordChanges(
      tx,
      structureEntry(access.strategy.id, user, id, initiative.version + 1),
      [{ field: null, old: { title: initiative.title }, new: null }],
    );
    // Kept restorable for the retention period, with its people, timeline and comments.
    await keepDeleted(tx, {
      strategyId: access.strategy.id,
      model: 'initiative',
      recordId: id,
      activityId: entryId!,
      deletedBy: user.id,
      deletedAt: ctx.clock.now(),
    });
    // Members, timelines and comments go with it (ON DELETE CASCADE).
    await tx.delete(initiatives).where(eq(initiatives.id, id));
    await writeOrder(
      tx,
      initiatives,
      ids.filter((siblingId) => siblingId !== id),
    );
    await touchStrategy(tx, access.strategy.id);
    await publish(tx, [
      structureChange(changeBy(user.id, access.strategy.id, access.roles), 'initiative', id, 'delete'),
    ]);
    await recordStrategyEvent(tx, ctx.config.appUrl, user, access.strategy, 'initiative.deleted', {
      focus_area_id: initiative.focusAreaId,
      initiative_id: id,
      initiative_title: initiative.title,
    });
  });
}
