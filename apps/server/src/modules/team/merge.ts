/**
 * A team list saved from a page that loaded it earlier (DESIGN §9): the page's edit is taken as
 * additions and removals from what it loaded, applied to the list as stored now, so someone
 * else's change made in between survives. Without what the page loaded, its list replaces the
 * stored one.
 */
import type { UserSummary } from '@keystone/contract';
import { inArray } from 'drizzle-orm';
import { personColumns, presentUserSummary } from '../../core/userPresenters';
import type { Queryable } from '../../db/client';
import { users } from '../../db/schema';

/** (current − removals) ∪ additions: the stored order first, then the additions in the page's order. */
export function mergedList(
  current: readonly number[],
  requested: readonly number[],
  base: readonly number[] | undefined,
): number[] {
  if (base === undefined) return [...new Set(requested)];
  const removed = new Set(base.filter((id) => !requested.includes(id)));
  const added = requested.filter((id) => !base.includes(id));
  return [...new Set([...current.filter((id) => !removed.has(id)), ...added])];
}

export const sameSet = (a: readonly number[], b: readonly number[]) =>
  new Set(a).size === new Set(b).size && a.every((id) => b.includes(id));

/** The wire summaries of these people (for the history's old and new values), in one query. */
export async function summariesOf(
  db: Queryable,
  userIds: readonly number[],
): Promise<(ids: readonly number[]) => UserSummary[]> {
  const unique = [...new Set(userIds)];
  const rows = unique.length
    ? await db.select(personColumns).from(users).where(inArray(users.id, unique))
    : [];
  const byId = new Map(rows.map((row) => [row.id, presentUserSummary(row)]));
  return (ids) => ids.flatMap((id) => byId.get(id) ?? []);
}
