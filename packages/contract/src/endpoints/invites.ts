/** Invitations (kept apart from the user calls every page loads). */
import { detailResponse } from '../auth';
import { type Endpoint, idParams } from '../endpoint';
import { createInvitesRequest, createInvitesResponse, inviteSchema } from '../invites';
import { z } from '../z';

export const invitesApi = {
  list: {
    method: 'GET',
    path: '/api/invites/',
    tag: 'invites',
    summary: "My organisation's invites",
    auth: true,
    answer: z.array(inviteSchema),
  },
  create: {
    method: 'POST',
    path: '/api/invites/create/',
    tag: 'invites',
    summary: 'Invite people by e-mail (mails them a sign-up link)',
    auth: true,
    body: createInvitesRequest,
    answer: createInvitesResponse,
    status: 201,
  },
  revoke: {
    method: 'DELETE',
    path: '/api/invites/{id}/',
    tag: 'invites',
    summary: 'Revoke a pending invitation (administrators)',
    auth: true,
    params: idParams,
    answer: detailResponse,
    errors: [404, 409],
  },
  resend: {
    method: 'POST',
    path: '/api/invites/{id}/resend/',
    tag: 'invites',
    summary: 'Mail a pending invitation again, with a new link (administrators)',
    auth: true,
    params: idParams,
    answer: detailResponse,
    errors: [404, 409],
  },
} satisfies Record<string, Endpoint>;
