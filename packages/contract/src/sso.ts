/**
 * Company sign-in (issue 31, DESIGN §11): an organisation's own OpenID Connect provider, the
 * policies that come with it (single sign-on required, two-factor required, break-glass
 * administrators) and SCIM provisioning tokens, as wire shapes and words.
 */
import { LIMITS } from './limits';
import { nameSchema } from './primitives';
import { userSummary } from './users';
import { z } from './z';

/** Who may join through the provider: only people invited, or anyone with a verified address at the domains. */
export const SSO_JOIN_RULES = ['invited', 'domain'] as const;
export type SsoJoinRule = (typeof SSO_JOIN_RULES)[number];

/** Whom the organisation requires a second factor of. */
export const MFA_POLICIES = ['off', 'admins', 'everyone'] as const;
export type MfaPolicy = (typeof MFA_POLICIES)[number];

export const SSO_MESSAGES = {
  issuerRequired: 'Enter the issuer URL of your identity provider.',
  issuerNotHttps: 'The issuer must be an https:// address.',
  discoveryUnreachable: (url: string) =>
    `Could not fetch ${url}: check the issuer URL and that the provider is reachable from this server.`,
  discoveryInvalid: (reason: string) =>
    `The provider's OpenID Connect configuration cannot be used: ${reason}`,
  clientIdRequired: 'Enter the client ID your identity provider issued for Keystone.',
  clientSecretRequired: 'Enter the client secret your identity provider issued for Keystone.',
  domainsRequired: 'Enter at least one e-mail domain of your organisation.',
  domainInvalid: (domain: string) => `"${domain}" is not an e-mail domain (for example example.com).`,
  /** Said the same whether another organisation holds the domain or it is refused for another reason. */
  domainUnavailable: (domain: string) => `The domain ${domain} cannot be used for single sign-on.`,
  settingsSaved: 'Single sign-on settings saved.',
  settingsRemoved: 'Single sign-on is off. Members sign in with their passwords again.',
  notConfigured: 'Single sign-on is not set up for your organisation.',
  requiredWouldLockOut:
    'Requiring single sign-on would leave no administrator able to sign in. Sign in once through your provider yourself, or name an administrator with two-factor sign-in as break-glass access, then try again.',
  breakGlassNeedsMfa: 'Only an administrator with two-factor sign-in on can be break-glass access.',
  breakGlassOnlyAdmins: 'Only administrators can be break-glass access.',
  breakGlassLast:
    'Single sign-on is required and this is the only way an administrator can still sign in without the provider. Name another break-glass administrator first.',
  /** Demoting or deactivating the one administrator who could still sign in. */
  lastWayIn:
    'Single sign-on is required and no other administrator could still sign in. Let another administrator sign in once through your provider, or name a break-glass administrator, first.',
  breakGlassGranted: (name: string) => `${name} can now sign in with a password and two-factor sign-in.`,
  breakGlassRevoked: (name: string) => `${name} now signs in through single sign-on only.`,

  // ---- signing in
  startEmailRequired: 'Enter your work e-mail address.',
  /** The same for every address no organisation signs in for: it reveals nothing about the others. */
  noSsoForAddress:
    'Single sign-on is not set up for this address. Log in with your password, or ask your administrator.',
  providerUnreachable:
    "Your organisation's sign-in provider is not reachable right now. Please try again later.",
  attemptExpired: 'This sign-in has expired or was already used. Please start again.',
  signInFailed: "Sign-in through your organisation's provider failed. Please start again.",
  providerRefused: (reason: string) => `Your organisation's provider did not sign you in: ${reason}`,
  emailNotVerified:
    'Your identity provider has not verified your e-mail address, so it cannot be used to sign in.',
  emailOutsideDomains:
    "Your identity provider signed you in with an address outside your organisation's e-mail domains.",
  identityLinkedElsewhere: 'This identity from your provider is already linked to another account.',
  inviteNeeded:
    'You need an invitation to join your organisation in Keystone. Ask an administrator to invite you.',
  /** Said after the password matched, so it reveals nothing to someone guessing. */
  ssoRequired: 'Your organisation signs in with single sign-on. Use "Continue with single sign-on".',

  // ---- two-factor required
  mfaPolicyOnlyAdmins: 'Two-factor sign-in is required for administrators.',
  secondFactorSetupRequired: 'Your organisation requires two-factor sign-in. Set it up to continue.',
  mfaPolicySaved: 'Two-factor policy saved.',
  mfaRequiredCannotDisable:
    'Your organisation requires two-factor sign-in of you, so it cannot be turned off. You can set it up again on a new phone instead.',
  breakGlassCannotDisable:
    'You are break-glass access for single sign-on, which needs two-factor sign-in. Ask another administrator to remove you from break-glass access first.',

  // ---- SCIM tokens
  scimTokenNameRequired: 'Give the token a name, for example the provider it is for.',
  scimTokenCreated: 'Copy the token now: it will not be shown again.',
  scimTokenRevoked: 'The token has been revoked. Provisioning with it stops at once.',
  scimTokenNotFound: 'Token not found.',
  scimTokensMax: (max: number) => `An organisation can hold at most ${max} SCIM tokens. Revoke one first.`,
} as const;

/**
 * The SCIM protocol's words (/scim/v2/), read in a provider's provisioning log: the server's only,
 * kept apart from SSO_MESSAGES so no web page's bundle carries them.
 */
export const SCIM_MESSAGES = {
  scimUnauthorized: 'The SCIM token is missing, revoked or not valid.',
  scimUserNotFound: 'User not found.',
  scimResourceNotFound: 'There is no such SCIM resource here. Keystone provisions Users only.',
  /** The same words whether the address is in this organisation or another: nothing is revealed. */
  scimUserNameTaken: 'This userName cannot be used: an account with this e-mail address already exists.',
  scimUserNameInvalid: "userName must be the person's e-mail address.",
  /** SCIM makes accounts, and an address has one account: only the organisation's own addresses. */
  scimUserNameOutsideDomains:
    "userName must be an address at one of the organisation's e-mail domains (set under Single sign-on on /organisation).",
  scimSchemaMissing: (schema: string) => `The body must list the schema ${schema} in "schemas".`,
  scimBodyNotObject: 'The body must be a JSON object.',
  scimMalformedJson: 'The body is not valid JSON.',
  scimBodyTooLarge: 'The body is too large for a SCIM request.',
  scimUnsupportedMediaType: 'Send the body as application/scim+json (or application/json).',
  scimInvalidValue: (attribute: string, problem: string) => `${attribute}: ${problem}`,
  scimInvalidFilter:
    'Only filters of the form: attribute eq "value" are supported, on userName, externalId or id.',
  scimInvalidPaging: 'startIndex and count must be whole numbers.',
  scimPatchOperationsMissing: 'A PatchOp body needs a non-empty "Operations" list.',
  scimPatchTooManyOperations: (max: number) => `A PatchOp body takes at most ${max} operations.`,
  scimPatchOpInvalid: (op: string) => `"${op}" is not a PATCH operation: use add, replace or remove.`,
  scimPatchPathInvalid: (path: string) => `"${path}" is not an attribute of a Keystone user.`,
  scimPatchRemoveRequired: (attribute: string) => `${attribute} is required and cannot be removed.`,
  scimPatchValueMissing: 'An add or replace operation needs a "value".',
} as const;

/** The longest issuer or redirect address taken. */
const URL_MAX = 2000;

/** At most this many e-mail domains per organisation. */
export const SSO_DOMAINS_MAX = 20;
/** At most this many SCIM tokens per organisation (one per provider, with room to rotate). */
export const SCIM_TOKENS_MAX = 5;

const DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export function isEmailDomain(value: string): boolean {
  return DOMAIN_PATTERN.test(value);
}

/** The domain of an address, lower-cased ('' when there is none). */
export function domainOf(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0
    ? ''
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
}

// ---- settings (administrators)

export const ssoSettingsSchema = z
  .object({
    /** False until an administrator saves a provider; the other fields are then empty. */
    configured: z.boolean(),
    issuer: z.string(),
    client_id: z.string(),
    /** The secret itself is never sent back. */
    client_secret_set: z.boolean(),
    domains: z.array(z.string()),
    join_rule: z.enum(SSO_JOIN_RULES),
    /** Members cannot use passwords or Google; break-glass administrators keep password and second factor. */
    required: z.boolean(),
    /** What the administrator registers at the provider as the redirect (callback) URI. */
    redirect_uri: z.string(),
  })
  .meta({ id: 'SsoSettings' });
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;

const domainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .refine(isEmailDomain, { error: (issue) => SSO_MESSAGES.domainInvalid(String(issue.input)) });

export const updateSsoSettingsRequest = z
  .object({
    issuer: z
      .string({ error: SSO_MESSAGES.issuerRequired })
      .trim()
      .min(1, SSO_MESSAGES.issuerRequired)
      .max(URL_MAX, SSO_MESSAGES.issuerRequired),
    client_id: z
      .string({ error: SSO_MESSAGES.clientIdRequired })
      .trim()
      .min(1, SSO_MESSAGES.clientIdRequired)
      .max(500),
    /** Left out (or empty) keeps the stored secret; required the first time. */
    client_secret: z.string().max(1000).optional(),
    domains: z
      .array(domainSchema, { error: SSO_MESSAGES.domainsRequired })
      .min(1, SSO_MESSAGES.domainsRequired)
      .max(SSO_DOMAINS_MAX, `At most ${SSO_DOMAINS_MAX} domains`),
    join_rule: z.enum(SSO_JOIN_RULES),
    required: z.boolean(),
  })
  .strict()
  .meta({ id: 'UpdateSsoSettingsRequest' });
export type UpdateSsoSettingsRequest = z.infer<typeof updateSsoSettingsRequest>;

// ---- signing in

export const ssoStartRequest = z
  .object({
    email: z
      .string({ error: SSO_MESSAGES.startEmailRequired })
      .trim()
      .toLowerCase()
      .min(1, SSO_MESSAGES.startEmailRequired)
      .max(LIMITS.email, SSO_MESSAGES.noSsoForAddress),
  })
  .meta({ id: 'SsoStartRequest' });

export const ssoStartResponse = z
  .object({
    /** Where the browser goes next: the provider's authorization endpoint with state, nonce and PKCE challenge. */
    authorization_url: z.string(),
    /**
     * Kept by this browser (session storage) and sent back with the callback: a sign-in started
     * in one browser cannot be finished in another (login CSRF).
     */
    attempt_secret: z.string(),
  })
  .meta({ id: 'SsoStartResponse' });
export type SsoStartResponse = z.infer<typeof ssoStartResponse>;

/** What the provider's redirect to /login/sso carried, as the page read it, with the browser's secret. */
export const ssoCallbackRequest = z
  .object({
    state: z.string().min(1, SSO_MESSAGES.attemptExpired).max(500, SSO_MESSAGES.attemptExpired),
    attempt_secret: z.string().min(1, SSO_MESSAGES.attemptExpired).max(500, SSO_MESSAGES.attemptExpired),
    code: z.string().max(4000).optional(),
    iss: z.string().max(URL_MAX).optional(),
    /** The provider's refusal (RFC 6749 §4.1.2.1) instead of a code. */
    error: z.string().max(200).optional(),
    error_description: z.string().max(1000).optional(),
  })
  .meta({ id: 'SsoCallbackRequest' });
export type SsoCallbackRequest = z.infer<typeof ssoCallbackRequest>;

// ---- SCIM tokens (administrators)

export const scimTokenSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    created_at: z.string(),
    created_by: userSummary.nullable(),
    last_used_at: z.string().nullable(),
  })
  .meta({ id: 'ScimToken' });
export type ScimToken = z.infer<typeof scimTokenSchema>;

export const scimTokenListResponse = z
  .object({
    /** The SCIM base URL the provider is given (…/scim/v2). */
    base_url: z.string(),
    tokens: z.array(scimTokenSchema),
  })
  .meta({ id: 'ScimTokenList' });
export type ScimTokenList = z.infer<typeof scimTokenListResponse>;

export const createScimTokenRequest = z
  .object({ name: nameSchema(SSO_MESSAGES.scimTokenNameRequired, 80) })
  .strict()
  .meta({ id: 'CreateScimTokenRequest' });
export type CreateScimTokenRequest = z.infer<typeof createScimTokenRequest>;

export const createScimTokenResponse = z
  .object({
    detail: z.string(),
    /** Shown once: only a hash is kept. */
    token: z.string(),
    scim_token: scimTokenSchema,
    base_url: z.string(),
  })
  .meta({ id: 'CreateScimTokenResponse' });
export type CreateScimTokenResponse = z.infer<typeof createScimTokenResponse>;
