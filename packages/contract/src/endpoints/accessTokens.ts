/**
 * Personal access tokens (issue 32): a person's own, and their organisation's for administrators.
 * Managed only while signed in (sessionOnly): a token cannot mint or extend tokens.
 */
import {
  accessTokenListResponse,
  createAccessTokenRequest,
  createAccessTokenResponse,
  organisationAccessTokenListResponse,
} from '../accessTokens';
import { detailResponse } from '../auth';
import { type Endpoint, idParams } from '../endpoint';

export const accessTokensApi = {
  list: {
    method: 'GET',
    path: '/api/access-tokens/',
    tag: 'access tokens',
    summary: 'My personal access tokens, live ones first (never the tokens themselves)',
    auth: true,
    sessionOnly: true,
    answer: accessTokenListResponse,
  },
  create: {
    method: 'POST',
    path: '/api/access-tokens/',
    tag: 'access tokens',
    summary: 'Create a personal access token, shown once in this answer and stored hashed',
    auth: true,
    sessionOnly: true,
    body: createAccessTokenRequest,
    answer: createAccessTokenResponse,
    status: 201,
    errors: [409],
  },
  revoke: {
    method: 'DELETE',
    path: '/api/access-tokens/{id}/',
    tag: 'access tokens',
    summary: 'Revoke one of my tokens: calls with it are refused at once',
    auth: true,
    sessionOnly: true,
    params: idParams,
    answer: detailResponse,
    errors: [404],
  },
  organisationTokens: {
    method: 'GET',
    path: '/api/organisation/access-tokens/',
    tag: 'organisation',
    summary:
      "Every live personal access token of the organisation's people, with whose it is (administrators)",
    auth: true,
    sessionOnly: true,
    answer: organisationAccessTokenListResponse,
  },
  revokeOrganisationToken: {
    method: 'DELETE',
    path: '/api/organisation/access-tokens/{id}/',
    tag: 'organisation',
    summary: 'Revoke a token of anyone in the organisation (administrators); it is in the security log',
    auth: true,
    sessionOnly: true,
    params: idParams,
    answer: detailResponse,
    errors: [404],
  },
} satisfies Record<string, Endpoint>;
