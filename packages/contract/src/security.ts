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
  // Company sign-in (issue 31): the provider's settings and policies, SCIM tokens, and what SCIM
  // did to a person (its actor is null; `detail.scim_token` names the token).
  'sso_settings_changed',
  'mfa_policy_changed',
  'break_glass_granted',
  'break_glass_revoked',
  'identity_linked',
  'scim_token_created',
  'scim_token_revoked',
  'scim_user_created',
  'scim_user_updated',
  // Personal access tokens (issue 32): made and revoked (by the person or an administrator, the
  // actor), used (at most once an hour per token, with the address), and presented when expired or revoked.
  'access_token_created',
  'access_token_revoked',
  'access_token_used',
  'access_token_refused',
  // The organisation's webhook endpoints (issue 32): where its data is sent. `detail` has the host and kind.
  'webhook_created',
  'webhook_changed',
  'webhook_deleted',
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
  sso_settings_changed: 'Single sign-on settings changed',
  mfa_policy_changed: 'Two-factor policy changed',
  break_glass_granted: 'Made break-glass administrator',
  break_glass_revoked: 'No longer break-glass administrator',
  identity_linked: 'Linked to the organisation’s provider',
  scim_token_created: 'SCIM token created',
  scim_token_revoked: 'SCIM token revoked',
  scim_user_created: 'Provisioned by SCIM',
  scim_user_updated: 'Changed by SCIM',
  access_token_created: 'Access token created',
  access_token_revoked: 'Access token revoked',
  access_token_used: 'Access token used',
  access_token_refused: 'Expired or revoked access token refused',
  webhook_created: 'Webhook endpoint added',
  webhook_changed: 'Webhook endpoint changed',
  webhook_deleted: 'Webhook endpoint deleted',
} as const satisfies Record<SecurityEventKind, string>;

/** How a sign-in (or its second step) was made. */
export const SIGN_IN_METHODS = ['password', 'google', 'sso', 'totp', 'recovery_code'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

export const SIGN_IN_METHOD_LABELS = {
  password: 'Password',
  google: 'Google',
  sso: 'Single sign-on',
  totp: 'Authenticator app',
  recovery_code: 'Recovery code',
} as const satisfies Record<SignInMethod, string>;
