/**
 * Invites of the user's organisation (spec §3 "Invite"): listed and created on the profile page;
 * resent and revoked by administrators on /organisation.
 */
import type { CreateInvitesResponse, Invite as WireInvite } from '@keystone/contract';
import { invitesApi } from '@keystone/contract/endpoints/invites';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client';
import { organisationKey } from './organisation';
import { type Camel, toCamel } from './wireCase';

export type Invite = Camel<WireInvite>;

const invitesKey = ['invites'] as const;

async function fetchInvites(): Promise<Invite[]> {
  return toCamel(await apiRequest(invitesApi.list, {}));
}

/** Who was invited, and each address that was not with the reason (this organisation's members and invitations). */
export type InvitesResult = Camel<CreateInvitesResponse>;

async function createInvites(emails: string[]): Promise<InvitesResult> {
  return toCamel(await apiRequest(invitesApi.create, { body: emails }));
}

export function useInvites() {
  return useQuery({ queryKey: invitesKey, queryFn: fetchInvites });
}

/** Spec §7: after creating, the invites are fetched again. */
export function useCreateInvites() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvites,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitesKey }),
  });
}

async function resendInvite(id: number): Promise<string> {
  const answer = await apiRequest(invitesApi.resend, { params: { id } });
  return answer.detail;
}

async function revokeInvite(id: number): Promise<string> {
  const answer = await apiRequest(invitesApi.revoke, { params: { id } });
  return answer.detail;
}

/** A resend or revoke changes the list (and the security log), whether it worked or another tab got there first. */
function useInviteAction(mutationFn: (id: number) => Promise<string>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: invitesKey }),
        queryClient.invalidateQueries({ queryKey: organisationKey }),
      ]),
  });
}

export const useResendInvite = () => useInviteAction(resendInvite);
export const useRevokeInvite = () => useInviteAction(revokeInvite);
