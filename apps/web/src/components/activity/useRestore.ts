/**
 * The panel's restores: what the page has loaded (to judge what may be restored, and from which
 * version), and the restore call with its outcome in the contract's words.
 */
import { HISTORY_MESSAGES } from '@keystone/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ActivityScope } from '../../api/activity';
import { type RestoreTarget, restoreField } from '../../api/activityRestore';
import { useCharterQuery, useTimelinesQuery } from '../../api/charter';
import { ApiError } from '../../api/client';
import { useStrategyQuery } from '../../api/strategies';
import type { RestoreSources } from './restoreOptions';

/** The same queries the page reads (already in the cache), so nothing is fetched twice. */
export function useRestoreSources(scope: ActivityScope, userId: number): RestoreSources {
  const initiativeId = scope.kind === 'initiative' ? scope.initiativeId : null;
  const strategy = useStrategyQuery(scope.strategyId);
  const charter = useCharterQuery(initiativeId);
  const timelines = useTimelinesQuery(initiativeId ?? 0, initiativeId !== null);
  return { userId, strategy: strategy.data, charter: charter.data, timelines: timelines.data };
}

/** A refusal (a stale version, a field someone is editing, bad input) says why in the server's words. */
export function restoreFailure(error: unknown): string {
  const detail = error instanceof ApiError ? error.detail : null;
  return detail ? `${HISTORY_MESSAGES.restoreFailed} ${detail}` : HISTORY_MESSAGES.restoreFailed;
}

export function useRestore() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (target: RestoreTarget) => restoreField(queryClient, target) });
}
