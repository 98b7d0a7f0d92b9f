/** Account-security kinds shared by the server (which records them) and the web (which lists them). */

/** What the security log records (DESIGN §9): sign-ins, sessions, passwords and two-factor changes. */
export const SECURITY_EVENT_KINDS = [
  'login_succeeded',
  'login_failed',
  'logout',
  'session_ended',
  'password_changed',
  'password_reset',
  'mfa_enabled',
  'mfa_disabled',
  'signup_verified',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

/** How a sign-in (or its second step) was made. */
export const SIGN_IN_METHODS = ['password', 'google', 'totp', 'recovery_code'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];
