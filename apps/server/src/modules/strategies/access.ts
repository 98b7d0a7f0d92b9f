/**
 * Who may do what in a strategy (DESIGN §4). Loads the strategy's roles in two queries and
 * answers with the contract's pure rules; a strategy of another organisation, or one the user
 * may not see, is simply not found (404), and a visible one the user may not change is 403.
 */
import {
  canViewStrategy,
  type InitiativeRoles,
  MESSAGES,
  STRATEGY_MESSAGES,
  type StrategyRoles,
} from '@keystone/contract';
import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { focusAreas, initiativeMembers, initiatives, strategies, strategyMasters } from '../../db/schema';
import { forbidden, notFound } from '../../http/errors';
import type { AuthenticatedUser } from '../auth/keys';

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

/** Loads the strategy and its roles; 404 unless the user may see it. `forUpdate` locks the row. */
export async function loadStrategyAccess(
  db: Queryable,
  strategyId: number,
  user: AuthenticatedUser,
  options: { forUpdate?: boolean } = {},
): Promise<StrategyAccess> {
  const query = db
    .select()
    .from(strategies)
    .where(and(eq(strategies.id, strategyId), eq(strategies.organisationId, user.organisationId)))
    .limit(1);
  const [strategy] = options.forUpdate ? await query.for('update') : await query;
  if (!strategy) throw notFound(STRATEGY_NOT_FOUND);

  const [masters, members] = await Promise.all([
    db
      .select({ userId: strategyMasters.userId })
      .from(strategyMasters)
      .where(eq(strategyMasters.strategyId, strategyId)),
    db
      .select({
        initiativeId: initiativeMembers.initiativeId,
        userId: initiativeMembers.userId,
        role: initiativeMembers.role,
      })
      .from(initiativeMembers)
      .innerJoin(initiatives, eq(initiatives.id, initiativeMembers.initiativeId))
      .innerJoin(focusAreas, eq(focusAreas.id, initiatives.focusAreaId))
      .where(eq(focusAreas.strategyId, strategyId)),
  ]);
  const initiativeRoles = groupRoles(members);
  const roles: StrategyRoles = {
    masterIds: masters.map((row) => row.userId),
    initiatives: [...initiativeRoles.values()],
  };
  if (!canViewStrategy(user.id, roles)) throw notFound(STRATEGY_NOT_FOUND);
  return { strategy, roles, initiativeRoles };
}

/** The roles of one initiative of an accessible strategy (empty when nobody holds one). */
export function rolesOf(access: StrategyAccess, initiativeId: number): InitiativeRoles {
  return access.initiativeRoles.get(initiativeId) ?? emptyRoles();
}

/** 403 with the spec's permission message unless `allowed`. */
export function ensure(allowed: boolean): void {
  if (!allowed) throw forbidden(MESSAGES.noPermission);
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
  const [masters, members] = await Promise.all([
    db
      .select({ strategyId: strategyMasters.strategyId, userId: strategyMasters.userId })
      .from(strategyMasters)
      .where(inArray(strategyMasters.strategyId, [...strategyIds])),
    db
      .selectDistinct({ strategyId: focusAreas.strategyId, userId: initiativeMembers.userId })
      .from(initiativeMembers)
      .innerJoin(initiatives, eq(initiatives.id, initiativeMembers.initiativeId))
      .innerJoin(focusAreas, eq(focusAreas.id, initiatives.focusAreaId))
      .where(inArray(focusAreas.strategyId, [...strategyIds])),
  ]);
  for (const row of [...masters, ...members]) viewers.get(row.strategyId)?.add(row.userId);
  return new Map([...viewers].map(([id, users]) => [id, [...users]]));
}
