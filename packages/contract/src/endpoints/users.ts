/** The signed-in user, their colleagues, and invitations. */
import { z } from 'zod';
import { detailResponse } from '../auth';
import { type Endpoint, idParams } from '../endpoint';
import { createInvitesRequest, createInvitesResponse, inviteSchema } from '../invites';
import { updateUserDetailsRequest, userDetails, userSummary } from '../users';

export const usersApi = {
  details: {
    method: 'GET',
    path: '/api/get-user-details/',
    tag: 'users',
    summary: 'My profile',
    auth: true,
    answer: userDetails,
    errors: [404],
  },
  updateDetails: {
    method: 'PATCH',
    path: '/api/update-user-details/',
    tag: 'users',
    summary: 'Change my name and business title',
    auth: true,
    body: updateUserDetailsRequest,
    answer: userDetails,
    errors: [404],
  },
  colleagues: {
    method: 'GET',
    path: '/api/users/',
    tag: 'users',
    summary: 'The people of my organisation',
    auth: true,
    answer: z.array(userSummary),
  },
} satisfies Record<string, Endpoint>;

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
