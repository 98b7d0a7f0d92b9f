/** Focus areas: at most 5 per strategy, at least 1, densely ordered; masters change them. */
import { canEditStrategy, type FocusArea, LIMITS, STRATEGY_MESSAGES } from '@keystone/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { changesOf, ensureNotStale, recordChanges } from '../../core/activityRecord';
import type { Actor } from '../../core/actor';
import type { AppContext } from '../../core/context';
import { createCurrentComments } from '../../core/currentComments';
import { asNotFound, conflict, notFound } from '../../core/errors';
import { changeBy, fieldUpdates, publish, structureChange } from '../../core/events';
import { ensureNotLockedByOthers } from '../../core/fieldLocks';
import { keepDeleted } from '../../core/keepDeleted';
import { moveTo, writeOrder } from '../../core/ordering';
import { requirePlainText, sanitizeRichText } from '../../core/sanitize';
import { ensure, loadStrategyAccess, type StrategyAccess } from '../../core/strategyAccess';
import { loadFocusAreaContents } from '../../core/strategyPageQueries';
import { presentFocusArea } from '../../core/strategyPresenters';
import { lockStrategyRow, touchStrategy } from '../../core/strategyRow';
import { recordStrategyEvent } from '../../core/webhookEvents';
import type { Queryable } from '../../db/client';
import { focusAreas, initiatives } from '../../db/schema';

const FOCUS_AREA_NOT_FOUND = STRATEGY_MESSAGES.focusAreaNotFound;

/**
 * The focus area's row and its strategy's access; 404 unless the user may see the strategy.
 * With `forUpdate` the strategy row is locked and the focus area read again under the lock,
 * so a concurrent delete is seen (404) rather than acted on twice.
 */
async function loadFocusAreaAccess(db: Queryable, focusAreaId: number, user: Actor, forUpdate = false) {
  const read = async () => (await db.select().from(focusAreas).where(eq(focusAreas.id, focusAreaId)))[0];
  const found = await read();
  if (!found) throw notFound(FOCUS_AREA_NOT_FOUND);
  const access = await loadStrategyAccess(db, found.strategyId, user, { forUpdate }).catch(
    asNotFound(FOCUS_AREA_NOT_FOUND),
  );
  const row = forUpdate ? await read() : found;
  if (!row) throw notFound(FOCUS_AREA_NOT_FOUND);
  return { row, access };
}

async function presentOne(db: Queryable, row: typeof focusAreas.$inferSelect): Promise<FocusArea> {
  const contents = await loadFocusAreaContents(db, [row.id]);
  return presentFocusArea(row, contents.get(row.id));
}

async function siblingIds(db: Queryable, strategyId: number): Promise<number[]> {
  const rows = await db
    .select({ id: focusAreas.id })
    .from(focusAreas)
    .where(eq(focusAreas.strategyId, strategyId))
    .orderBy(asc(focusAreas.sortIndex), asc(focusAreas.id));
  return rows.map((row) => row.id);
}

export async function getFocusArea(ctx: AppContext, user: Actor, id: number): Promise<FocusArea> {
  const { row } = await loadFocusAreaAccess(ctx.db, id, user);
  return presentOne(ctx.db, row);
}

/** Adds a focus area (with one initiative, so no column is ever empty) at `sortIndex` or last. */
export async function createFocusArea(
  ctx: AppContext,
  user: Actor,
  input: { strategy: number; sort_index?: number; title?: string },
): Promise<FocusArea> {
  const row = await ctx.db.transaction(async (tx) => {
    // The strategy row lock serialises concurrent adds and moves, so limits and order hold.
    const access: StrategyAccess = await loadStrategyAccess(tx, input.strategy, user, { forUpdate: true });
    ensure(canEditStrategy(user.id, access.roles));
    const ids = await siblingIds(tx, input.strategy);
    if (ids.length >= LIMITS.focusAreasPerStrategy) throw conflict(STRATEGY_MESSAGES.tooManyFocusAreas);
    const [created] = await tx
      .insert(focusAreas)
      .values({
        strategyId: input.strategy,
        sortIndex: ids.length,
        title: sanitizeRichText(input.title ?? ''),
      })
      .returning();
    const [initiative] = await tx
      .insert(initiatives)
      .values({ focusAreaId: created!.id, sortIndex: 0 })
      .returning({ id: initiatives.id });
    await createCurrentComments(tx, [initiative!.id]);
    const order = moveTo([...ids, created!.id], created!.id, input.sort_index ?? ids.length);
    await writeOrder(tx, focusAreas, order);
    await recordChanges(
      tx,
      { strategyId: input.strategy, actorId: user.id, model: 'focusArea', recordId: created!.id, version: 1 },
      [{ field: null, old: null, new: { title: created!.title } }],
    );
    await touchStrategy(tx, input.strategy);
    await publish(tx, [
      structureChange(changeBy(user.id, input.strategy, access.roles), 'focusArea', created!.id, 'create'),
    ]);
    await recordStrategyEvent(tx, ctx.config.appUrl, user, access.strategy, 'focus_area.created', {
      focus_area_id: created!.id,
      focus_area_title: created!.title,
    });
    return { ...created!, sortIndex: order.indexOf(created!.id) };
  });
  return presentOne(ctx.db, row);
}

export async function updateFocusArea(
  ctx: AppContext,
  user: Actor,
  id: number,
  input: { title: string; version?: number | undefined },
): Promise<FocusArea> {
  const { row, access } = await loadFocusAreaAccess(ctx.db, id, user);
  ensure(canEditStrategy(user.id, access.roles));
  const title = requirePlainText('title', sanitizeRichText(input.title));
  await ensureNotLockedByOthers(ctx.db, user, 'focusArea', id, ['title']);
  const updated = await ctx.db.transaction(async (tx) => {
    // The row locks (strategy first) order concurrent writers for the stale check.
    await lockStrategyRow(tx, row.strategyId);
    const [current] = await tx.select().from(focusAreas).where(eq(focusAreas.id, id)).for('update');
    if (!current) throw notFound(FOCUS_AREA_NOT_FOUND);
    const changes = changesOf(current, { title });
    // Saving what is already stored changes nothing, and so cannot conflict.
    if (changes.length === 0) return current;
    await ensureNotStale(tx, {
      model: 'focusArea',
      recordId: id,
      fields: ['title'],
      since: input.version,
      userId: user.id,
      current: () => presentOne(tx, current),
    });
    const [changed] = await tx
      .update(focusAreas)
      .set({ title, version: sql`${focusAreas.version} + 1`, updatedAt: new Date() })
      .where(eq(focusAreas.id, id))
      .returning();
    await recordChanges(
      tx,
      {
        strategyId: row.strategyId,
        actorId: user.id,
        model: 'focusArea',
        recordId: id,
        version: changed!.version,
      },
      changes,
    );
    await touchStrategy(tx, row.strategyId);
    await publish(
      tx,
      fieldUpdates(changeBy(user.id, row.strategyId, access.roles), 'focusArea', id, { title }),
    );
    await recordStrategyEvent(tx, ctx.config.appUrl, user, access.strategy, 'focus_area.updated', {
      focus_area_id: id,
      focus_area_title: title,
    });
    return changed!;
  });
  return presentOne(ctx.db, updated);
}

export async function sortFocusArea(ctx: AppContext, user: Actor, id: number, sortIndex: number) {
  return ctx.db.transaction(async (tx) => {
    const { row, access } = await loadFocusAreaAccess(tx, id, user, true);
    ensure(canEditStrategy(user.id, access.roles));
    const ids = await siblingIds(tx, row.strategyId);
    const order = moveTo(ids, id, sortIndex);
    const from = ids.indexOf(id);
    const to = order.indexOf(id);
    // Only a real move is a change of the moved record (the others shift along with it).
    const version = await writeOrder(tx, focusAreas, order, from === to ? undefined : id);
    if (version !== undefined) {
      await recordChanges(
        tx,
        { strategyId: row.strategyId, actorId: user.id, model: 'focusArea', recordId: id, version },
        [{ field: 'sort_index', old: from, new: to }],
      );
    }
    await touchStrategy(tx, row.strategyId);
    await publish(tx, [
      structureChange(changeBy(user.id, row.strategyId, access.roles), 'focusArea', id, 'sort'),
    ]);
    return {
      id,
      sort_index: order.indexOf(id),
      order: order.map((siblingId, index) => ({ id: siblingId, sort_index: index })),
    };
  });
}

export async function deleteFocusArea(ctx: AppContext, user: Actor, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const { row, access } = await loadFocusAreaAccess(tx, id, user, true);
    ensure(canEditStrategy(user.id, access.roles));
    const ids = await siblingIds(tx, row.strategyId);
    if (ids.length <= 1) throw conflict(STRATEGY_MESSAGES.lastFocusArea);
    const [entryId] = await recordChanges(
      tx,
      {
        strategyId: row.strategyId,
        actorId: user.id,
        model: 'focusArea',
        recordId: id,
        version: row.version + 1,
      },
      [{ field: null, old: { title: row.title }, new: null }],
    );
    // Kept restorable for the retention period, with everything under it.
    await keepDeleted(tx, {
      strategyId: row.strategyId,
      model: 'focusArea',
      recordId: id,
      activityId: entryId!,
      deletedBy: user.id,
      deletedAt: ctx.clock.now(),
    });
    // Its initiatives, their members, timelines and comments go with it (ON DELETE CASCADE).
    await tx.delete(focusAreas).where(eq(focusAreas.id, id));
    await writeOrder(
      tx,
      focusAreas,
      ids.filter((siblingId) => siblingId !== id),
    );
    await touchStrategy(tx, row.strategyId);
    await publish(tx, [
      structureChange(changeBy(user.id, row.strategyId, access.roles), 'focusArea', id, 'delete'),
    ]);
    await recordStrategyEvent(tx, ctx.config.appUrl, user, access.strategy, 'focus_area.deleted', {
      focus_area_id: id,
      focus_area_title: row.title,
    });
  });
}
