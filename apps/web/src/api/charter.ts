/**
 * The charter page's hooks (spec §7): the initiative with its strategy context, its timeline rows,
 * one-field saves, and sponsor approval (their calls: initiatives.ts, timelines.ts). Spec §4: each
 * change is one call, then a refetch; the call's answer is written to the cache first so a field
 * never flickers back.
 */
import { CHARTER_MESSAGES, initiativeSchema, STRATEGY_MESSAGES, timelineSchema } from '@keystone/contract';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { approvalHistoryKey, charterKey, timelinesKey, writeThenRefetch } from './charterCache';
import {
  type CharterInitiative,
  type CharterTextField,
  type Timeline,
  toCharterInitiative,
  toTimeline,
} from './charterWire';
import { errorMessage } from './errorMessages';
import { fetchInitiative, requestApproval, toggleApproval, updateInitiative } from './initiatives';
import { keepingCurrent } from './staleEdits';
import { parseStrategyId, prefetchStrategy } from './strategies';
import { strategyKey } from './strategyCache';
import { type Initiative, toInitiative } from './strategyWire';
import {
  createTimeline,
  deleteTimeline,
  fetchTimelines,
  type TimelineChange,
  updateTimeline,
} from './timelines';

export type { CharterInitiative, CharterTextField, Timeline } from './charterWire';

/** A route's `:initiativeId` as an id, or null when it cannot be one (the page then shows not-found). */
export const parseInitiativeId = parseStrategyId;

const FAILURES = {
  fetchInitiative: STRATEGY_MESSAGES.fetchInitiativeFailed,
  updateInitiative: STRATEGY_MESSAGES.updateInitiativeFailed,
  fetchTimelines: CHARTER_MESSAGES.fetchTimelinesFailed,
  createTimeline: CHARTER_MESSAGES.createTimelineFailed,
  updateTimeline: CHARTER_MESSAGES.updateTimelineFailed,
  deleteTimeline: CHARTER_MESSAGES.deleteTimelineFailed,
  requestApproval: CHARTER_MESSAGES.requestApprovalFailed,
  changeApproval: CHARTER_MESSAGES.changeApprovalFailed,
} as const;
export type CharterCall = keyof typeof FAILURES;

/** Spec §8: the server's own message (`detail`, which also carries approval's `error`), else the default. */
export function charterFailure(call: CharterCall, error: unknown): string {
  return errorMessage(error, FAILURES[call]);
}

// ---- cache ----------------------------------------------------------------------------------

/** A charter or timeline change may withdraw the approval (server rule), so the initiative is read again. */
function refetchInitiative(queryClient: QueryClient, initiativeId: number) {
  return queryClient.invalidateQueries({ queryKey: charterKey(initiativeId), exact: true });
}

// ---- hooks ----------------------------------------------------------------------------------

const charterQuery = (initiativeId: number) =>
  queryOptions({
    queryKey: charterKey(initiativeId),
    queryFn: async () => toCharterInitiative(await fetchInitiative(initiativeId)),
  });

const timelinesQuery = (initiativeId: number) =>
  queryOptions({ queryKey: timelinesKey(initiativeId), queryFn: () => fetchTimelines(initiativeId) });

export function useCharterQuery(initiativeId: number | null) {
  return useQuery({ ...charterQuery(initiativeId ?? 0), enabled: initiativeId !== null });
}

export function useTimelinesQuery(initiativeId: number, enabled: boolean) {
  return useQuery({ ...timelinesQuery(initiativeId), enabled });
}

/**
 * Starts reading what the charter page shows before the page asks (a route's loader): the
 * initiative and its timeline, then its strategy once the initiative names it.
 */
export function prefetchCharter(queryClient: QueryClient, id: string | undefined): void {
  const initiativeId = parseInitiativeId(id);
  if (initiativeId === null) return;
  void queryClient.prefetchQuery(timelinesQuery(initiativeId));
  queryClient.fetchQuery(charterQuery(initiativeId)).then(
    (initiative) => prefetchStrategy(queryClient, initiative.strategyId),
    // The page reads it again and shows the failure.
    () => undefined,
  );
}

/**
 * Saves for autosave: each sends the version its edit started from and resolves once the server
 * stored the value and the cache holds it. A stale edit's answer (the record as it is now) goes
 * into the cache the same way, so the page shows the other person's text.
 */
export function useCharterSaves(initiativeId: number, strategyId: number) {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const writeInitiative = (saved: Initiative) =>
      writeThenRefetch<CharterInitiative>(queryClient, charterKey(initiativeId), (cached) => ({
        ...cached,
        ...saved,
        strategyRoles: { ...cached.strategyRoles, initiatives: [saved.roles] },
      }));
    const writeTimeline = (timelineId: number, saved: Timeline) =>
      writeThenRefetch<Timeline[]>(queryClient, timelinesKey(initiativeId), (rows) =>
        rows.map((row) => (row.id === timelineId ? saved : row)),
      );
    return {
      field: async (field: CharterTextField, value: string, version: number | undefined) => {
        const saved = await keepingCurrent(
          updateInitiative(initiativeId, { [field]: value }, version),
          (current) => {
            const parsed = initiativeSchema.safeParse(current);
            if (parsed.success) void writeInitiative(toInitiative(parsed.data));
          },
        );
        await writeInitiative(saved);
        // The strategy page holds the same initiative; it reads it again when next shown.
        void queryClient.invalidateQueries({ queryKey: strategyKey(strategyId), refetchType: 'none' });
        return saved;
      },
      timeline: async (timelineId: number, update: TimelineChange, version: number | undefined) => {
        const saved = await keepingCurrent(updateTimeline(timelineId, update, version), (current) => {
          const parsed = timelineSchema.safeParse(current);
          if (parsed.success) void writeTimeline(timelineId, toTimeline(parsed.data));
        });
        await writeTimeline(timelineId, saved);
        void refetchInitiative(queryClient, initiativeId);
        return saved;
      },
    };
  }, [queryClient, initiativeId, strategyId]);
}

export function useCreateTimeline(initiativeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => createTimeline(initiativeId),
    onSuccess: async (created) => {
      queryClient.setQueryData<Timeline[]>(timelinesKey(initiativeId), (rows) =>
        rows ? [...rows, created] : [created],
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: timelinesKey(initiativeId) }),
        refetchInitiative(queryClient, initiativeId),
      ]);
    },
  });
}

export function useDeleteTimeline(initiativeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTimeline,
    onSuccess: async (_, timelineId) => {
      queryClient.setQueryData<Timeline[]>(timelinesKey(initiativeId), (rows) =>
        rows?.filter((row) => row.id !== timelineId),
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: timelinesKey(initiativeId) }),
        refetchInitiative(queryClient, initiativeId),
      ]);
    },
  });
}

/** Spec §4: after a request or an approval the initiative is reloaded; the call counts as running until then. */
export function useApprovalCalls(initiativeId: number) {
  const queryClient = useQueryClient();
  const reload = () =>
    Promise.all([
      refetchInitiative(queryClient, initiativeId),
      queryClient.invalidateQueries({ queryKey: approvalHistoryKey(initiativeId) }),
    ]);
  const request = useMutation({ mutationFn: () => requestApproval(initiativeId), onSuccess: reload });
  const toggle = useMutation({ mutationFn: () => toggleApproval(initiativeId), onSuccess: reload });
  return { request, toggle };
}
