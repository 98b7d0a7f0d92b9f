/**
 * What administrators manage on /organisation (issue 14): the organisation's settings, its members
 * and its security log. Answers keep the contract's wire shapes, as the page shows them as they are.
 */
import type {
  Organisation,
  SecurityEventKind,
  SecurityLogQuery,
  UpdateMemberRequest,
  UpdateOrganisationRequest,
} from '@keystone/contract';
import { organisationApi } from '@keystone/contract/endpoints/organisation';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client';

/** Every query of the page starts with this key, so one invalidation refreshes them all. */
export const organisationKey = ['organisation'] as const;
const settingsKey = [...organisationKey, 'settings'] as const;
const membersKey = [...organisationKey, 'members'] as const;
const securityLogKey = [...organisationKey, 'security-log'] as const;

/** Which entries of the security log to show: about one member, of one kind, or all. */
export interface SecurityLogFilter {
  user: number | null;
  kind: SecurityEventKind | null;
}

/** The log's query for one page: the filters, and where the previous page ended (unset parts left out). */
export function securityLogQuery(
  filter: SecurityLogFilter,
  before: number | null,
): Partial<SecurityLogQuery> {
  return {
    ...(filter.user !== null && { user: filter.user }),
    ...(filter.kind !== null && { kind: filter.kind }),
    ...(before !== null && { before }),
  };
}

export function useOrganisation() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: () => apiRequest(organisationApi.get, {}),
  });
}

export function useUpdateOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: UpdateOrganisationRequest) => apiRequest(organisationApi.update, { body: update }),
    onSuccess: (organisation: Organisation) => queryClient.setQueryData(settingsKey, organisation),
    // The change is in the security log now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityLogKey }),
  });
}

export function useMembers() {
  return useQuery({
    queryKey: membersKey,
    queryFn: () => apiRequest(organisationApi.members, {}),
  });
}

interface MemberUpdate {
  id: number;
  change: UpdateMemberRequest;
}

export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: MemberUpdate) =>
      apiRequest(organisationApi.updateMember, { params: { id }, body: change }),
    // Refused or not, the members, the log and the user's own rights (a self-demotion) are read again.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: organisationKey }),
        queryClient.invalidateQueries({ queryKey: ['userDetails'] }),
      ]),
  });
}

/** Newest first; each "Show older" continues from the last page's next_before. */
export function useSecurityLog(filter: SecurityLogFilter) {
  return useInfiniteQuery({
    queryKey: [...securityLogKey, filter],
    queryFn: ({ pageParam }) =>
      apiRequest(organisationApi.securityLog, { query: securityLogQuery(filter, pageParam) }),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next_before,
  });
}
