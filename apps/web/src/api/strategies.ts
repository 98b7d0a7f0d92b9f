/**
 * The strategy calls of spec §7 as TanStack Query hooks: listing, loading, creating and deleting
 * strategies, and saving single fields (title, ambition, focus-area and initiative titles).
 * Adding, deleting and moving focus areas and initiatives are in strategyStructure.ts.
 */
import {
  focusAreaSchema,
  initiativeSchema,
  STRATEGY_MESSAGES,
  strategySchema,
  strategySummarySchema,
  type StrategySummary as WireStrategySummary,
} from '@keystone/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ApiError, apiRequest, noContent, type ResponseSchema } from './client';
import { errorMessage } from './errorMessages';
import { notificationSettingsKey } from './notificationSettings';
import { progressKey } from './progress';
import {
  editFocusArea,
  editInitiative,
  editStoredStrategy,
  strategiesKey,
  strategyKey,
} from './strategyCache';
import {
  type FocusArea,
  type Initiative,
  type Strategy,
  type StrategySummary,
  toFocusArea,
  toInitiative,
  toStrategy,
  toStrategySummary,
} from './strategyWire';

export { strategiesKey, strategyKey } from './strategyCache';
export type { FocusArea, Initiative, Person, Strategy, StrategySummary } from './strategyWire';

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

async function updateFocusAreaTitle(id: number, title: string): Promise<FocusArea> {
  const answer = await apiRequest(`/focusarea/update/${id}/`, {
    method: 'PATCH',
    body: { title },
    response: focusAreaSchema,
  });
  return toFocusArea(answer);
}

async function updateInitiativeTitle(id: number, title: string): Promise<Initiative> {
  const answer = await apiRequest(`/initiative/update/${id}/`, {
    method: 'PATCH',
    body: { title },
    response: initiativeSchema,
  });
  return toInitiative(answer);
}

// ---- hooks ----------------------------------------------------------------------------------

/** The user's strategies, most recently updated first (the server's order). */
export const strategiesQuery = queryOptions({ queryKey: strategiesKey, queryFn: fetchStrategies });

export function useStrategiesQuery() {
  return useQuery(strategiesQuery);
}

/**
 * Strategies this tab deleted. Their page may still be on screen for a moment after the delete
 * (the next page's code loads first): it must not read them again, whatever asks (a re-render, the
 * live update announcing the delete, window focus). Ids are never reused, so the set only grows.
 */
const deletedHere = new Set<number>();

/** One strategy with its focus areas and initiatives, under the key ['strategy', id]. */
export function useStrategyQuery(id: number | string | undefined) {
  const strategyId = parseStrategyId(id);
  return useQuery({
    queryKey: strategyKey(strategyId ?? 0),
    queryFn: () => fetchStrategy(strategyId ?? 0),
    // Asked at every fetch, not only when the page renders.
    enabled: () => strategyId !== null && !deletedHere.has(strategyId),
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
    // From the moment it is asked: the live update of the delete may come before the answer.
    onMutate: (id) => {
      deletedHere.add(id);
    },
    onError: (_, id) => {
      deletedHere.delete(id);
    },
    onSuccess: (_, id) => {
      // Gone from the cache, not read again (it would only answer 404).
      for (const queryKey of [strategyKey(id), notificationSettingsKey(id), progressKey(id)]) {
        void queryClient.cancelQueries({ queryKey });
        queryClient.removeQueries({ queryKey });
      }
      queryClient.setQueryData<StrategySummary[]>(strategiesKey, (list) =>
        list?.filter((strategy) => strategy.id !== id),
      );
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
        await editStoredStrategy(queryClient, strategyId, (strategy) => ({ ...strategy, ...saved }));
        void queryClient.invalidateQueries({ queryKey: strategiesKey });
      },
      focusAreaTitle: async (focusAreaId: number, title: string) => {
        const saved = await updateFocusAreaTitle(focusAreaId, title);
        await editStoredStrategy(queryClient, strategyId, (strategy) =>
          editFocusArea(strategy, focusAreaId, (area) => ({ ...area, title: saved.title })),
        );
      },
      initiativeTitle: async (initiativeId: number, title: string) => {
        const saved = await updateInitiativeTitle(initiativeId, title);
        await editStoredStrategy(queryClient, strategyId, (strategy) =>
          editInitiative(strategy, initiativeId, () => saved),
        );
      },
    }),
    [queryClient, strategyId],
  );
}
