/** A signed-in person's two-factor settings (kept apart from sign-in, which /login loads). */
import { detailResponse } from '../auth';
import type { Endpoint } from '../endpoint';
import {
  mfaDisableRequest,
  mfaStatusResponse,
  recoveryCodesResponse,
  totpConfirmRequest,
  totpSetupResponse,
} from '../mfa';

export const mfaApi = {
  status: {
    method: 'GET',
    path: '/api/auth/mfa/',
    tag: 'auth',
    summary: 'Is two-factor on, and how many recovery codes are left',
    auth: true,
    sessionOnly: true,
    beforeSecondFactor: true,
    answer: mfaStatusResponse,
  },
  totpSetup: {
    method: 'POST',
    path: '/api/auth/mfa/totp/setup/',
    tag: 'auth',
    summary: 'Create (or replace) an unconfirmed TOTP secret; answers it with its otpauth URL and QR code',
    auth: true,
    sessionOnly: true,
    beforeSecondFactor: true,
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
    sessionOnly: true,
    beforeSecondFactor: true,
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
    sessionOnly: true,
    body: mfaDisableRequest,
    answer: detailResponse,
    rateLimit: 'signIn',
    errors: [409],
  },
} satisfies Record<string, Endpoint>;
