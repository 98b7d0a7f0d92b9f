/** GET /strategy/{id}/activity/ and /initiative/{id}/activity/: the history, newest first. */
import { type ActivityEntry, type ActivityModel, type ActivityPage, LIMITS } from '@keystone/contract';
import { and, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor';
import type { AppContext } from '../../core/context';
import { loadInitiativeAccess } from '../../core/initiativeAccess';
import { loadStrategyAccess } from '../../core/strategyAccess';
import { presentUserSummary } from '../../core/userPresenters';
import { activity, deletedRecords, users } from '../../db/schema';

const DEFAULT_PAGE = 50;

interface PageQuery {
  before?: number;
  limit?: number;
}

async function readPage(ctx: AppContext, scope: SQL, query: PageQuery): Promise<ActivityPage> {
  const limit = Math.min(query.limit ?? DEFAULT_PAGE, LIMITS.activityPageMax);
  const rows = await ctx.db
    .select({
      entry: activity,
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      isActive: users.isActive,
      // The deletion of a focus area or initiative kept restorable (none for other entries).
      deletedAt: deletedRecords.deletedAt,
      restoredAt: deletedRecords.restoredAt,
      kept: sql<boolean>`${deletedRecords.snapshot} is not null`,
    })
    .from(activity)
    .leftJoin(users, eq(users.id, activity.actorId))
    .leftJoin(deletedRecords, eq(deletedRecords.activityId, activity.id))
    .where(and(scope, query.before === undefined ? undefined : lt(activity.id, query.before)))
    .orderBy(desc(activity.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const now = ctx.clock.now().getTime();
  const restoreOf = (row: (typeof rows)[number]): Pick<ActivityEntry, 'restore'> => {
    if (!row.deletedAt) return {};
    const until = row.deletedAt.getTime() + ctx.config.deletedRetentionMs;
    const state = row.restoredAt ? 'restored' : row.kept && until > now ? 'available' : 'expired';
    return { restore: { state, until: new Date(until).toISOString() } };
  };
  return {
    results: page.map((row): ActivityEntry => {
      const { entry, userId, email, firstName, lastName, isActive } = row;
      return {
        id: entry.id,
        model: entry.model as ActivityModel,
        record_id: entry.recordId,
        initiative_id: entry.initiativeId,
        field: entry.field,
        old_value: entry.oldValue,
        new_value: entry.newValue,
        version: entry.version,
        user:
          userId === null || email === null
            ? null
            : presentUserSummary({
                id: userId,
                email,
                firstName: firstName ?? '',
                lastName: lastName ?? '',
                isActive: isActive ?? true,
              }),
        created_at: entry.createdAt.toISOString(),
        ...restoreOf(row),
      };
    }),
    next_before: rows.length > limit ? (page.at(-1)?.entry.id ?? null) : null,
  };
}

/** Every change of the strategy and its focus areas, initiatives, timelines, team and comments. */
export async function strategyActivity(
  ctx: AppContext,
  user: Actor,
  strategyId: number,
  query: PageQuery,
): Promise<ActivityPage> {
  await loadStrategyAccess(ctx.db, strategyId, user);
  return readPage(ctx, eq(activity.strategyId, strategyId), query);
}

/** The changes of one initiative: its title, status, charter, timeline, team, approval, comments. */
export async function initiativeActivity(
  ctx: AppContext,
  user: Actor,
  initiativeId: number,
  query: PageQuery,
): Promise<ActivityPage> {
  const { access } = await loadInitiativeAccess(ctx.db, initiativeId, user);
  return readPage(
    ctx,
    and(eq(activity.strategyId, access.strategy.id), eq(activity.initiativeId, initiativeId))!,
    query,
  );
}
