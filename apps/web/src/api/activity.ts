/**
 * The history of a strategy or of one initiative (GET …/activity/), newest first, read a page at a
 * time ("Show older" follows `next_before`). Live updates mark it out of date like the page itself.
 */
import type { ActivityEntry as WireActivityEntry } from '@keystone/contract';
import { activityApi } from '@keystone/contract/endpoints/activity';
import { type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from './client';
import { type Camel, toCamel } from './wireCase';

/** Whose history a panel shows: a whole strategy, or one initiative of it. */
export type ActivityScope =
  | { kind: 'strategy'; strategyId: number }
  | { kind: 'initiative'; strategyId: number; initiativeId: number };

/** `oldValue`, `newValue`: kept as the wire has them (their own keys are wire names too). */
export type ActivityEntry = Camel<Omit<WireActivityEntry, 'old_value' | 'new_value'>> & {
  oldValue: unknown;
  newValue: unknown;
};

export interface ActivityPage {
  entries: ActivityEntry[];
  nextBefore: number | null;
}

const PAGE_SIZE = 50;

/** Under the strategy's id, so one message about a strategy marks every history of it out of date. */
const activityRoot = (strategyId: number) => ['activity', strategyId] as const;
export const activityKey = (scope: ActivityScope) =>
  scope.kind === 'strategy'
    ? ([...activityRoot(scope.strategyId), 'strategy'] as const)
    : ([...activityRoot(scope.strategyId), 'initiative', scope.initiativeId] as const);

export function toActivityEntry({
  old_value: oldValue,
  new_value: newValue,
  ...entry
}: WireActivityEntry): ActivityEntry {
  return { ...toCamel(entry), oldValue, newValue };
}

/** One page of an initiative's history as the wire has it (the charter's approval history reads it too). */
export function fetchInitiativeActivity(initiativeId: number, query: { limit: number; before?: number }) {
  return apiRequest(activityApi.initiative, { params: { id: initiativeId }, query });
}

export async function fetchActivity(scope: ActivityScope, before: number | null): Promise<ActivityPage> {
  const query = { limit: PAGE_SIZE, before: before ?? undefined };
  const page =
    scope.kind === 'strategy'
      ? await apiRequest(activityApi.strategy, { params: { id: scope.strategyId }, query })
      : await fetchInitiativeActivity(scope.initiativeId, query);
  return { entries: page.results.map(toActivityEntry), nextBefore: page.next_before };
}

/** Read only while the panel is open; every opening shows the latest changes. */
export function useActivityQuery(scope: ActivityScope, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: activityKey(scope),
    queryFn: ({ pageParam }) => fetchActivity(scope, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
    enabled,
    staleTime: 0,
  });
}

/** Something in the strategy changed (a live update, a restore): its histories are read again if shown. */
export function refreshActivity(queryClient: QueryClient, strategyId: number): void {
  void queryClient.invalidateQueries({ queryKey: activityRoot(strategyId) });
}

/** After a gap in the connection every history on hand is read again. */
export function rereadActivity(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: ['activity'] });
}
