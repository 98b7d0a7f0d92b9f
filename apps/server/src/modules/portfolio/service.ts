/**
 * The portfolio overview (issue 18) in three queries however many strategies: the visible
 * strategies with their schedules, their initiatives with the current comments' texts, and the
 * status counts locked at each strategy's last due dates.
 */
import {
  INITIATIVE_STATUS_CODES,
  type InitiativeStatus,
  isUpdateEmpty,
  PORTFOLIO_TREND_DATES,
  type PortfolioStrategy,
  type StatusCounts,
  statusOrInactive,
} from '@keystone/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor';
import type { AppContext } from '../../core/context';
import { visibleTo } from '../../core/strategyAccess';
import type { Queryable } from '../../db/client';
import { readBoth } from '../../db/reads';
import { comments, focusAreas, initiatives, notificationSettings, strategies } from '../../db/schema';
import { isoInZone } from '../../lib/schedule';

const zeroCounts = (): StatusCounts =>
  Object.fromEntries(INITIATIVE_STATUS_CODES.map((code) => [code, 0])) as Record<InitiativeStatus, number>;

/** Every initiative of these strategies in page order, with the texts of its current comments. */
function loadInitiatives(db: Queryable, strategyIds: number[]) {
  return db
    .select({
      strategyId: focusAreas.strategyId,
      id: initiatives.id,
      title: initiatives.title,
      status: initiatives.status,
      focusAreaTitle: focusAreas.title,
      // Fresh comments are '' and need not travel; the rest are judged by isUpdateEmpty.
      texts: sql<
        string[]
      >`coalesce(array_agg(${comments.comment}) filter (where ${comments.comment} <> ''), '{}')`,
    })
    .from(initiatives)
    .innerJoin(focusAreas, eq(focusAreas.id, initiatives.focusAreaId))
    .leftJoin(comments, and(eq(comments.initiativeId, initiatives.id), eq(comments.isLocked, false)))
    .where(inArray(focusAreas.strategyId, strategyIds))
    .groupBy(initiatives.id, focusAreas.id)
    .orderBy(asc(focusAreas.sortIndex), asc(initiatives.sortIndex), asc(initiatives.id));
}

type TrendRow = { strategy_id: number; locked_at: string | Date; status: string | null; count: number };

/**
 * How many initiatives had each status at each strategy's last due dates: the status each one's
 * comments were locked with (as the progress page's status trend counts them).
 */
async function loadTrends(db: Queryable, strategyIds: number[]): Promise<TrendRow[]> {
  const { rows } = await db.execute<TrendRow>(sql`
    select strategy_id, locked_at, status, count(distinct initiative_id)::int as count
    from (
      select f.strategy_id, c.locked_at, c.initiative_status as status, c.initiative_id,
        dense_rank() over (partition by f.strategy_id order by c.locked_at desc) as recency
      from ${comments} c
      join ${initiatives} i on i.id = c.initiative_id
      join ${focusAreas} f on f.id = i.focus_area_id
      where c.is_locked and c.locked_at is not null
        and f.strategy_id in (${sql.join(
          strategyIds.map((id) => sql`${id}`),
          sql`, `,
        )})
    ) latest
    where recency <= ${PORTFOLIO_TREND_DATES}
    group by strategy_id, locked_at, status
    order by locked_at`);
  return rows;
}

/** The strategies the user may see (as the strategies list), most recently worked-on first. */
export async function readPortfolio(ctx: AppContext, user: Actor): Promise<PortfolioStrategy[]> {
  const { db } = ctx;
  const rows = await db
    .select({
      id: strategies.id,
      title: strategies.title,
      nextDue: notificationSettings.nextProgressUpdate,
      timeZone: notificationSettings.timeZone,
    })
    .from(strategies)
    .leftJoin(notificationSettings, eq(notificationSettings.strategyId, strategies.id))
    .where(and(eq(strategies.organisationId, user.organisationId), visibleTo(db, user.id)))
    .orderBy(desc(strategies.updatedAt), desc(strategies.id));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [initiativeRows, trendRows] = await readBoth(
    db,
    () => loadInitiatives(db, ids),
    () => loadTrends(db, ids),
  );

  const overview = new Map<number, PortfolioStrategy>(
    rows.map((row) => {
      const timeZone = row.timeZone ?? 'UTC';
      const strategy: PortfolioStrategy = {
        id: row.id,
        title: row.title,
        counts: zeroCounts(),
        trend: [],
        next_due_date: row.nextDue ? isoInZone(row.nextDue, timeZone) : null,
        time_zone: timeZone,
        empty_updates: [],
      };
      return [row.id, strategy];
    }),
  );
  for (const row of initiativeRows) {
    const strategy = overview.get(row.strategyId);
    if (!strategy) continue;
    strategy.counts[statusOrInactive(row.status)] += 1;
    if (isUpdateEmpty(row.texts))
      strategy.empty_updates.push({ id: row.id, title: row.title, focus_area_title: row.focusAreaTitle });
  }
  for (const row of trendRows) {
    const strategy = overview.get(row.strategy_id);
    if (!strategy) continue;
    const date = new Date(row.locked_at).toISOString();
    let entry = strategy.trend.at(-1);
    if (entry?.date !== date) {
      entry = { date, counts: zeroCounts() };
      strategy.trend.push(entry);
    }
    entry.counts[statusOrInactive(row.status)] += row.count;
  }
  return [...overview.values()];
}
