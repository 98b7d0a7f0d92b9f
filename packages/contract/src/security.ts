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
  // An address with an account (which belongs to one organisation) cannot be invited: the attempt
  // is on record, and counts against the invitation quotas, so it cannot be repeated at will.
  'invite_refused',
  'user_deactivated',
  'user_reactivated',
  'admin_granted',
  'admin_revoked',
  // Strategy masters can read and change everything in a strategy, and administrators may make
  // anyone (themselves too) one: each change of a strategy's masters, with the strategy in `detail`.
  'master_added',
  'master_removed',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

/** Each kind in words, for the organisation's security log. */
export const SECURITY_EVENT_LABELS = {
  login_succeeded: 'Signed in',
  login_failed: 'Failed sign-in',
  logout: 'Signed out',
  session_ended: 'Session ended',
  password_changed: 'Password changed',
  password_reset: 'Password reset',
  mfa_enabled: 'Two-factor sign-in turned on',
  mfa_disabled: 'Two-factor sign-in turned off',
  signup_verified: 'Signed up',
  organisation_setup: 'Organisation set up',
  organisation_updated: 'Organisation settings changed',
  invite_created: 'Invited',
  invite_resent: 'Invitation sent again',
  invite_revoked: 'Invitation revoked',
  invite_refused: 'Not invited: the address cannot join',
  user_deactivated: 'Deactivated',
  user_reactivated: 'Reactivated',
  admin_granted: 'Made administrator',
  admin_revoked: 'No longer administrator',
  master_added: 'Made strategy master',
  master_removed: 'No longer strategy master',
} as const satisfies Record<SecurityEventKind, string>;

/** How a sign-in (or its second step) was made. */
export const SIGN_IN_METHODS = ['password', 'google', 'totp', 'recovery_code'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

export const SIGN_IN_METHOD_LABELS = {
  password: 'Password',
  google: 'Google',
  totp: 'Authenticator app',
  recovery_code: 'Recovery code',
} as const satisfies Record<SignInMethod, string>;
