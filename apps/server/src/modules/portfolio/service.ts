/**
 * The portfolio overview (issue 18) in four queries however many strategies: the visible
 * strategies with their schedules, their focus areas and initiatives with the current comments'
 * texts, the status counts locked at each strategy's last due dates, and their measures (issue 30)
 * with the readings that say which are off track.
 */
import {
  INITIATIVE_STATUS_CODES,
  type InitiativeStatus,
  isUpdateEmpty,
  type Measure,
  measureSuggestion,
  PORTFOLIO_TREND_DATES,
  type PortfolioStrategy,
  type StatusCounts,
  statusOrInactive,
} from '@keystone/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor';
import type { AppContext } from '../../core/context';
import { loadMeasures } from '../../core/measureQueries';
import { visibleTo } from '../../core/strategyAccess';
import type { Queryable } from '../../db/client';
import { readBoth } from '../../db/reads';
import { comments, focusAreas, initiatives, notificationSettings, strategies } from '../../db/schema';
import { isoInZone } from '../../lib/schedule';

const zeroCounts = (): StatusCounts =>
  Object.fromEntries(INITIATIVE_STATUS_CODES.map((code) => [code, 0])) as Record<InitiativeStatus, number>;

/**
 * Every focus area of these strategies with its initiatives in page order, each initiative with
 * the texts of its current comments; a focus area without initiatives is one row without one.
 */
function loadPageRows(db: Queryable, strategyIds: number[]) {
  return db
    .select({
      strategyId: focusAreas.strategyId,
      focusAreaId: focusAreas.id,
      focusAreaTitle: focusAreas.title,
      id: initiatives.id,
      title: initiatives.title,
      status: initiatives.status,
      // Fresh comments are '' and need not travel; the rest are judged by isUpdateEmpty.
      texts: sql<
        string[]
      >`coalesce(array_agg(${comments.comment}) filter (where ${comments.comment} <> ''), '{}')`,
    })
    .from(focusAreas)
    .leftJoin(initiatives, eq(initiatives.focusAreaId, focusAreas.id))
    .leftJoin(comments, and(eq(comments.initiativeId, initiatives.id), eq(comments.isLocked, false)))
    .where(inArray(focusAreas.strategyId, strategyIds))
    .groupBy(initiatives.id, focusAreas.id)
    .orderBy(asc(focusAreas.sortIndex), asc(initiatives.sortIndex), asc(initiatives.id));
}
type PageRow = Awaited<ReturnType<typeof loadPageRows>>[number];

/**
 * The measures the numbers call off track, in page order (a focus area's own before its
 * initiatives'), named by what they belong to.
 */
function offTrack(
  measures: readonly Measure[],
  rows: readonly PageRow[],
): PortfolioStrategy['measures_off_track'] {
  const places = new Map<string, { index: number; row: PageRow }>();
  for (const [index, row] of rows.entries()) {
    if (!places.has(`area ${row.focusAreaId}`)) places.set(`area ${row.focusAreaId}`, { index, row });
    if (row.id !== null) places.set(`initiative ${row.id}`, { index, row });
  }
  const placeOf = (measure: Measure) =>
    places.get(
      measure.initiative === null ? `area ${measure.focus_area}` : `initiative ${measure.initiative}`,
    );
  return measures
    .filter((measure) => measureSuggestion(measure) === 'off_track' && placeOf(measure))
    .map((measure) => ({ measure, place: placeOf(measure)! }))
    .sort(
      (a, b) =>
        a.place.index - b.place.index ||
        Number(a.measure.initiative !== null) - Number(b.measure.initiative !== null),
    )
    .map(({ measure, place }) => ({
      id: measure.id,
      title: measure.title,
      initiative: measure.initiative,
      initiative_title: measure.initiative === null ? '' : (place.row.title ?? ''),
      focus_area_title: place.row.focusAreaTitle,
    }));
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
  const [[pageRows, trendRows], measures] = await readBoth(
    db,
    () =>
      readBoth(
        db,
        () => loadPageRows(db, ids),
        () => loadTrends(db, ids),
      ),
    () => loadMeasures(db, { strategyIds: ids }),
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
        measure_count: 0,
        measures_off_track: [],
      };
      return [row.id, strategy];
    }),
  );
  for (const row of pageRows) {
    const strategy = overview.get(row.strategyId);
    if (!strategy || row.id === null) continue;
    strategy.counts[statusOrInactive(row.status)] += 1;
    if (isUpdateEmpty(row.texts))
      strategy.empty_updates.push({
        id: row.id,
        title: row.title ?? '',
        focus_area_title: row.focusAreaTitle,
      });
  }
  for (const [strategyId, strategy] of overview) {
    const own = measures.filter((measure) => measure.strategy === strategyId);
    strategy.measure_count = own.length;
    strategy.measures_off_track = offTrack(
      own,
      pageRows.filter((row) => row.strategyId === strategyId),
    );
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
