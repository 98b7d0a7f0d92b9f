/**
 * The team page's data without the strategy's content (GET /strategy/{id}/team/), and the list
 * of the organisation's strategies administrators open it from (GET /organisation/strategies/).
 * Administrators may change any strategy's masters (issue 14), so they must see whom they change.
 */
import type { OrganisationStrategy, StrategyTeam } from '@keystone/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Actor } from '../../core/actor';
import type { AppContext } from '../../core/context';
import { loadStrategyAccess } from '../../core/strategyAccess';
import { loadMasters, loadPeople, mastersByStrategy } from '../../core/strategyPageQueries';
import { focusAreas, initiatives, strategies } from '../../db/schema';

export async function readTeam(ctx: AppContext, user: Actor, strategyId: number): Promise<StrategyTeam> {
  const { strategy } = await loadStrategyAccess(ctx.db, strategyId, user, { team: true });
  const areas = await ctx.db
    .select({ id: focusAreas.id, title: focusAreas.title, sortIndex: focusAreas.sortIndex })
    .from(focusAreas)
    .where(eq(focusAreas.strategyId, strategyId))
    .orderBy(asc(focusAreas.sortIndex), asc(focusAreas.id));
  const rows =
    areas.length === 0
      ? []
      : await ctx.db
          .select({
            id: initiatives.id,
            title: initiatives.title,
            sortIndex: initiatives.sortIndex,
            focusAreaId: initiatives.focusAreaId,
          })
          .from(initiatives)
          .where(
            inArray(
              initiatives.focusAreaId,
              areas.map((area) => area.id),
            ),
          )
          .orderBy(asc(initiatives.sortIndex), asc(initiatives.id));
  // ctx.db is the pool (a Db, never a transaction), so the two reads may run together.
  const [masters, people] = await Promise.all([
    loadMasters(ctx.db, strategyId),
    loadPeople(
      ctx.db,
      rows.map((row) => row.id),
    ),
  ]);
  return {
    id: strategy.id,
    title: strategy.title,
    strategy_masters: masters,
    focus_areas: areas.map((area) => ({
      id: area.id,
      title: area.title,
      sort_index: area.sortIndex,
      initiatives: rows
        .filter((row) => row.focusAreaId === area.id)
        .map((row) => {
          const roles = people.get(row.id);
          return {
            id: row.id,
            title: row.title,
            sort_index: row.sortIndex,
            owners: roles?.owners ?? [],
            sponsors: roles?.sponsors ?? [],
            team_members: roles?.teamMembers ?? [],
          };
        }),
    })),
  };
}

/** Every strategy of the administrator's organisation with its masters, by title. */
export async function listOrganisationStrategies(
  ctx: AppContext,
  admin: Actor,
): Promise<OrganisationStrategy[]> {
  const rows = await ctx.db
    .select({ id: strategies.id, title: strategies.title })
    .from(strategies)
    .where(eq(strategies.organisationId, admin.organisationId))
    .orderBy(asc(strategies.title), asc(strategies.id));
  if (rows.length === 0) return [];
  const masters = await mastersByStrategy(
    ctx.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    strategy_masters: masters.get(row.id) ?? [],
  }));
}
