/**
 * The words of company sign-in's screens (issue 31): the login's single sign-on step, and the
 * organisation page's sections for the provider, the two-factor policy and SCIM provisioning.
 * Errors and confirmations are SSO_MESSAGES (sso.ts).
 */
import type { MfaPolicy, SsoJoinRule } from './sso';

export const SSO_LOGIN_LABELS = {
  continueWithSso: 'Continue with single sign-on',
  title: 'Single sign-on',
  subtitle: "Enter your work e-mail address to sign in through your organisation's provider.",
  workEmail: 'Work e-mail',
  continue: 'Continue',
  redirecting: 'Opening your provider...',
  backToLogin: 'Back to log in',
  finishing: 'Signing you in...',
  callbackTitle: 'Signing in',
} as const;

export const SSO_SETTINGS_LABELS = {
  heading: 'Single sign-on',
  intro:
    "Let members sign in through your organisation's OpenID Connect provider (Okta, Microsoft Entra ID, Google Workspace, Keycloak, …). Register Keystone at the provider with the redirect URI below, then enter what it issued.",
  notConfigured: 'Not set up yet.',
  issuerField: 'Issuer URL',
  issuerHelp: 'For example https://login.example.com/realms/staff',
  clientIdField: 'Client ID',
  clientSecretField: 'Client secret',
  secretStored: 'A secret is stored.',
  replaceSecret: 'Replace the secret',
  keepSecret: 'Keep the stored secret',
  domainsField: 'E-mail domains',
  domainsHelp: 'The domains of your members’ addresses, separated by commas or spaces, e.g. example.com',
  joinRuleLegend: 'Who may join through the provider',
  requiredField: 'Require single sign-on',
  requiredHelp:
    'Members can no longer sign in with a password or Google. Break-glass administrators (see Members) keep their password and two-factor sign-in.',
  redirectUri: 'Redirect URI',
  redirectUriHelp: 'Register this address at your provider as the redirect (callback) URI.',
  copy: 'Copy',
  copyRedirectUri: 'Copy the redirect URI',
  copied: 'Copied to the clipboard.',
  copyFailed: 'Could not copy: select the text and copy it yourself.',
  save: 'Save single sign-on',
  remove: 'Turn off single sign-on',
  confirmRemoveTitle: 'Turn off single sign-on?',
  confirmRemoveMessage:
    'Members sign in with their passwords again, and the provider, its secret and the domains are forgotten.',
  fetchFailed: 'Failed to load the single sign-on settings',
  saveFailed: 'Failed to save the single sign-on settings',
  removeFailed: 'Failed to turn off single sign-on',
} as const;

export const SSO_JOIN_RULE_LABELS = {
  invited: 'Only people invited to the organisation',
  domain: 'Anyone with a verified address at these domains (joins as a member without roles)',
} as const satisfies Record<SsoJoinRule, string>;

export const MFA_POLICY_LABELS = {
  heading: 'Two-factor sign-in',
  legend: 'Two-factor sign-in is required of',
  help: 'People it covers who have not set it up are led to do so right after signing in, and can do nothing else until they have. A sign-in through your provider counts when the provider says it asked for a second factor.',
  save: 'Save two-factor policy',
  saveFailed: 'Failed to save the two-factor policy',
} as const;

export const MFA_POLICY_OPTION_LABELS = {
  off: 'No one (each person chooses)',
  admins: 'Administrators',
  everyone: 'Everyone',
} as const satisfies Record<MfaPolicy, string>;

export const SCIM_LABELS = {
  heading: 'SCIM provisioning',
  intro:
    'Your identity provider can create, update and deactivate members through SCIM 2.0. Give it the base URL and a token from here. It can add people only at the e-mail domains saved under Single sign-on above.',
  baseUrl: 'SCIM base URL',
  copyBaseUrl: 'Copy the SCIM base URL',
  tokensTable: 'SCIM tokens',
  noTokens: 'No token yet.',
  columnName: 'Name',
  columnCreated: 'Created',
  columnLastUsed: 'Last used',
  neverUsed: 'Never',
  tokenName: 'Token name',
  tokenNameHelp: 'For example the provider it is for: Okta',
  create: 'Create token',
  newToken: 'New SCIM token',
  copyToken: 'Copy the token',
  tokenSaved: 'I have saved it',
  revoke: 'Revoke',
  revokeButton: (name: string) => `Revoke the token ${name}`,
  confirmRevokeTitle: (name: string) => `Revoke the token ${name}?`,
  confirmRevokeMessage:
    'Provisioning with this token stops at once. The provider needs a new token to go on.',
  fetchFailed: 'Failed to load the SCIM tokens',
  createFailed: 'Failed to create the token',
  revokeFailed: 'Failed to revoke the token',
} as const;

/** The members table's sign-in columns and the break-glass switch. */
export const MEMBER_SIGN_IN_LABELS = {
  twoFactorOn: 'Two-factor on',
  twoFactorOff: 'No two-factor',
  ssoLinked: 'Single sign-on linked',
  ssoNotLinked: 'No single sign-on yet',
  breakGlass: 'Break-glass',
  breakGlassSwitch: (name: string) => `Break-glass access: ${name}`,
  updateFailed: 'Failed to change break-glass access',
} as const;
