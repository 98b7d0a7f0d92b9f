/**
 * The team calls (contract endpoints/team.ts): GET /strategy/{id}/team/ (what administrators
 * without a role read instead of the strategy) and PATCH /assign-users-to-strategy/, which saves
 * the strategy masters and every initiative's people.
 */
import type { AssignTeamRequest } from '@keystone/contract';
import { teamApi } from '@keystone/contract/endpoints/team';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client';
import { strategiesKey, strategyKey } from './strategies';
import { toStrategyTeam } from './strategyWire';
import { organisationUsersKey } from './users';

export const strategyTeamKey = (id: number) => ['strategyTeam', id] as const;

/** Only asked when `enabled`: the page reads the whole strategy first, if the user may. */
export function useStrategyTeamQuery(strategyId: number, enabled: boolean) {
  return useQuery({
    queryKey: strategyTeamKey(strategyId),
    queryFn: async () => toStrategyTeam(await apiRequest(teamApi.get, { params: { id: strategyId } })),
    enabled,
  });
}

export function useAssignTeam(strategyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: AssignTeamRequest) => apiRequest(teamApi.assign, { body: payload }),
    // Spec §2: the strategy is fetched again. Awaited, so the save resolves with fresh data in the
    // cache; typed addresses became (placeholder) users, and masters decide "owned by me".
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: strategyKey(strategyId) }),
        queryClient.invalidateQueries({ queryKey: strategyTeamKey(strategyId) }),
        queryClient.invalidateQueries({ queryKey: organisationUsersKey }),
        queryClient.invalidateQueries({ queryKey: strategiesKey }),
      ]),
  });
}
