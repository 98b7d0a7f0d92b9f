/**
 * Strategies, focus areas and initiatives as the screens see them: the contract's wire forms in
 * camelCase (wireCase.ts), items in their order, and each record with its roles, read with the
 * contract's own helpers, so screens ask canEditStrategy / canEditInitiative and never look at
 * people lists themselves.
 */
import {
  type InitiativeRoles,
  initiativeRoles,
  type Measure,
  type StrategyRoles,
  strategyRoles,
  type Comment as WireComment,
  type FocusArea as WireFocusArea,
  type Initiative as WireInitiative,
  type UserSummary as WirePerson,
  type Strategy as WireStrategy,
  type StrategySummary as WireStrategySummary,
  type StrategyTeam as WireStrategyTeam,
} from '@keystone/contract';
import { type Camel, toCamel } from './wireCase';

/** `isActive: false` only for a deactivated person who still holds a role: shown marked, never offered. */
export type Person = Camel<WirePerson>;

/** A progress comment (spec §3): current ones sit on their initiative, locked ones are history. */
export type Comment = Camel<WireComment>;

/**
 * Measures stay as the wire has them: the contract's measureMath reads that form, and the board,
 * the charter and the progress page all pass them to it.
 */
export type Initiative = Omit<Camel<WireInitiative>, 'measures'> & {
  measures: Measure[];
  roles: InitiativeRoles;
};

export type FocusArea = Omit<Camel<WireFocusArea>, 'initiatives' | 'measures'> & {
  initiatives: Initiative[];
  measures: Measure[];
};

/** `roles`: masters only; a summary has no initiatives, which is all canEditStrategy needs. */
export type StrategySummary = Camel<WireStrategySummary> & { roles: StrategyRoles };

export type Strategy = StrategySummary & { focusAreas: FocusArea[] };

const bySortIndex = <T extends { sortIndex: number }>(items: T[]) =>
  [...items].sort((a, b) => a.sortIndex - b.sortIndex);

export const toComment = (wire: WireComment): Comment => toCamel(wire);

export function toInitiative({ measures, ...wire }: WireInitiative): Initiative {
  return { ...toCamel(wire), measures, roles: initiativeRoles(wire) };
}

export function toFocusArea({ initiatives, measures, ...area }: WireFocusArea): FocusArea {
  return { ...toCamel(area), measures, initiatives: bySortIndex(initiatives.map(toInitiative)) };
}

export function toStrategySummary(wire: WireStrategySummary): StrategySummary {
  return { ...toCamel(wire), roles: strategyRoles(wire) };
}

export function toStrategy(wire: WireStrategy): Strategy {
  const { focus_areas: areas, ...summary } = wire;
  return {
    ...toCamel(summary),
    roles: strategyRoles(wire),
    focusAreas: bySortIndex(areas.map(toFocusArea)),
  };
}

/**
 * What the team page shows: titles and people. A whole strategy is one; so is the answer of
 * GET /strategy/{id}/team/, which administrators without a role get instead of the content.
 */
type WireTeamFocusArea = WireStrategyTeam['focus_areas'][number];
type WireTeamInitiative = WireTeamFocusArea['initiatives'][number];
export type TeamInitiative = Camel<WireTeamInitiative> & { roles: InitiativeRoles };
export type TeamFocusArea = Omit<Camel<WireTeamFocusArea>, 'initiatives'> & { initiatives: TeamInitiative[] };
export type StrategyTeam = Omit<Camel<WireStrategyTeam>, 'focusAreas'> & {
  roles: StrategyRoles;
  focusAreas: TeamFocusArea[];
};

export function toStrategyTeam(wire: WireStrategyTeam): StrategyTeam {
  const { focus_areas: areas, ...team } = wire;
  return {
    ...toCamel(team),
    roles: strategyRoles(wire),
    focusAreas: bySortIndex(
      areas.map(({ initiatives, ...area }) => ({
        ...toCamel(area),
        initiatives: bySortIndex(
          initiatives.map((initiative) => ({ ...toCamel(initiative), roles: initiativeRoles(initiative) })),
        ),
      })),
    ),
  };
}

/** The roles of a strategy as held in the cache, recomputed after its people or items change. */
export function rolesOf(strategy: Pick<Strategy, 'strategyMasters' | 'focusAreas'>): StrategyRoles {
  return {
    masterIds: strategy.strategyMasters.map((person) => person.id).filter((id): id is number => id !== null),
    initiatives: strategy.focusAreas.flatMap((area) =>
      area.initiatives.map((initiative) => initiative.roles),
    ),
  };
}
