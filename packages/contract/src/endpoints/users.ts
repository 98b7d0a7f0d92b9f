/** The signed-in user, their colleagues, and invitations. */
import type { Endpoint } from '../endpoint';
import { updateUserDetailsRequest, userDetails, userSummary } from '../users';
import { z } from '../z';

export const usersApi = {
  details: {
    method: 'GET',
    path: '/api/get-user-details/',
    tag: 'users',
    summary: 'My profile',
    auth: true,
    beforeSecondFactor: true,
    answer: userDetails,
    errors: [404],
  },
  updateDetails: {
    method: 'PATCH',
    path: '/api/update-user-details/',
    tag: 'users',
    summary: 'Change my name and business title',
    auth: true,
    sessionOnly: true,
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
