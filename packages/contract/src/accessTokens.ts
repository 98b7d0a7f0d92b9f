/**
 * Personal access tokens (issue 32, DESIGN §12): a person's key for scripts and other tools. It
 * acts as its person with their permissions, never more; `read` tokens only read.
 */
import { nameSchema } from './primitives';
import { userSummary } from './users';
import { z } from './z';

export const TOKEN_SCOPES = ['read', 'read_write'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/**
 * Every token starts with it, so secret scanners (GitHub's, gitleaks) can find a leaked one and a
 * person can tell it from a session key at a glance.
 */
export const ACCESS_TOKEN_PREFIX = 'kst_pat_';
/** The longest a token may live. */
export const ACCESS_TOKEN_MAX_DAYS = 366;
/** The choices the form offers; the API takes any whole number of days up to the maximum. */
export const ACCESS_TOKEN_EXPIRY_CHOICES = [7, 30, 90, 366] as const;
/** How many live tokens one person may hold. */
export const ACCESS_TOKENS_PER_PERSON = 20;
/** Calls one token may make a minute (a script's loop is stopped before it floods the server). */
export const ACCESS_TOKEN_CALLS_PER_MINUTE = 120;

export const ACCESS_TOKEN_MESSAGES = {
  nameRequired: 'Give the token a name, for example the script it is for.',
  expiryInvalid: `A token expires after 1 to ${ACCESS_TOKEN_MAX_DAYS} days.`,
  created: 'Copy the token now: it will not be shown again.',
  revoked: 'The token has been revoked. Calls with it are refused from now on.',
  notFound: 'Token not found.',
  tooMany: `You can hold at most ${ACCESS_TOKENS_PER_PERSON} tokens. Revoke one you no longer use first.`,
  /** A read token sent to a call that writes. */
  readOnly: 'This access token may only read. Create a token with read and write access to make changes.',
  /** Account security (password, sessions, two-factor, tokens) is changed by the person signed in, never by a token. */
  sessionOnly: 'This can only be done while signed in to Keystone, not with an access token.',
  expired: 'This access token has expired. Create a new one in your profile settings.',
  tooManyCalls: `This access token made more than ${ACCESS_TOKEN_CALLS_PER_MINUTE} calls in a minute. Wait a moment and try again.`,
  /** Made in a session that did not begin with the organisation's provider, which it now requires. */
  ssoRequired:
    'Your organisation now requires single sign-on. Sign in with it, then create a new token in your profile settings.',
  /** The organisation requires a second factor of its person, who has none. */
  secondFactorRequired:
    'Your organisation requires two-factor sign-in. Set it up in your profile settings; this token works again once it is on.',
} as const;

export const accessTokenSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    scope: z.enum(TOKEN_SCOPES),
    /** The prefix and the first characters of the token, e.g. "kst_pat_a1b2": enough to recognise it. */
    hint: z.string(),
    created_at: z.string(),
    expires_at: z.string(),
    last_used_at: z.string().nullable(),
  })
  .meta({ id: 'AccessToken' });
export type AccessToken = z.infer<typeof accessTokenSchema>;

export const accessTokenListResponse = z.array(accessTokenSchema).meta({ id: 'AccessTokenList' });

export const createAccessTokenRequest = z
  .object({
    name: nameSchema(ACCESS_TOKEN_MESSAGES.nameRequired, 80),
    scope: z.enum(TOKEN_SCOPES),
    expires_in_days: z
      .number({ error: ACCESS_TOKEN_MESSAGES.expiryInvalid })
      .int(ACCESS_TOKEN_MESSAGES.expiryInvalid)
      .min(1, ACCESS_TOKEN_MESSAGES.expiryInvalid)
      .max(ACCESS_TOKEN_MAX_DAYS, ACCESS_TOKEN_MESSAGES.expiryInvalid),
  })
  .strict()
  .meta({ id: 'CreateAccessTokenRequest' });
export type CreateAccessTokenRequest = z.infer<typeof createAccessTokenRequest>;

export const createAccessTokenResponse = z
  .object({
    detail: z.string(),
    /** Shown once: only a hash is kept. */
    token: z.string(),
    access_token: accessTokenSchema,
  })
  .meta({ id: 'CreateAccessTokenResponse' });
export type CreateAccessTokenResponse = z.infer<typeof createAccessTokenResponse>;

/** An organisation's tokens as its administrators see them: whose each one is. */
export const organisationAccessTokenSchema = accessTokenSchema
  .extend({ owner: userSummary })
  .meta({ id: 'OrganisationAccessToken' });
export type OrganisationAccessToken = z.infer<typeof organisationAccessTokenSchema>;
export const organisationAccessTokenListResponse = z
  .array(organisationAccessTokenSchema)
  .meta({ id: 'OrganisationAccessTokenList' });

/** The screens' words: profile settings' "Access tokens" and the administrators' list on /organisation. */
export const ACCESS_TOKEN_LABELS = {
  heading: 'Access tokens',
  intro:
    'A personal access token lets a script or another tool call the Keystone API as you, with your permissions. Send it as "Authorization: Bearer <token>".',
  scopeLabels: { read: 'Read', read_write: 'Read and write' } as const satisfies Record<TokenScope, string>,
  scopeField: 'Access',
  expiryField: 'Expires after',
  expiryChoice: (days: number) => (days >= 365 ? '1 year' : `${days} days`),
  tokenName: 'Token name',
  tokenNameHelp: 'For example the script it is for: Monthly revenue',
  create: 'Create token',
  newToken: 'New access token',
  copyToken: 'Copy the token',
  tokenSaved: 'I have saved it',
  tokensTable: 'Your access tokens',
  organisationTable: 'Access tokens of the organisation',
  organisationIntro:
    'Every live personal access token of your members. Revoking one stops the scripts that use it at once.',
  noTokens: 'No token yet.',
  noOrganisationTokens: 'Nobody has a live access token.',
  columnName: 'Name',
  columnOwner: 'Whose',
  columnScope: 'Access',
  columnToken: 'Token',
  columnExpires: 'Expires',
  columnLastUsed: 'Last used',
  columnActions: 'Actions',
  neverUsed: 'Never',
  expired: 'Expired',
  revoke: 'Revoke',
  revokeButton: (name: string) => `Revoke the token ${name}`,
  confirmRevokeTitle: (name: string) => `Revoke the token ${name}?`,
  confirmRevokeMessage: 'Calls with this token are refused at once. A script that uses it needs a new token.',
  loading: 'Loading the access tokens',
  fetchFailed: 'Failed to load the access tokens',
  createFailed: 'Failed to create the token',
  revokeFailed: 'Failed to revoke the token',
} as const;
