/**
 * Who may do what in a strategy (DESIGN §4). Loads the strategy's roles in one query and
 * answers with the contract's pure rules; a strategy of another organisation, or one the user
 * may not see, is simply not found (404), and a visible one the user may not change is 403.
 */
import {
  canViewStrategy,
  canViewTeam,
  type InitiativeRoles,
  MESSAGES,
  STRATEGY_MESSAGES,
  type StrategyRoles,
} from '@keystone/contract';
import { and, eq, inArray, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { preparedPer } from '../db/prepared';
import { readBoth } from '../db/reads';
import { focusAreas, initiativeMembers, initiatives, strategies, strategyMasters } from '../db/schema';
import type { Actor } from './actor';
import { forbidden, notFound } from './errors';

export type StrategyRow = typeof strategies.$inferSelect;

export interface StrategyAccess {
  strategy: StrategyRow;
  roles: StrategyRoles;
  /** Roles per initiative id; an initiative nobody holds a role in has empty lists. */
  initiativeRoles: Map<number, InitiativeRoles>;
}

export const STRATEGY_NOT_FOUND = STRATEGY_MESSAGES.strategyNotFound;

const emptyRoles = (): { ownerIds: number[]; sponsorIds: number[]; teamMemberIds: number[] } => ({
  ownerIds: [],
  sponsorIds: [],
  teamMemberIds: [],
});

/** Groups member rows into roles per initiative. */
function groupRoles(
  rows: readonly { initiativeId: number; userId: number; role: 'owner' | 'sponsor' | 'team_member' }[],
  initiativeIds: readonly number[] = [],
): Map<number, InitiativeRoles> {
  const byInitiative = new Map(initiativeIds.map((id) => [id, emptyRoles()]));
  for (const row of rows) {
    let roles = byInitiative.get(row.initiativeId);
    if (!roles) {
      roles = emptyRoles();
      byInitiative.set(row.initiativeId, roles);
    }
    if (row.role === 'owner') roles.ownerIds.push(row.userId);
    else if (row.role === 'sponsor') roles.sponsorIds.push(row.userId);
    else roles.teamMemberIds.push(row.userId);
  }
  return byInitiative;
}

type MemberRow = [initiativeId: number, userId: number, role: 'owner' | 'sponsor' | 'team_member'];

/** The ids of the strategy's masters, beside the strategy row (every write checks them). */
const masterIdsOf = sql<number[]>`coalesce((
  select array_agg(m.user_id) from strategy_masters m where m.strategy_id = strategies.id
), '{}')`;

/** Every role in the strategy's initiatives, as [initiative id, user id, role]. */
const memberRowsOf = sql<MemberRow[]>`coalesce((
  select json_agg(json_build_array(im.initiative_id, im.user_id, im.role))
  from initiative_members im
  join initiatives i on i.id = im.initiative_id
  join focus_areas f on f.id = i.focus_area_id
  where f.strategy_id = strategies.id
), '[]')`;

/** What `accessOf` needs, for any query that has `strategies` in its FROM clause. */
export const accessColumns = { strategy: strategies, masterIds: masterIdsOf, members: memberRowsOf };

type AccessRow = { strategy: StrategyRow; masterIds: number[]; members: MemberRow[] };

const selectAccess = (db: Queryable) =>
  db
    .select(accessColumns)
    .from(strategies)
    .where(
      and(
        eq(strategies.id, sql.placeholder('strategyId')),
        eq(strategies.organisationId, sql.placeholder('organisationId')),
      ),
    )
    .limit(1);
const accessQuery = preparedPer((db) => selectAccess(db).prepare('strategy_access'));
const accessForUpdateQuery = preparedPer((db) =>
  selectAccess(db).for('update', { of: strategies }).prepare('strategy_access_for_update'),
);

export interface AccessOptions {
  /** Locks the strategy row. */
  forUpdate?: boolean;
  /**
   * The team page's rule (canViewTeam) instead of the content's: the organisation's
   * administrators get in without a role, for the team calls only.
   */
  team?: boolean;
}

/** Loads the strategy and its roles in one query; 404 unless the user may see it. */
export async function loadStrategyAccess(
  db: Queryable,
  strategyId: number,
  user: Actor,
  options: AccessOptions = {},
): Promise<StrategyAccess> {
  const query = options.forUpdate ? accessForUpdateQuery(db) : accessQuery(db);
  const [row] = await query.execute({ strategyId, organisationId: user.organisationId });
  const access = row && accessOf(row, user, options);
  if (!access) throw notFound(STRATEGY_NOT_FOUND);
  return access;
}

/** The access a row of `accessColumns` (of the user's organisation) gives; null unless visible. */
export function accessOf(
  row: AccessRow,
  user: Actor,
  options: Pick<AccessOptions, 'team'> = {},
): StrategyAccess | null {
  const initiativeRoles = groupRoles(
    row.members.map(([initiativeId, userId, role]) => ({ initiativeId, userId, role })),
  );
  const roles: StrategyRoles = { masterIds: row.masterIds, initiatives: [...initiativeRoles.values()] };
  const visible = options.team ? canViewTeam(user, roles) : canViewStrategy(user.id, roles);
  if (!visible) return null;
  return { strategy: row.strategy, roles, initiativeRoles };
}

/** The roles of one initiative of an accessible strategy (empty when nobody holds one). */
export function rolesOf(access: StrategyAccess, initiativeId: number): InitiativeRoles {
  return access.initiativeRoles.get(initiativeId) ?? emptyRoles();
}

/** 403 with the spec's permission message unless `allowed`. */
export function ensure(allowed: boolean): void {
  if (!allowed) throw forbidden(MESSAGES.noPermission);
}

/**
 * The contract's canEditProgress as a condition, for a statement that checks and writes at once
 * (the one-statement autosave): a master of the strategy, or anyone with a role in the initiative.
 * progress.autosave.test.ts holds it to the contract's rule for every role.
 */
export function mayEditProgress(userId: SQLWrapper, strategyId: SQLWrapper, initiativeId: SQLWrapper): SQL {
  return sql`(exists (
      select 1 from ${strategyMasters}
      where ${strategyMasters.strategyId} = ${strategyId} and ${strategyMasters.userId} = ${userId}
    ) or exists (
      select 1 from ${initiativeMembers}
      where ${initiativeMembers.initiativeId} = ${initiativeId} and ${initiativeMembers.userId} = ${userId}
    ))`;
}

/** viewerIds (core/events.ts) of the strategy `strategyId` gives, as a JSON array. */
export function viewerIdsOf(strategyId: SQLWrapper): SQL {
  return sql`(select coalesce(json_agg(viewer.user_id), '[]') from (
      select m.user_id from strategy_masters m where m.strategy_id = ${strategyId}
      union
      select im.user_id from initiative_members im
      join initiatives i on i.id = im.initiative_id
      join focus_areas f on f.id = i.focus_area_id
      where f.strategy_id = ${strategyId}
    ) viewer)`;
}

/** A condition on `strategies.id`: the strategies this user may see (DESIGN §4). */
export function visibleTo(db: Queryable, userId: number): SQL {
  const viaRole = db
    .select({ id: focusAreas.strategyId })
    .from(initiativeMembers)
    .innerJoin(initiatives, eq(initiatives.id, initiativeMembers.initiativeId))
    .innerJoin(focusAreas, eq(focusAreas.id, initiatives.focusAreaId))
    .where(eq(initiativeMembers.userId, userId));
  const viaMaster = db
    .select({ id: strategyMasters.strategyId })
    .from(strategyMasters)
    .where(eq(strategyMasters.userId, userId));
  return or(inArray(strategies.id, viaMaster), inArray(strategies.id, viaRole))!;
}

/** Everyone who may see each of these strategies: masters and initiative role holders. */
export async function viewersOf(
  db: Queryable,
  strategyIds: readonly number[],
): Promise<Map<number, number[]>> {
  const viewers = new Map<number, Set<number>>(strategyIds.map((id) => [id, new Set()]));
  if (strategyIds.length === 0) return new Map();
  const [masters, members] = await readBoth(
    db,
    () =>
      db
        .select({ strategyId: strategyMasters.strategyId, userId: strategyMasters.userId })
        .from(strategyMasters)
        .where(inArray(strategyMasters.strategyId, [...strategyIds])),
    () =>
      db
        .selectDistinct({ strategyId: focusAreas.strategyId, userId: initiativeMembers.userId })
        .from(initiativeMembers)
        .innerJoin(initiatives, eq(initiatives.id, initiativeMembers.initiativeId))
        .innerJoin(focusAreas, eq(focusAreas.id, initiatives.focusAreaId))
        .where(inArray(focusAreas.strategyId, [...strategyIds])),
  );
  for (const row of [...masters, ...members]) viewers.get(row.strategyId)?.add(row.userId);
  return new Map([...viewers].map(([id, users]) => [id, [...users]]));
}
