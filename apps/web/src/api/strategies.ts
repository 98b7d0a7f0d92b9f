/**
 * The strategy calls of spec §7 (contract endpoints/strategies.ts) as TanStack Query hooks:
 * listing, loading, creating, changing and deleting strategies, and the strategy page's field saves
 * (title and ambition; focus-area and initiative titles through focusAreas.ts and initiatives.ts).
 * Adding, deleting and moving focus areas and initiatives are in strategyStructure.ts.
 */
import {
  EXAMPLE_STRATEGY_TEXTS,
  focusAreaSchema,
  initiativeSchema,
  STRATEGY_MESSAGES,
  strategySummarySchema,
} from '@keystone/contract';
import { strategyApi } from '@keystone/contract/endpoints/strategies';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ApiError, apiRequest } from './client';
import { errorMessage } from './errorMessages';
import { updateFocusArea } from './focusAreas';
import { updateInitiative } from './initiatives';
import { notificationSettingsKey, progressKey } from './progress';
import { keepingCurrent } from './staleEdits';
import {
  editFocusArea,
  editInitiative,
  editStoredStrategy,
  strategiesKey,
  strategyKey,
} from './strategyCache';
import {
  type Initiative,
  type Strategy,
  type StrategySummary,
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
  createExample: EXAMPLE_STRATEGY_TEXTS.failed,
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

async function fetchStrategies(): Promise<StrategySummary[]> {
  return (await apiRequest(strategyApi.list, {})).map(toStrategySummary);
}

async function fetchStrategy(id: number): Promise<Strategy> {
  return toStrategy(await apiRequest(strategyApi.get, { params: { id } }));
}

async function createStrategy(): Promise<Strategy> {
  return toStrategy(await apiRequest(strategyApi.create, { body: {} }));
}

/** "Start from an example": the sample strategy, created on the server for the signed-in person. */
async function createExampleStrategy(): Promise<Strategy> {
  return toStrategy(await apiRequest(strategyApi.example, {}));
}

async function deleteStrategy(id: number): Promise<void> {
  await apiRequest(strategyApi.delete, { params: { id } });
}

/** Exactly one field per call: autosave saves each field on its own (spec §4). */
export type StrategyFieldUpdate = { title: string } | { ambition: string };

/** `version`: of the text the edit started from (undefined: not known, no stale check). */
export async function updateStrategy(
  id: number,
  update: StrategyFieldUpdate,
  version: number | undefined,
): Promise<StrategySummary> {
  const answer = await apiRequest(strategyApi.update, { params: { id }, body: { ...update, version } });
  return toStrategySummary(answer);
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
const strategyQuery = (strategyId: number) =>
  queryOptions({ queryKey: strategyKey(strategyId), queryFn: () => fetchStrategy(strategyId) });

export function useStrategyQuery(id: number | string | undefined) {
  const strategyId = parseStrategyId(id);
  return useQuery({
    ...strategyQuery(strategyId ?? 0),
    // Asked at every fetch, not only when the page renders.
    enabled: () => strategyId !== null && !deletedHere.has(strategyId),
  });
}

/** Starts reading a strategy before its page asks (a route's loader), unless this tab deleted it. */
export function prefetchStrategy(queryClient: QueryClient, id: number | string | undefined): void {
  const strategyId = parseStrategyId(id);
  if (strategyId !== null && !deletedHere.has(strategyId))
    void queryClient.prefetchQuery(strategyQuery(strategyId));
}

/** A new strategy, blank or the example: its page is cached at once and the list read again. */
function useNewStrategy(create: () => Promise<Strategy>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: create,
    onSuccess: (strategy) => {
      queryClient.setQueryData(strategyKey(strategy.id), strategy);
      void queryClient.invalidateQueries({ queryKey: strategiesKey });
    },
  });
}

export const useCreateStrategy = () => useNewStrategy(createStrategy);
export const useCreateExampleStrategy = () => useNewStrategy(createExampleStrategy);

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

/** The stored text and version of a record a field belongs to (autosave's base). */
const storedText = (value: string, record: { version: number }) => ({ value, version: record.version });

/**
 * Field saves for autosave: each sends the version its edit started from, resolves once the server
 * stored the value (answering it with the record's new version), and writes the stored record into
 * the cache so other screens see it without a refetch. A stale edit's answer carries the record as
 * it is now: it goes into the cache the same way, so the page shows the other person's text.
 */
export function useStrategySaves(strategyId: number) {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const writeStrategy = (saved: StrategySummary) =>
      editStoredStrategy(queryClient, strategyId, (strategy) => ({ ...strategy, ...saved }));
    const writeFocusArea = (id: number, saved: { title: string; version: number }) =>
      editStoredStrategy(queryClient, strategyId, (strategy) =>
        editFocusArea(strategy, id, (area) => ({ ...area, title: saved.title, version: saved.version })),
      );
    const writeInitiative = (id: number, saved: Initiative) =>
      editStoredStrategy(queryClient, strategyId, (strategy) => editInitiative(strategy, id, () => saved));
    return {
      strategy: async (update: StrategyFieldUpdate, version: number | undefined) => {
        const saved = await keepingCurrent(updateStrategy(strategyId, update, version), (current) => {
          const parsed = strategySummarySchema.safeParse(current);
          if (parsed.success) void writeStrategy(toStrategySummary(parsed.data));
        });
        await writeStrategy(saved);
        void queryClient.invalidateQueries({ queryKey: strategiesKey });
        return saved;
      },
      focusAreaTitle: async (focusAreaId: number, title: string, version: number | undefined) => {
        const saved = await keepingCurrent(updateFocusArea(focusAreaId, { title }, version), (current) => {
          const parsed = storedRecord.safeParse(current);
          if (parsed.success) void writeFocusArea(focusAreaId, parsed.data);
        });
        await writeFocusArea(focusAreaId, saved);
        return storedText(saved.title, saved);
      },
      initiativeTitle: async (initiativeId: number, title: string, version: number | undefined) => {
        const saved = await keepingCurrent(updateInitiative(initiativeId, { title }, version), (current) => {
          const parsed = initiativeSchema.safeParse(current);
          if (parsed.success) void writeInitiative(initiativeId, toInitiative(parsed.data));
        });
        await writeInitiative(initiativeId, saved);
        return storedText(saved.title, saved);
      },
    };
  }, [queryClient, strategyId]);
}

/** What a focus area's stale answer must hold for the page: its title and version. */
const storedRecord = focusAreaSchema.pick({ title: true, version: true });
