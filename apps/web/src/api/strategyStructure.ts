/**
 * The structure of a strategy (spec §4) as the strategy page's hooks: creating, deleting and
 * reordering focus areas and initiatives (their calls: focusAreas.ts, initiatives.ts). Created
 * items are appended to the cache, deletes refetch, moves are optimistic.
 */

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createFocusArea, deleteFocusArea, sortFocusArea } from './focusAreas';
import { createInitiative, deleteInitiative, sortInitiative } from './initiatives';
import { editFocusArea, editStrategy, strategyKey } from './strategyCache';
import { applyOrder, moveItem, type Reorder, type SiblingOrder } from './strategyOrder';
import type { Strategy } from './strategyWire';

/** Spec §4: a created item is appended; the server gives a new focus area its first initiative. */
export function useCreateFocusArea(strategyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sortIndex: number) => createFocusArea(strategyId, sortIndex),
    onSuccess: (area) =>
      editStrategy(queryClient, strategyId, (strategy) => ({
        ...strategy,
        focusAreas: [...strategy.focusAreas, area],
      })),
  });
}

export function useCreateInitiative(strategyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { focusAreaId: number; sortIndex: number }) =>
      createInitiative(input.focusAreaId, input.sortIndex),
    onSuccess: (initiative) =>
      editStrategy(queryClient, strategyId, (strategy) =>
        editFocusArea(strategy, initiative.focusArea, (area) => ({
          ...area,
          initiatives: [...area.initiatives, initiative],
        })),
      ),
  });
}

/** Spec §4: after a delete the strategy is fetched again (the server may have renumbered). */
export function useDeleteFocusArea(strategyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFocusArea,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: strategyKey(strategyId) }),
  });
}

export function useDeleteInitiative(strategyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInitiative,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: strategyKey(strategyId) }),
  });
}

export interface MoveInput {
  id: number;
  toIndex: number;
}

/**
 * Drag reordering is optimistic: the cache shows the new order at once, the server's answer
 * fixes the final numbering, and a failure puts the previous order back.
 */
function useMoveMutation(
  strategyId: number,
  sort: (id: number, sortIndex: number) => Promise<SiblingOrder>,
  reorder: (strategy: Strategy, reorderItems: Reorder) => Strategy,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MoveInput) => sort(input.id, input.toIndex),
    onMutate: async (input: MoveInput) => {
      await queryClient.cancelQueries({ queryKey: strategyKey(strategyId) });
      const previous = queryClient.getQueryData<Strategy>(strategyKey(strategyId));
      editStrategy(queryClient, strategyId, (strategy) =>
        reorder(strategy, (items) => moveItem(items, input.id, input.toIndex)),
      );
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(strategyKey(strategyId), context.previous);
    },
    onSuccess: (order) =>
      editStrategy(queryClient, strategyId, (strategy) =>
        reorder(strategy, (items) => applyOrder(items, order)),
      ),
  });
}

export function useMoveFocusArea(strategyId: number) {
  return useMoveMutation(strategyId, sortFocusArea, (strategy, move) => ({
    ...strategy,
    focusAreas: move(strategy.focusAreas),
  }));
}

export function useMoveInitiative(strategyId: number, focusAreaId: number) {
  return useMoveMutation(strategyId, sortInitiative, (strategy, move) =>
    editFocusArea(strategy, focusAreaId, (area) => ({
      ...area,
      initiatives: move(area.initiatives),
    })),
  );
}
