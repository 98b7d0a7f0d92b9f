/** Two-factor authentication (TOTP, RFC 6238) and its recovery codes: wire schemas and messages. */
import { loginResponse } from './auth';
import { LIMITS } from './limits';
import { z } from './z';

/** What the two-factor screens and answers say; the server and the browser share these words. */
export const MFA_MESSAGES = {
  codeRequired: 'Enter the 6-digit code from your authenticator app.',
  codeFormat: 'The code is the 6 digits your authenticator app shows.',
  recoveryCodeRequired: 'Enter one of your recovery codes.',
  codeInvalid: 'That code is not valid. Check the time on your phone and try a new code.',
  challengeInvalid: 'This sign-in step has expired or was already used. Please sign in again.',
  tokenRequired: 'The sign-in step is missing. Please sign in again.',
  setupFirst: 'Start the set-up of two-factor authentication first.',
  alreadyEnabled: 'Two-factor authentication is already on. Turn it off first to set it up again.',
  notEnabled: 'Two-factor authentication is not on.',
  passwordRequired: 'Enter your password.',
  wrongPassword: 'The password is not correct.',
  enabled: 'Two-factor authentication is on.',
  disabled: 'Two-factor authentication is off.',
  statusFailed: 'Failed to load the two-factor authentication settings',
  setupFailed: 'Failed to start the two-factor authentication set-up',
  confirmFailed: 'Failed to turn on two-factor authentication',
  disableFailed: 'Failed to turn off two-factor authentication',
  loginFailed: 'Failed to check the code',
  recoveryCodesWarning:
    'Save these recovery codes somewhere safe now: they are shown only once. Each one lets you sign in once if you lose your phone.',
} as const;

/** How many recovery codes a user gets when two-factor is turned on. */
export const RECOVERY_CODE_COUNT = 10;

const TOTP_CODE = /^\d{6}$/;

/** A 6-digit TOTP code (spaces allowed, as authenticator apps show "123 456"). */
export const totpCodeSchema = z
  .string({ error: MFA_MESSAGES.codeRequired })
  .max(32, MFA_MESSAGES.codeFormat)
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: MFA_MESSAGES.codeRequired, abort: true })
      .regex(TOTP_CODE, MFA_MESSAGES.codeFormat),
  );

/** A TOTP code or a recovery code (`xxxxx-xxxxx`): the server tells them apart. */
export const mfaCodeSchema = z
  .string({ error: MFA_MESSAGES.codeRequired })
  .max(32, MFA_MESSAGES.codeInvalid)
  .transform((value) => value.replace(/\s+/g, '').toLowerCase())
  .pipe(z.string().min(1, MFA_MESSAGES.codeRequired));

export const isTotpCode = (code: string): boolean => TOTP_CODE.test(code);

export const mfaStatusResponse = z
  .object({
    enabled: z.boolean(),
    recovery_codes_left: z.number().int(),
  })
  .meta({ id: 'MfaStatus' });
export type MfaStatus = z.infer<typeof mfaStatusResponse>;

export const totpSetupResponse = z
  .object({
    /** Base32, for typing into an authenticator app by hand. */
    secret: z.string(),
    otpauth_url: z.string(),
    /** The otpauth URL as a QR code: an SVG data URL. */
    qr_svg: z.string(),
  })
  .meta({ id: 'TotpSetup' });
export type TotpSetup = z.infer<typeof totpSetupResponse>;

export const totpConfirmRequest = z.object({ code: totpCodeSchema }).meta({ id: 'TotpConfirmRequest' });

export const recoveryCodesResponse = z
  .object({ recovery_codes: z.array(z.string()) })
  .meta({ id: 'RecoveryCodes' });
export type RecoveryCodes = z.infer<typeof recoveryCodesResponse>;

export const mfaDisableRequest = z
  .object({
    /** Required when the account has a password (a Google-only account has none). */
    password: z.string({ error: MFA_MESSAGES.passwordRequired }).max(LIMITS.passwordMax).optional(),
    code: mfaCodeSchema,
  })
  .meta({ id: 'MfaDisableRequest' });

/** The first factor passed and two-factor is on: the code is due before a key is issued. */
export const mfaRequiredResponse = z.object({
  mfa_required: z.literal(true),
  mfa_token: z.string().min(1),
});
export type MfaRequiredResponse = z.infer<typeof mfaRequiredResponse>;

/** What a login (password or Google) answers: the key, or the request for a code. */
export const loginOrMfaResponse = z
  .union([loginResponse, mfaRequiredResponse])
  .meta({ id: 'LoginOrMfaResponse' });
export type LoginOrMfaResponse = z.infer<typeof loginOrMfaResponse>;

export const mfaLoginRequest = z
  .object({
    mfa_token: z
      .string({ error: MFA_MESSAGES.tokenRequired })
      .min(1, MFA_MESSAGES.tokenRequired)
      .max(200, MFA_MESSAGES.challengeInvalid),
    code: mfaCodeSchema,
  })
  .meta({ id: 'MfaLoginRequest' });
