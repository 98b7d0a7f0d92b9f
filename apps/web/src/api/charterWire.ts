/**
 * The charter page's records as screens see them (camelCase): the initiative with what the page
 * shows of its strategy (GET /initiative/{id}), and its timeline rows.
 */
import type {
  InitiativeRoles,
  StrategyRoles,
  InitiativeDetail as WireInitiativeDetail,
  Timeline as WireTimeline,
} from '@keystone/contract';
import { type Initiative, type Person, toInitiative, toPerson } from './strategyWire';

export interface CharterInitiative extends Initiative {
  strategyId: number;
  ambition: string;
  strategyMasters: Person[];
  focusAreaTitle: string;
  /** The strategy's masters and this initiative's people: all the contract's rules need here. */
  strategyRoles: StrategyRoles;
}

export interface Timeline {
  id: number;
  description: string;
  /** A UTC day, YYYY-MM-DD, or null when not set. */
  startDate: string | null;
  endDate: string | null;
  initiative: number;
  version: number;
}

/** The charter fields saved one at a time (spec §4: each change is one call), by wire name. */
export const CHARTER_TEXT_FIELDS = [
  'problem_statement',
  'in_scope',
  'out_scope',
  'risks_and_dependencies',
  'deliverables',
  'impact',
  'investment',
  'work_plan',
] as const;
export type CharterTextField = (typeof CHARTER_TEXT_FIELDS)[number];

const CAMEL_NAMES = {
  problem_statement: 'problemStatement',
  in_scope: 'inScope',
  out_scope: 'outScope',
  risks_and_dependencies: 'risksAndDependencies',
  deliverables: 'deliverables',
  impact: 'impact',
  investment: 'investment',
  work_plan: 'workPlan',
} as const satisfies Record<CharterTextField, keyof Initiative>;

export function charterText(initiative: Initiative, field: CharterTextField): string {
  return initiative[CAMEL_NAMES[field]];
}

export function toCharterInitiative(wire: WireInitiativeDetail): CharterInitiative {
  const initiative = toInitiative(wire);
  const masterIds = wire.strategy_masters
    .map((person) => person.id)
    .filter((id): id is number => id !== null);
  const roles: InitiativeRoles = initiative.roles;
  return {
    ...initiative,
    strategyId: wire.strategy_id,
    ambition: wire.ambition,
    strategyMasters: wire.strategy_masters.map(toPerson),
    focusAreaTitle: wire.focus_area_title,
    strategyRoles: { masterIds, initiatives: [roles] },
  };
}

/** A stored day may come as a timestamp from older rows; the page works with YYYY-MM-DD. */
const asDay = (value: string | null) => (value ? value.slice(0, 10) : null);

export function toTimeline(wire: WireTimeline): Timeline {
  return {
    id: wire.id,
    description: wire.description ?? '',
    startDate: asDay(wire.start_date),
    endDate: asDay(wire.end_date),
    initiative: wire.initiative,
    version: wire.version,
  };
}
