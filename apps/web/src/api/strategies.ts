/**
 * The strategy calls of spec §7 (strategies, focus areas, initiatives) as TanStack Query hooks.
 * The query cache is the one copy of a strategy: every change below edits that copy, so each
 * screen that reads ['strategy', id] sees the same state.
 */
import {
  focusAreaSchema,
  initiativeSchema,
  STRATEGY_MESSAGES,
  sortResponse,
  strategySchema,
  strategySummarySchema,
  type StrategySummary as WireStrategySummary,
} from '@keystone/contract';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ApiError, apiRequest, type ResponseSchema } from './client';
import { errorMessage } from './errorMessages';
import { applyOrder, moveItem, type Reorder, type SiblingOrder } from './strategyOrder';
import {
  type FocusArea,
  type Initiative,
  rolesOf,
  type Strategy,
  type StrategySummary,
  toFocusArea,
  toInitiative,
  toStrategy,
  toStrategySummary,
} from './strategyWire';

export type { FocusArea, Initiative, Person, Strategy, StrategySummary } from './strategyWire';

export const strategiesKey = ['strategies'] as const;
export const strategyKey = (id: number) => ['strategy', id] as const;

/** A route's `:id` as a strategy id, or null when it cannot be one (the page then shows "missing"). */
export function parseStrategyId(value: string | number | undefined): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Spec §2: a strategy that does not exist and one the user was removed from look the same. */
export function isMissingStrategy(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 403);
}

const FAILURES = {
  fetchStrategies: STRATEGY_MESSAGES.fetchStrategiesFailed,
  fetchStrategy: STRATEGY_MESSAGES.fetchStrategyFailed,
  createStrategy: STRATEGY_MESSAGES.createStrategyFailed,
  updateStrategy: STRATEGY_MESSAGES.updateStrategyFailed,
  deleteStrategy: STRATEGY_MESSAGES.deleteStrategyFailed,
  createFocusArea: STRATEGY_MESSAGES.createFocusAreaFailed,
  updateFocusArea: STRATEGY_MESSAGES.updateFocusAreaFailed,
  moveFocusArea: STRATEGY_MESSAGES.moveFocusAreaFailed,
  deleteFocusArea: STRATEGY_MESSAGES.deleteFocusAreaFailed,
  createInitiative: STRATEGY_MESSAGES.createInitiativeFailed,
  updateInitiative: STRATEGY_MESSAGES.updateInitiativeFailed,
  moveInitiative: STRATEGY_MESSAGES.moveInitiativeFailed,
  deleteInitiative: STRATEGY_MESSAGES.deleteInitiativeFailed,
} as const;
export type StrategyCall = keyof typeof FAILURES;

/** Spec §8: the server's own message when it sent one, else the call's default text. */
export function failureMessage(call: StrategyCall, error: unknown): string {
  return errorMessage(error, FAILURES[call]);
}

// ---- plain calls ----------------------------------------------------------------------------

const summaryList: ResponseSchema<WireStrategySummary[]> = strategySummarySchema.array();
const noContent: ResponseSchema<null> = {
  safeParse: (data) => (data === null ? { success: true, data: null } : { success: false }),
};

async function fetchStrategies(): Promise<StrategySummary[]> {
  return (await apiRequest('/strategies/', { response: summaryList })).map(toStrategySummary);
}

async function fetchStrategy(id: number): Promise<Strategy> {
  return toStrategy(await apiRequest(`/strategy/${id}/`, { response: strategySchema }));
}

async function createStrategy(): Promise<Strategy> {
  return toStrategy(
    await apiRequest('/strategy/create/', { method: 'POST', body: {}, response: strategySchema }),
  );
}

async function deleteStrategy(id: number): Promise<void> {
  await apiRequest(`/strategy/delete/${id}/`, { method: 'DELETE', response: noContent });
}

/** Exactly one field per call: autosave saves each field on its own (spec §4). */
export type StrategyFieldUpdate = { title: string } | { ambition: string };

async function updateStrategy(id: number, update: StrategyFieldUpdate): Promise<StrategySummary> {
  const answer = await apiRequest(`/strategy/update/${id}/`, {
    method: 'PATCH',
    body: update,
    response: strategySummarySchema,
  });
  return toStrategySummary(answer);
}

async function createFocusArea(strategyId: number, sortIndex: number): Promise<FocusArea> {
  const answer = await apiRequest('/focusarea/create/', {
    method: 'POST',
    body: { strategy: strategyId, sort_index: sortIndex },
    response: focusAreaSchema,
  });
  return toFocusArea(answer);
}

async function updateFocusAreaTitle(id: number, title: string): Promise<FocusArea> {
  const answer = await apiRequest(`/focusarea/update/${id}/`, {
    method: 'PATCH',
    body: { title },
    response: focusAreaSchema,
  });
  return toFocusArea(answer);
}

async function deleteFocusArea(id: number): Promise<void> {
  await apiRequest(`/focusarea/delete/${id}/`, { method: 'DELETE', response: noContent });
}

async function createInitiative(focusAreaId: number, sortIndex: number): Promise<Initiative> {
  const answer = await apiRequest('/initiative/create/', {
    method: 'POST',
    body: { focus_area: focusAreaId, sort_index: sortIndex },
    response: initiativeSchema,
  });
  return toInitiative(answer);
}

async function updateInitiativeTitle(id: number, title: string): Promise<Initiative> {
  const answer = await apiRequest(`/initiative/update/${id}/`, {
    method: 'PATCH',
    body: { title },
    response: initiativeSchema,
  });
  return toInitiative(answer);
}

async function deleteInitiative(id: number): Promise<void> {
  await apiRequest(`/initiative/delete/${id}/`, { method: 'DELETE', response: noContent });
}

async function sortItem(kind: 'focusarea' | 'initiative', id: number, sortIndex: number) {
  const answer = await apiRequest(`/${kind}/sort/${id}/`, {
    method: 'PATCH',
    body: { sort_index: sortIndex },
    response: sortResponse,
  });
  const order: SiblingOrder = new Map(answer.order.map((entry) => [entry.id, entry.sort_index]));
  return order;
}

// ---- cache edits ----------------------------------------------------------------------------

function editStrategy(queryClient: QueryClient, id: number, edit: (strategy: Strategy) => Strategy) {
  queryClient.setQueryData<Strategy>(strategyKey(id), (strategy) => {
    if (!strategy) return strategy;
    const edited = edit(strategy);
    return { ...edited, roles: rolesOf(edited) };
  });
}

const editFocusArea = (strategy: Strategy, id: number, edit: (area: FocusArea) => FocusArea) => ({
  ...strategy,
  focusAreas: strategy.focusAreas.map((area) => (area.id === id ? edit(area) : area)),
});

// ---- hooks ----------------------------------------------------------------------------------

/** The user's strategies, most recently updated first (the server's order). */
export const strategiesQuery = queryOptions({ queryKey: strategiesKey, queryFn: fetchStrategies });

export function useStrategiesQuery() {
  return useQuery(strategiesQuery);
}

/** One strategy with its focus areas and initiatives, under the key ['strategy', id]. */
export function useStrategyQuery(id: number | string | undefined) {
  const strategyId = parseStrategyId(id);
  return useQuery({
    queryKey: strategyKey(strategyId ?? 0),
    queryFn: () => fetchStrategy(strategyId ?? 0),
    enabled: strategyId !== null,
  });
}

export function useCreateStrategy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStrategy,
    onSuccess: (strategy) => {
      queryClient.setQueryData(strategyKey(strategy.id), strategy);
      void queryClient.invalidateQueries({ queryKey: strategiesKey });
    },
  });
}

export function useDeleteStrategy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStrategy,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: strategyKey(id) });
      void queryClient.invalidateQueries({ queryKey: strategiesKey });
    },
  });
}

/**
 * Field saves for autosave: each resolves once the server stored the value, and then writes the
 * stored record into the cache so other screens see it without a refetch.
 */
export function useStrategySaves(strategyId: number) {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      strategy: async (update: StrategyFieldUpdate) => {
        const saved = await updateStrategy(strategyId, update);
        editStrategy(queryClient, strategyId, (strategy) => ({ ...strategy, ...saved }));
        void queryClient.invalidateQueries({ queryKey: strategiesKey });
      },
      focusAreaTitle: async (focusAreaId: number, title: string) => {
        const saved = await updateFocusAreaTitle(focusAreaId, title);
        editStrategy(queryClient, strategyId, (strategy) =>
          editFocusArea(strategy, focusAreaId, (area) => ({ ...area, title: saved.title })),
        );
      },
      initiativeTitle: async (focusAreaId: number, initiativeId: number, title: string) => {
        const saved = await updateInitiativeTitle(initiativeId, title);
        editStrategy(queryClient, strategyId, (strategy) =>
          editFocusArea(strategy, focusAreaId, (area) => ({
            ...area,
            initiatives: area.initiatives.map((item) => (item.id === initiativeId ? saved : item)),
          })),
        );
      },
    }),
    [queryClient, strategyId],
  );
}

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
  kind: 'focusarea' | 'initiative',
  reorder: (strategy: Strategy, reorderItems: Reorder) => Strategy,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MoveInput) => sortItem(kind, input.id, input.toIndex),
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
  return useMoveMutation(strategyId, 'focusarea', (strategy, move) => ({
    ...strategy,
    focusAreas: move(strategy.focusAreas),
  }));
}

export function useMoveInitiative(strategyId: number, focusAreaId: number) {
  return useMoveMutation(strategyId, 'initiative', (strategy, move) =>
    editFocusArea(strategy, focusAreaId, (area) => ({
      ...area,
      initiatives: move(area.initiatives),
    })),
  );
}
