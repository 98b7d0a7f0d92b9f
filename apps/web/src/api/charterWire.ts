/**
 * The charter page's records as screens see them (camelCase, wireCase.ts): the initiative with
 * what the page shows of its strategy (GET /initiative/{id}), and its timeline rows.
 */
import {
  type CharterTextField,
  camelName,
  initiativeRoles,
  type StrategyRoles,
  type InitiativeDetail as WireInitiativeDetail,
  type Timeline as WireTimeline,
} from '@keystone/contract';
import type { Initiative } from './strategyWire';
import { type Camel, toCamel } from './wireCase';

export type { CharterTextField };

/** `strategyRoles`: the strategy's masters and this initiative's people, all the contract's rules need here. */
export type CharterInitiative = Omit<Camel<WireInitiativeDetail>, 'measures'> &
  Initiative & { strategyRoles: StrategyRoles };

/** `startDate`, `endDate`: a UTC day, YYYY-MM-DD, or null when not set. */
export type Timeline = Omit<Camel<WireTimeline>, 'description'> & { description: string };

export function charterText(initiative: Initiative, field: CharterTextField): string {
  return initiative[camelName(field)];
}

export function toCharterInitiative({ measures, ...wire }: WireInitiativeDetail): CharterInitiative {
  const roles = initiativeRoles(wire);
  const masterIds = wire.strategy_masters
    .map((person) => person.id)
    .filter((id): id is number => id !== null);
  return { ...toCamel(wire), measures, roles, strategyRoles: { masterIds, initiatives: [roles] } };
}

/** A stored day may come as a timestamp from older rows; the page works with YYYY-MM-DD. */
const asDay = (value: string | null) => (value ? value.slice(0, 10) : null);

export function toTimeline(wire: WireTimeline): Timeline {
  return {
    ...toCamel(wire),
    description: wire.description ?? '',
    startDate: asDay(wire.start_date),
    endDate: asDay(wire.end_date),
  };
}
