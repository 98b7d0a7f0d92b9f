/**
 * Invites of the user's organisation (spec §3 "Invite"): listed and created on the profile page;
 * resent and revoked by administrators on /organisation.
 */
import {
  createInvitesResponse,
  detailResponse,
  type InviteSkipReason,
  inviteSchema,
  type Invite as WireInvite,
} from '@keystone/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { legacyApiRequest, type ResponseSchema } from './client';
import { organisationKey } from './organisation';

export interface Invite {
  id: number;
  email: string;
  invitedBy: number | null;
  isAccepted: boolean;
  acceptedAt: string | null;
  lastSentAt: string;
}

const invitesKey = ['invites'] as const;
const inviteList: ResponseSchema<WireInvite[]> = inviteSchema.array();

async function fetchInvites(): Promise<Invite[]> {
  const answer = await legacyApiRequest('/invites/', { response: inviteList });
  return answer.map((invite) => ({
    id: invite.id,
    email: invite.email,
    invitedBy: invite.invited_by,
    isAccepted: invite.is_accepted,
    acceptedAt: invite.accepted_at,
    lastSentAt: invite.last_sent_at,
  }));
}

/** Who was invited, and each address that was not with the reason (this organisation's members and invitations). */
export interface InvitesResult {
  invited: string[];
  notInvited: { email: string; reason: InviteSkipReason }[];
}

async function createInvites(emails: string[]): Promise<InvitesResult> {
  const answer = await legacyApiRequest('/invites/create/', {
    method: 'POST',
    body: emails,
    response: createInvitesResponse,
  });
  return { invited: answer.invited, notInvited: answer.not_invited };
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
  const answer = await legacyApiRequest(`/invites/${id}/resend/`, {
    method: 'POST',
    response: detailResponse,
  });
  return answer.detail;
}

async function revokeInvite(id: number): Promise<string> {
  const answer = await legacyApiRequest(`/invites/${id}/`, { method: 'DELETE', response: detailResponse });
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
