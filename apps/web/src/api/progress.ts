/**
 * The progress calls of spec §7 (contract endpoints/progress.ts) as TanStack Query hooks: the
 * locked due dates and the comments locked at one of them (history never changes, so both are read
 * once per strategy), the status trend, the saves of the progress page (a comment, and through
 * initiatives.ts an initiative's status), and a strategy's notification settings.
 */
import {
  CONFLICT_CODES,
  commentSchema,
  type InitiativeStatus,
  initiativeSchema,
  notificationSettingsSchema,
  PROGRESS_MESSAGES,
  STRATEGY_MESSAGES,
  type StatusHistory,
} from '@keystone/contract';
import { progressApi } from '@keystone/contract/endpoints/progress';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ApiError, apiRequest } from './client';
import { errorMessage } from './errorMessages';
import { updateInitiative } from './initiatives';
import {
  type NotificationSettings,
  type NotificationSettingsUpdate,
  notificationSettingsWire,
  toNotificationSettings,
} from './notificationSettingsWire';
import { rereadQueries } from './queryClient';
import { keepingCurrent } from './staleEdits';
import { editComment, editInitiative, editStoredStrategy, strategyKey } from './strategyCache';
import { type Comment, type Initiative, toComment, toInitiative } from './strategyWire';

export type { StatusHistory } from '@keystone/contract';

/** Everything of a strategy's progress history, under one prefix so a processed due date rereads it all. */
export const progressKey = (strategyId: number) => ['progress', strategyId] as const;
export const lockedDatesKey = (strategyId: number) => [...progressKey(strategyId), 'locked-dates'] as const;
export const lockedCommentsKey = (strategyId: number, date: string) =>
  [...progressKey(strategyId), 'locked-comments', date] as const;
export const statusHistoryKey = (strategyId: number) =>
  [...progressKey(strategyId), 'status-history'] as const;

export const notificationSettingsKey = (strategyId: number) => ['notification-settings', strategyId] as const;

const FAILURES = {
  fetchLockedDates: PROGRESS_MESSAGES.fetchLockedDatesFailed,
  fetchLockedComments: PROGRESS_MESSAGES.fetchLockedCommentsFailed,
  updateComment: PROGRESS_MESSAGES.updateCommentFailed,
  updateInitiative: STRATEGY_MESSAGES.updateInitiativeFailed,
} as const;
export type ProgressCall = keyof typeof FAILURES;

/** Spec §8: the server's own message when it sent one, else the call's default text. */
export function progressFailure(call: ProgressCall, error: unknown): string {
  return errorMessage(error, FAILURES[call]);
}

/** The due date passed while this comment was being written: it is history now and refuses edits. */
export function isCommentLocked(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 409 &&
    (error.body as { code?: unknown } | null)?.code === CONFLICT_CODES.commentLocked
  );
}

// ---- plain calls ----------------------------------------------------------------------------

async function fetchLockedDates(strategyId: number): Promise<string[]> {
  return apiRequest(progressApi.lockedCommentDates, { params: { id: strategyId } });
}

async function fetchLockedComments(strategyId: number, date: string): Promise<Comment[]> {
  const answer = await apiRequest(progressApi.lockedComments, { body: { strategy_id: strategyId, date } });
  return answer.map(toComment);
}

async function fetchStatusHistory(strategyId: number): Promise<StatusHistory> {
  return apiRequest(progressApi.statusHistory, { params: { id: strategyId } });
}

/** `version`: of the text the edit started from (undefined: not known, no stale check). */
export async function updateComment(
  id: number,
  { comment }: { comment: string },
  version: number | undefined,
): Promise<Comment> {
  const answer = await apiRequest(progressApi.updateComment, { params: { id }, body: { comment, version } });
  return toComment(answer);
}

// ---- hooks ----------------------------------------------------------------------------------

/** Spec §4: locked due dates are fetched once per strategy (a processed due date rereads them). */
export const lockedDatesQuery = (strategyId: number) =>
  queryOptions({
    queryKey: lockedDatesKey(strategyId),
    queryFn: () => fetchLockedDates(strategyId),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useLockedDatesQuery(strategyId: number) {
  return useQuery(lockedDatesQuery(strategyId));
}

/** The comments locked at `date` (null: none asked for); locked comments never change. */
export function useLockedCommentsQuery(strategyId: number, date: string | null) {
  return useQuery({
    queryKey: lockedCommentsKey(strategyId, date ?? ''),
    queryFn: () => fetchLockedComments(strategyId, date ?? ''),
    enabled: date !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export const statusHistoryQuery = (strategyId: number) =>
  queryOptions({
    queryKey: statusHistoryKey(strategyId),
    queryFn: () => fetchStatusHistory(strategyId),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useStatusHistoryQuery(strategyId: number) {
  return useQuery(statusHistoryQuery(strategyId));
}

/** A due date was processed (comments locked, fresh ones created): everything the page shows is read again. */
export function refreshProgress(queryClient: QueryClient, strategyId: number): Promise<unknown> {
  return Promise.all([
    rereadQueries(queryClient, { queryKey: strategyKey(strategyId) }),
    rereadQueries(queryClient, { queryKey: progressKey(strategyId) }),
    rereadQueries(queryClient, { queryKey: notificationSettingsKey(strategyId) }),
  ]);
}

/**
 * Saves of the progress page: each resolves once the server stored the value, and then writes it
 * into the cached strategy so every screen agrees without a refetch.
 */
export function useProgressSaves(strategyId: number) {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      /** Sends the version the edit started from; a stale answer's comment goes into the cache too. */
      comment: async (commentId: number, html: string, version: number | undefined) => {
        const write = (comment: Comment) =>
          editStoredStrategy(queryClient, strategyId, (strategy) =>
            editComment(strategy, commentId, () => comment),
          );
        const saved = await keepingCurrent(
          updateComment(commentId, { comment: html }, version),
          (current) => {
            const parsed = commentSchema.safeParse(current);
            if (parsed.success) void write(toComment(parsed.data));
          },
        );
        await write(saved);
        return saved;
      },
      status: async (initiativeId: number, status: InitiativeStatus, version: number) => {
        const write = (initiative: Initiative) =>
          editStoredStrategy(queryClient, strategyId, (strategy) =>
            editInitiative(strategy, initiativeId, () => initiative),
          );
        const saved = await keepingCurrent(updateInitiative(initiativeId, { status }, version), (current) => {
          const parsed = initiativeSchema.safeParse(current);
          if (parsed.success) void write(toInitiative(parsed.data));
        });
        await write(saved);
      },
    }),
    [queryClient, strategyId],
  );
}

// ---- notification settings ------------------------------------------------------------------

async function fetchNotificationSettings(strategyId: number): Promise<NotificationSettings> {
  return toNotificationSettings(
    await apiRequest(progressApi.notificationSettings, { params: { id: strategyId } }),
  );
}

async function updateNotificationSettings(
  strategyId: number,
  { update, version }: VersionedSettingsUpdate,
): Promise<NotificationSettings> {
  const answer = await apiRequest(progressApi.updateNotificationSettings, {
    params: { id: strategyId },
    body: { ...notificationSettingsWire(update), version },
  });
  return toNotificationSettings(answer);
}

/** Any viewer of the strategy may read them (the progress page needs the current due date). */
export const notificationSettingsQuery = (strategyId: number) =>
  queryOptions({
    queryKey: notificationSettingsKey(strategyId),
    queryFn: () => fetchNotificationSettings(strategyId),
  });

export function useNotificationSettingsQuery(strategyId: number | null) {
  return useQuery({ ...notificationSettingsQuery(strategyId ?? 0), enabled: strategyId !== null });
}

/** What the form saves, and the version of the settings its edits started from. */
export interface VersionedSettingsUpdate {
  update: NotificationSettingsUpdate;
  version: number | undefined;
}

/**
 * Masters only. The answer is the stored settings (with the recomputed next due date): it replaces
 * the cache. A stale save's answer (the settings as they are now) replaces it too, so the fields
 * the user did not touch show the other person's values.
 */
export function useUpdateNotificationSettings(strategyId: number) {
  const queryClient = useQueryClient();
  const write = (settings: NotificationSettings) =>
    queryClient.setQueryData(notificationSettingsKey(strategyId), settings);
  return useMutation({
    mutationFn: (request: VersionedSettingsUpdate) =>
      keepingCurrent(updateNotificationSettings(strategyId, request), (current) => {
        const parsed = notificationSettingsSchema.safeParse(current);
        if (parsed.success) write(toNotificationSettings(parsed.data));
      }),
    onSuccess: write,
  });
}
