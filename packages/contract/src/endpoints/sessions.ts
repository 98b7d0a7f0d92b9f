/**
 * A signed-in person's sessions (their API keys): listed, ended one by one or all but this one;
 * and their password, whose change ends the others.
 */
import { detailResponse } from '../auth';
import { type Endpoint, idParams } from '../endpoint';
import { passwordChangeRequest, sessionSchema } from '../sessions';
import { z } from '../z';

export const sessionsApi = {
  list: {
    method: 'GET',
    path: '/api/auth/sessions/',
    tag: 'auth',
    summary: 'My live sessions (API keys), newest first; `current` marks the one of this request',
    auth: true,
    sessionOnly: true,
    answer: z.array(sessionSchema),
  },
  end: {
    method: 'DELETE',
    path: '/api/auth/sessions/{id}/',
    tag: 'auth',
    summary: 'End one of my sessions (its sockets close)',
    auth: true,
    sessionOnly: true,
    params: idParams,
    answer: detailResponse,
    errors: [404],
  },
  endOthers: {
    method: 'POST',
    path: '/api/auth/sessions/revoke-others/',
    tag: 'auth',
    summary: 'End every session of mine but the current one',
    auth: true,
    sessionOnly: true,
    answer: detailResponse,
  },
  changePassword: {
    method: 'POST',
    path: '/api/auth/password/change/',
    tag: 'auth',
    summary: 'Change my password (ends my other sessions, mails a notice)',
    auth: true,
    sessionOnly: true,
    body: passwordChangeRequest,
    answer: detailResponse,
    rateLimit: 'signIn',
  },
} satisfies Record<string, Endpoint>;
