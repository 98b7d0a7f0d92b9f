/**
 * The query keys of strategies and the edits of a cached strategy. The cache is the one copy of
 * a strategy: every change edits it here, so all screens reading ['strategy', id] agree.
 */
import type { QueryClient } from '@tanstack/react-query';
import { type FocusArea, rolesOf, type Strategy } from './strategyWire';

export const strategiesKey = ['strategies'] as const;
export const strategyKey = (id: number) => ['strategy', id] as const;

/** Edits the cached strategy (if loaded); roles are recomputed, as people or items may have changed. */
export function editStrategy(queryClient: QueryClient, id: number, edit: (strategy: Strategy) => Strategy) {
  queryClient.setQueryData<Strategy>(strategyKey(id), (strategy) => {
    if (!strategy) return strategy;
    const edited = edit(strategy);
    return { ...edited, roles: rolesOf(edited) };
  });
}

export const editFocusArea = (strategy: Strategy, id: number, edit: (area: FocusArea) => FocusArea) => ({
  ...strategy,
  focusAreas: strategy.focusAreas.map((area) => (area.id === id ? edit(area) : area)),
});
