/**
 * Company sign-in (issue 31): signing in through the organisation's OpenID Connect provider, and
 * the administrators' settings of that provider.
 */
import { detailResponse } from '../auth';
import type { Endpoint } from '../endpoint';
import { loginOrMfaResponse } from '../mfa';
import {
  ssoCallbackRequest,
  ssoSettingsSchema,
  ssoStartRequest,
  ssoStartResponse,
  updateSsoSettingsRequest,
} from '../sso';

export const ssoApi = {
  start: {
    method: 'POST',
    path: '/api/auth/sso/start/',
    tag: 'auth',
    summary:
      "Start a sign-in through the provider of the organisation that holds the address's domain: answers where to send the browser (authorization code with PKCE, state and nonce)",
    auth: false,
    body: ssoStartRequest,
    answer: ssoStartResponse,
    rateLimit: 'perAddress',
    errors: [503],
  },
  callback: {
    method: 'POST',
    path: '/api/auth/sso/callback/',
    tag: 'auth',
    summary:
      "Finish a sign-in with what the provider's redirect carried (state, code, iss) and this browser's attempt secret; answers the API key, or mfa_required with an mfa_token",
    auth: false,
    body: ssoCallbackRequest,
    answer: loginOrMfaResponse,
    rateLimit: 'signIn',
    errors: [403, 503],
  },
  settings: {
    method: 'GET',
    path: '/api/organisation/sso/',
    tag: 'organisation',
    summary: "The organisation's single sign-on settings, without the client secret (administrators)",
    auth: true,
    sessionOnly: true,
    answer: ssoSettingsSchema,
  },
  updateSettings: {
    method: 'PATCH',
    path: '/api/organisation/sso/',
    tag: 'organisation',
    summary:
      "Set the organisation's provider (its OpenID Connect discovery is fetched and checked first), domains, join rule and whether single sign-on is required (administrators)",
    auth: true,
    sessionOnly: true,
    body: updateSsoSettingsRequest,
    answer: ssoSettingsSchema,
    errors: [503],
  },
  removeSettings: {
    method: 'DELETE',
    path: '/api/organisation/sso/',
    tag: 'organisation',
    summary: 'Turn single sign-on off: members sign in with passwords again (administrators)',
    auth: true,
    sessionOnly: true,
    answer: detailResponse,
  },
} satisfies Record<string, Endpoint>;
