/**
 * The charter page's query keys and cache writes, and its live updates (spec §4): any change in a
 * strategy (a charter field, a timeline row, the approval, the team, the ambition) makes the open
 * charters of that strategy read again. Only queries on screen refetch; a field being typed in
 * keeps the user's text.
 */
import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import type { CharterInitiative } from './charterWire';

const CHARTER_ROOT = 'initiative';
export const charterKey = (initiativeId: number) => [CHARTER_ROOT, initiativeId] as const;
export const timelinesKey = (initiativeId: number) => [CHARTER_ROOT, initiativeId, 'timelines'] as const;
/** Under the charter's key, so every live update of the strategy reads it again too. */
export const approvalHistoryKey = (initiativeId: number) =>
  [CHARTER_ROOT, initiativeId, 'approval-history'] as const;

/**
 * Writes a record the server has committed, then refetches. A fetch already under way may have
 * read before that commit; it is cancelled so its answer cannot put the old value back.
 */
export async function writeThenRefetch<T>(
  queryClient: QueryClient,
  key: QueryKey,
  edit: (cached: T) => T,
): Promise<void> {
  if (queryClient.isFetching({ queryKey: key, exact: true }) > 0) {
    await queryClient.cancelQueries({ queryKey: key, exact: true });
  }
  queryClient.setQueryData<T>(key, (cached) => (cached === undefined ? cached : edit(cached)));
  void queryClient.invalidateQueries({ queryKey: key, exact: true });
}

/** The strategy a cached charter query belongs to, read from its initiative. */
function charterStrategy(queryClient: QueryClient, query: Query): number | null {
  const [root, initiativeId] = query.queryKey;
  if (root !== CHARTER_ROOT || typeof initiativeId !== 'number') return null;
  return queryClient.getQueryData<CharterInitiative>(charterKey(initiativeId))?.strategyId ?? null;
}

/** A message about something in the strategy `strategyId` arrived over the streaming socket. */
export function refreshCharters(queryClient: QueryClient, strategyId: number): void {
  void queryClient.invalidateQueries({
    predicate: (query) => charterStrategy(queryClient, query) === strategyId,
  });
}

/**
 * After a gap in the connection every charter on hand (or those `predicate` picks) is read again:
 * messages may have been missed.
 */
export function rereadCharters(queryClient: QueryClient, predicate?: (query: Query) => boolean): void {
  void queryClient.invalidateQueries({ queryKey: [CHARTER_ROOT], predicate });
}
