/**
 * The strategies a member is the only active, signed-up master of, read from the members list:
 * the server refuses to deactivate them (modules/organisation/onlyMasters.ts), so the page says so
 * before asking. The list may be a moment old; the server's refusal still stands behind it.
 */
import type { Member } from '@keystone/contract';

const isMasterOf = (member: Member, strategyId: number) =>
  member.strategies.some((strategy) => strategy.id === strategyId && strategy.roles.includes('master'));

export function strategiesOnlyMasteredBy(member: Member, members: readonly Member[]): string[] {
  return member.strategies
    .filter((strategy) => strategy.roles.includes('master'))
    .filter(
      (strategy) =>
        !members.some(
          (other) => other.id !== member.id && other.status === 'active' && isMasterOf(other, strategy.id),
        ),
    )
    .map((strategy) => strategy.title);
}
