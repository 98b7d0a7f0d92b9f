/**
 * What administrators manage on /organisation (issue 14): the organisation's settings, its members
 * and its security log. Answers keep the contract's wire shapes, as the page shows them as they are.
 */
import {
  type Member,
  memberSchema,
  type Organisation,
  organisationSchema,
  type SecurityEventKind,
  securityLogPage,
  type UpdateMemberRequest,
  type UpdateOrganisationRequest,
  updateMemberResponse,
} from '@keystone/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { legacyApiRequest, type ResponseSchema } from './client';

/** Every query of the page starts with this key, so one invalidation refreshes them all. */
export const organisationKey = ['organisation'] as const;
const settingsKey = [...organisationKey, 'settings'] as const;
const membersKey = [...organisationKey, 'members'] as const;
const securityLogKey = [...organisationKey, 'security-log'] as const;

const memberList: ResponseSchema<Member[]> = memberSchema.array();

/** Which entries of the security log to show: about one member, of one kind, or all. */
export interface SecurityLogFilter {
  user: number | null;
  kind: SecurityEventKind | null;
}

/** The log's address for one page: the filters, and where the previous page ended. */
export function securityLogPath(filter: SecurityLogFilter, before: number | null): string {
  const query = new URLSearchParams();
  if (filter.user !== null) query.set('user', String(filter.user));
  if (filter.kind !== null) query.set('kind', filter.kind);
  if (before !== null) query.set('before', String(before));
  const search = query.toString();
  return `/organisation/security-log/${search ? `?${search}` : ''}`;
}

export function useOrganisation() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: () => legacyApiRequest('/organisation/', { response: organisationSchema }),
  });
}

export function useUpdateOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: UpdateOrganisationRequest) =>
      legacyApiRequest('/organisation/', { method: 'PATCH', body: update, response: organisationSchema }),
    onSuccess: (organisation: Organisation) => queryClient.setQueryData(settingsKey, organisation),
    // The change is in the security log now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityLogKey }),
  });
}

export function useMembers() {
  return useQuery({
    queryKey: membersKey,
    queryFn: () => legacyApiRequest('/organisation/members/', { response: memberList }),
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
      legacyApiRequest(`/organisation/members/${id}/`, {
        method: 'PATCH',
        body: change,
        response: updateMemberResponse,
      }),
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
      legacyApiRequest(securityLogPath(filter, pageParam), { response: securityLogPage }),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next_before,
  });
}
