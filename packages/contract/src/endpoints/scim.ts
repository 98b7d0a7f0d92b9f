/**
 * The administrators' SCIM provisioning tokens (issue 31). The SCIM protocol itself (/scim/v2/…)
 * is RFC 7644's, with its own media type and error format: the server registers it apart from
 * these declarations (docs/ARCHITECTURE.md, "SCIM").
 */
import { detailResponse } from '../auth';
import { type Endpoint, idParams } from '../endpoint';
import { createScimTokenRequest, createScimTokenResponse, scimTokenListResponse } from '../sso';

export const scimApi = {
  tokens: {
    method: 'GET',
    path: '/api/organisation/scim-tokens/',
    tag: 'organisation',
    summary:
      "The organisation's SCIM tokens (never the tokens themselves) and the SCIM base URL (administrators)",
    auth: true,
    sessionOnly: true,
    answer: scimTokenListResponse,
  },
  createToken: {
    method: 'POST',
    path: '/api/organisation/scim-tokens/',
    tag: 'organisation',
    summary: 'Create a SCIM bearer token, shown once in this answer and stored hashed (administrators)',
    auth: true,
    sessionOnly: true,
    body: createScimTokenRequest,
    answer: createScimTokenResponse,
    status: 201,
    errors: [409],
  },
  revokeToken: {
    method: 'DELETE',
    path: '/api/organisation/scim-tokens/{id}/',
    tag: 'organisation',
    summary: 'Revoke a SCIM token: provisioning with it stops at once (administrators)',
    auth: true,
    sessionOnly: true,
    params: idParams,
    answer: detailResponse,
    errors: [404],
  },
} satisfies Record<string, Endpoint>;
