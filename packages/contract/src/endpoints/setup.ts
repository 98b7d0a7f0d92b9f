/** The first run: the printed setup link's state, and creating the organisation with its first administrator. */
import { loginResponse } from '../auth';
import { type Endpoint, tokenParams } from '../endpoint';
import { setupRequest, setupStatusResponse } from '../organisation';

export const setupApi = {
  status: {
    method: 'GET',
    path: '/api/setup/{token}/',
    tag: 'organisation',
    summary: 'Whether a first-run setup link (printed by the server on an empty database) still works',
    auth: false,
    params: tokenParams,
    answer: setupStatusResponse,
    rateLimit: 'perAddress',
  },
  complete: {
    method: 'POST',
    path: '/api/setup/',
    tag: 'organisation',
    summary:
      'First run: create the organisation and its first administrator with the setup token, and log in (answers the API key)',
    auth: false,
    body: setupRequest,
    answer: loginResponse,
    status: 201,
    rateLimit: 'signIn',
  },
} satisfies Record<string, Endpoint>;
