/** Personal access tokens (issue 32): my own in profile settings, the organisation's on /organisation. */
import type { CreateAccessTokenRequest } from '@keystone/contract';
import { accessTokensApi } from '@keystone/contract/endpoints/accessTokens';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client';
import { organisationKey } from './organisation';

const myTokensKey = ['access-tokens'] as const;
const organisationTokensKey = [...organisationKey, 'access-tokens'] as const;

export function useMyAccessTokens() {
  return useQuery({ queryKey: myTokensKey, queryFn: () => apiRequest(accessTokensApi.list, {}) });
}

/** Answers the new token itself, which is shown once. The lists are read again. */
export function useCreateAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAccessTokenRequest) => apiRequest(accessTokensApi.create, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: myTokensKey }),
  });
}

export function useRevokeAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await apiRequest(accessTokensApi.revoke, { params: { id } })).detail,
    onSettled: () => queryClient.invalidateQueries({ queryKey: myTokensKey }),
  });
}

export function useOrganisationAccessTokens() {
  return useQuery({
    queryKey: organisationTokensKey,
    queryFn: () => apiRequest(accessTokensApi.organisationTokens, {}),
  });
}

/** Revoked by an administrator: the list and the security log are read again. */
export function useRevokeOrganisationAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await apiRequest(accessTokensApi.revokeOrganisationToken, { params: { id } })).detail,
    onSettled: () => queryClient.invalidateQueries({ queryKey: organisationKey }),
  });
}
