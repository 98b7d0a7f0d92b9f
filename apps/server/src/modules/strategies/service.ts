/** Strategies: list, the whole page, create (with a first focus area and initiative), update, delete. */
import {
  canEditStrategy,
  canViewStrategy,
  type Strategy,
  type StrategySummary,
  strategyRoles,
  type UpdateStrategyRequest,
} from '@keystone/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { changesOf, ensureNotStale, recordChanges } from '../../core/activityRecord';
import type { Actor } from '../../core/actor';
import type { AppContext } from '../../core/context';
import { createCurrentComments } from '../../core/currentComments';
import { notFound } from '../../core/errors';
import { changeBy, fieldUpdates, publish, structureChange } from '../../core/events';
import { ensureNotLockedByOthers } from '../../core/fieldLocks';
import { requirePlainText, sanitizeRichText } from '../../core/sanitize';
import { createSettings } from '../../core/settingsRow';
import { ensure, loadStrategyAccess, STRATEGY_NOT_FOUND, visibleTo } from '../../core/strategyAccess';
import { loadFocusAreas, loadMasters, mastersByStrategy } from '../../core/strategyPageQueries';
import { presentStrategySummary } from '../../core/strategyPresenters';
import { recordStrategyEvent, webhookLinks } from '../../core/webhookEvents';
import type { Queryable } from '../../db/client';
import { readBoth } from '../../db/reads';
import { focusAreas, initiatives, strategies, strategyMasters } from '../../db/schema';

/** Strategies the user may see: as a master, or through a role in one of its initiatives. */
export async function listStrategies(ctx: AppContext, user: Actor): Promise<StrategySummary[]> {
  const rows = await ctx.db
    .select()
    .from(strategies)
    .where(and(eq(strategies.organisationId, user.organisationId), visibleTo(ctx.db, user.id)))
    .orderBy(desc(strategies.updatedAt), desc(strategies.id));
  if (rows.length === 0) return [];
  const masters = await mastersByStrategy(
    ctx.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => presentStrategySummary(row, masters.get(row.id) ?? []));
}

/** A strategy's page in a fixed number of queries, whoever asks; null when there is none. */
async function loadPage(db: Queryable, strategyId: number, organisationId?: number) {
  const [strategy] = await db
    .select()
    .from(strategies)
    .where(
      and(
        eq(strategies.id, strategyId),
        organisationId === undefined ? undefined : eq(strategies.organisationId, organisationId),
      ),
    );
  if (!strategy) return null;
  const [masters, areas] = await readBoth(
    db,
    () => loadMasters(db, strategyId),
    () => loadFocusAreas(db, strategyId),
  );
  const page: Strategy = { ...presentStrategySummary(strategy, masters), focus_areas: areas };
  return { organisationId: strategy.organisationId, roles: strategyRoles(page), page };
}

/** The whole page in a fixed number of queries; 404 unless the user may see it. */
export async function getStrategyPage(db: Queryable, strategyId: number, user: Actor): Promise<Strategy> {
  const loaded = await loadPage(db, strategyId, user.organisationId);
  if (!loaded || !canViewStrategy(user.id, loaded.roles)) throw notFound(STRATEGY_NOT_FOUND);
  return loaded.page;
}

/** The page's JSON as GET /api/strategy/{id} sends it, from this instance's page cache. */
export async function readStrategyPage(ctx: AppContext, strategyId: number, user: Actor): Promise<string> {
  const cached = await ctx.pages.read(strategyId, async (id) => {
    const loaded = await loadPage(ctx.db, id);
    return (
      loaded && {
        organisationId: loaded.organisationId,
        roles: loaded.roles,
        json: JSON.stringify(loaded.page),
      }
    );
  });
  if (!cached || cached.organisationId !== user.organisationId || !canViewStrategy(user.id, cached.roles)) {
    throw notFound(STRATEGY_NOT_FOUND);
  }
  return cached.json;
}

export async function createStrategy(
  ctx: AppContext,
  user: Actor,
  input: { title?: string; ambition?: string },
): Promise<Strategy> {
  const strategyId = await ctx.db.transaction(async (tx) => {
    const [strategy] = await tx
      .insert(strategies)
      .values({
        organisationId: user.organisationId,
        createdBy: user.id,
        title: input.title?.trim() ?? '',
        ambition: sanitizeRichText(input.ambition ?? ''),
      })
      .returning({ id: strategies.id, title: strategies.title, version: strategies.version });
    await recordChanges(
      tx,
      {
        strategyId: strategy!.id,
        actorId: user.id,
        model: 'strategy',
        recordId: strategy!.id,
        version: strategy!.version,
      },
      [{ field: null, old: null, new: { title: strategy!.title } }],
    );
    await tx.insert(strategyMasters).values({ strategyId: strategy!.id, userId: user.id });
    const [area] = await tx
      .insert(focusAreas)
      .values({ strategyId: strategy!.id, sortIndex: 0 })
      .returning({ id: focusAreas.id });
    const [initiative] = await tx
      .insert(initiatives)
      .values({ focusAreaId: area!.id, sortIndex: 0 })
      .returning({ id: initiatives.id });
    await createCurrentComments(tx, [initiative!.id]);
    await createSettings(tx, strategy!.id);
    await recordStrategyEvent(tx, ctx.config.appUrl, user, strategy!, 'strategy.created');
    return strategy!.id;
  });
  return getStrategyPage(ctx.db, strategyId, user);
}

export async function updateStrategy(
  ctx: AppContext,
  user: Actor,
  strategyId: number,
  input: UpdateStrategyRequest,
): Promise<StrategySummary> {
  const access = await loadStrategyAccess(ctx.db, strategyId, user);
  ensure(canEditStrategy(user.id, access.roles));
  const fields = {
    ...(input.title !== undefined && { title: input.title.trim() }),
    ...(input.ambition !== undefined && {
      ambition: requirePlainText('ambition', sanitizeRichText(input.ambition)),
    }),
    ...(input.status !== undefined && { status: input.status }),
  };
  await ensureNotLockedByOthers(ctx.db, user, 'strategy', strategyId, Object.keys(fields));
  // The write, its history and its live update commit together, so others see edits in the order
  // they happened; the row lock orders concurrent writers for the stale check.
  const updated = await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(strategies).where(eq(strategies.id, strategyId)).for('update');
    if (!current) throw notFound(STRATEGY_NOT_FOUND);
    const changes = changesOf(current, fields);
    // Saving what is already stored changes nothing, and so cannot conflict.
    if (changes.length === 0) return current;
    await ensureNotStale(tx, {
      model: 'strategy',
      recordId: strategyId,
      fields: changes.map((change) => change.field!),
      since: input.version,
      userId: user.id,
      current: async () => presentStrategySummary(current, await loadMasters(tx, strategyId)),
    });
    const changed = Object.fromEntries(changes.map((change) => [change.field!, change.new]));
    const [row] = await tx
      .update(strategies)
      .set({ ...changed, version: sql`${strategies.version} + 1`, updatedAt: new Date() })
      .where(eq(strategies.id, strategyId))
      .returning();
    await recordChanges(
      tx,
      { strategyId, actorId: user.id, model: 'strategy', recordId: strategyId, version: row!.version },
      changes,
    );
    await publish(
      tx,
      fieldUpdates(changeBy(user.id, strategyId, access.roles), 'strategy', strategyId, changed),
    );
    await recordStrategyEvent(tx, ctx.config.appUrl, user, row!, 'strategy.updated', {
      changed: Object.keys(changed),
    });
    return row!;
  });
  return presentStrategySummary(updated, await loadMasters(ctx.db, strategyId));
}

export async function deleteStrategy(ctx: AppContext, user: Actor, strategyId: number): Promise<void> {
  const access = await loadStrategyAccess(ctx.db, strategyId, user);
  ensure(canEditStrategy(user.id, access.roles));
  await ctx.db.transaction(async (tx) => {
    // Focus areas, initiatives, members, timelines and comments go with it (ON DELETE CASCADE),
    // and so do its own webhook endpoints: the organisation's hear of the deletion.
    await tx.delete(strategies).where(eq(strategies.id, strategyId));
    await recordStrategyEvent(tx, ctx.config.appUrl, user, access.strategy, 'strategy.deleted', {
      url: webhookLinks.organisation(ctx.config.appUrl),
    });
    await publish(tx, [
      structureChange(changeBy(user.id, strategyId, access.roles), 'strategy', strategyId, 'delete'),
    ]);
  });
}
