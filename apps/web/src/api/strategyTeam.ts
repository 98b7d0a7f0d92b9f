/** PATCH /assign-users-to-strategy/: saves the strategy masters and every initiative's people. */
import type { AssignTeamRequest } from '@keystone/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type ResponseSchema } from './client';
import { organisationUsersKey } from './organisationUsers';
import { strategiesKey, strategyKey } from './strategies';

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
      apiRequest('/assign-users-to-strategy/', { method: 'PATCH', body: payload, response: savedTeam }),
    // Spec §2: the strategy is fetched again. Awaited, so the save resolves with fresh data in the
    // cache; typed addresses became (placeholder) users, and masters decide "owned by me".
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: strategyKey(strategyId) }),
        queryClient.invalidateQueries({ queryKey: organisationUsersKey }),
        queryClient.invalidateQueries({ queryKey: strategiesKey }),
      ]),
  });
}
