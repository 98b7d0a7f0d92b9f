/** The administrators' SCIM provisioning tokens on /organisation (issue 31). */
import { scimApi } from '@keystone/contract/endpoints/scim';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client';
import { organisationKey } from './organisation';

const scimTokensKey = [...organisationKey, 'scim-tokens'] as const;

export function useScimTokens() {
  return useQuery({ queryKey: scimTokensKey, queryFn: () => apiRequest(scimApi.tokens, {}) });
}

/** Answers the new token itself, which is shown once. The list and the security log are read again. */
export function useCreateScimToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiRequest(scimApi.createToken, { body: { name } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: organisationKey }),
  });
}

export function useRevokeScimToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await apiRequest(scimApi.revokeToken, { params: { id } })).detail,
    onSettled: () => queryClient.invalidateQueries({ queryKey: organisationKey }),
  });
}
