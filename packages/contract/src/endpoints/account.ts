/** A signed-in user's sessions and two-factor settings (kept apart from sign-in, which /login loads). */
import { detailResponse } from '../auth';
import { type Endpoint, idParams } from '../endpoint';
import {
  mfaDisableRequest,
  mfaStatusResponse,
  recoveryCodesResponse,
  totpConfirmRequest,
  totpSetupResponse,
} from '../mfa';
import { sessionSchema } from '../sessions';
import { z } from '../z';

export const sessionsApi = {
  list: {
    method: 'GET',
    path: '/api/auth/sessions/',
    tag: 'auth',
    summary: 'My live sessions (API keys), newest first; `current` marks the one of this request',
    auth: true,
    answer: z.array(sessionSchema),
  },
  end: {
    method: 'DELETE',
    path: '/api/auth/sessions/{id}/',
    tag: 'auth',
    summary: 'End one of my sessions (its sockets close)',
    auth: true,
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
    answer: detailResponse,
  },
} satisfies Record<string, Endpoint>;

export const mfaApi = {
  status: {
    method: 'GET',
    path: '/api/auth/mfa/',
    tag: 'auth',
    summary: 'Is two-factor on, and how many recovery codes are left',
    auth: true,
    answer: mfaStatusResponse,
  },
  totpSetup: {
    method: 'POST',
    path: '/api/auth/mfa/totp/setup/',
    tag: 'auth',
    summary: 'Create (or replace) an unconfirmed TOTP secret; answers it with its otpauth URL and QR code',
    auth: true,
    answer: totpSetupResponse,
    rateLimit: 'signIn',
    errors: [409],
  },
  totpConfirm: {
    method: 'POST',
    path: '/api/auth/mfa/totp/confirm/',
    tag: 'auth',
    summary: 'Turn two-factor on with a code from the new secret; answers the recovery codes, once',
    auth: true,
    body: totpConfirmRequest,
    answer: recoveryCodesResponse,
    rateLimit: 'signIn',
    errors: [409],
  },
  disable: {
    method: 'POST',
    path: '/api/auth/mfa/disable/',
    tag: 'auth',
    summary: 'Turn two-factor off with the password and a TOTP or recovery code',
    auth: true,
    body: mfaDisableRequest,
    answer: detailResponse,
    rateLimit: 'signIn',
    errors: [409],
  },
} satisfies Record<string, Endpoint>;
