/**
 * The team page's calls: GET /strategy/{id}/team/ (what administrators without a role read
 * instead of the strategy) and PATCH /assign-users-to-strategy/, which saves the strategy
 * masters and every initiative's people.
 */
import { type AssignTeamRequest, strategyTeamSchema } from '@keystone/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { legacyApiRequest, type ResponseSchema } from './client';
import { organisationUsersKey } from './organisationUsers';
import { strategiesKey, strategyKey } from './strategies';
import { toStrategyTeam } from './strategyWire';

export const strategyTeamKey = (id: number) => ['strategyTeam', id] as const;

/** Only asked when `enabled`: the page reads the whole strategy first, if the user may. */
export function useStrategyTeamQuery(strategyId: number, enabled: boolean) {
  return useQuery({
    queryKey: strategyTeamKey(strategyId),
    queryFn: async () =>
      toStrategyTeam(
        await legacyApiRequest(`/strategy/${strategyId}/team/`, { response: strategyTeamSchema }),
      ),
    enabled,
  });
}

const savedTeam: ResponseSchema<{ id: number }> = {
  safeParse: (data) =>
    typeof data === 'object' && data !== null && 'id' in data && typeof data.id === 'number'
      ? { success: true, data: { id: data.id } }
      : { success: false },
};

export function useAssignTeam(strategyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: AssignTeamRequest) =>
      legacyApiRequest('/assign-users-to-strategy/', { method: 'PATCH', body: payload, response: savedTeam }),
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
