/** Invites of the user's organisation (spec §3 "Invite"): listed and created on the profile page. */
import { createInvitesResponse, inviteSchema, type Invite as WireInvite } from '@keystone/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type ResponseSchema } from './client';

export interface Invite {
  id: number;
  email: string;
  invitedBy: number | null;
  isAccepted: boolean;
  acceptedAt: string | null;
}

const invitesKey = ['invites'] as const;
const inviteList: ResponseSchema<WireInvite[]> = inviteSchema.array();

async function fetchInvites(): Promise<Invite[]> {
  const answer = await apiRequest('/invites/', { response: inviteList });
  return answer.map((invite) => ({
    id: invite.id,
    email: invite.email,
    invitedBy: invite.invited_by,
    isAccepted: invite.is_accepted,
    acceptedAt: invite.accepted_at,
  }));
}

async function createInvites(emails: string[]): Promise<void> {
  await apiRequest('/invites/create/', { method: 'POST', body: emails, response: createInvitesResponse });
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
