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
  // Administrators' actions (issue 14): the event's user is the person acted on, its actor the administrator.
  'organisation_setup',
  'organisation_updated',
  'invite_created',
  'invite_resent',
  'invite_revoked',
  'user_deactivated',
  'user_reactivated',
  'admin_granted',
  'admin_revoked',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

/** How a sign-in (or its second step) was made. */
export const SIGN_IN_METHODS = ['password', 'google', 'totp', 'recovery_code'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];
