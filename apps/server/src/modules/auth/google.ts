/**
 * Google sign-in: the browser brings an authorization code with its PKCE verifier and nonce; we
 * exchange it with the configured OpenID issuer (Google, or a local mock in tests), verify the ID
 * token, and let in only existing or invited people. Accounts are linked by issuer and subject.
 */
import { type LoginOrMfaResponse, MESSAGES, type PublicConfig } from '@keystone/contract';
import type * as oidc from 'openid-client';
import type { AppContext } from '../../core/context';
import { badRequest, forbidden, HttpError, notFound } from '../../core/errors';
import { publish } from '../../core/events';
import type { RequestOrigin } from '../../core/securityEvents';
import { findUserByEmail, findUserById } from '../../core/userQueries';
import { userIdentities } from '../../db/schema';
import { adoptProvenAddress, hasIdentityOf, linkedUserId } from './identities';
import { acceptInvitation, invitationFor, joinOrganisation } from './joining';
import { completeLogin, refuseWhenSsoRequired } from './login';

type GoogleConfig = NonNullable<AppContext['config']['google']>;

const openidClient = () => import('openid-client');

const discovered = new Map<string, Promise<oidc.Configuration>>();

/** Discovery happens once per issuer; a failed discovery is retried on the next sign-in. */
function oidcConfiguration(google: GoogleConfig): Promise<oidc.Configuration> {
  const cacheKey = `${google.issuer}|${google.clientId}`;
  let pending = discovered.get(cacheKey);
  if (!pending) {
    const issuer = new URL(google.issuer);
    // The OpenID client is loaded by the first Google sign-in only, when Google is configured.
    pending = openidClient().then((client) =>
      client.discovery(
        issuer,
        google.clientId,
        google.clientSecret,
        undefined,
        issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : undefined,
      ),
    );
    pending.catch(() => discovered.delete(cacheKey));
    discovered.set(cacheKey, pending);
  }
  return pending;
}

export function googleRedirectUri(ctx: AppContext): string {
  return `${ctx.config.appUrl}/login`;
}

export async function publicGoogleConfig(ctx: AppContext): Promise<PublicConfig['google']> {
  const google = ctx.config.google;
  if (!google) return null;
  try {
    const metadata = (await oidcConfiguration(google)).serverMetadata();
    if (!metadata.authorization_endpoint) return null;
    return {
      client_id: google.clientId,
      authorization_endpoint: metadata.authorization_endpoint,
      redirect_uri: googleRedirectUri(ctx),
    };
  } catch (error) {
    ctx.log.warn({ err: error }, 'Google sign-in unavailable: issuer discovery failed');
    return null;
  }
}

interface GoogleIdentity {
  /** The ID token's `iss` and `sub`: what stays the same when the person's e-mail changes. */
  issuer: string;
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
}

export interface GoogleSignIn {
  code: string;
  code_verifier: string;
  nonce: string;
  /** The invitation token of the sign-up link, when the person came from one. */
  invite?: string;
}

async function exchangeCode(
  ctx: AppContext,
  google: GoogleConfig,
  input: GoogleSignIn,
): Promise<GoogleIdentity> {
  let configuration: oidc.Configuration;
  try {
    configuration = await oidcConfiguration(google);
  } catch (error) {
    ctx.log.warn({ err: error }, 'Google issuer discovery failed');
    throw new HttpError(503, 'Google sign-in is not reachable right now. Please try again later.');
  }
  const callback = new URL(googleRedirectUri(ctx));
  callback.searchParams.set('code', input.code);
  if (configuration.serverMetadata().authorization_response_iss_parameter_supported) {
    callback.searchParams.set('iss', configuration.serverMetadata().issuer);
  }
  let claims: oidc.IDToken | undefined;
  try {
    // The provider checks the verifier against the challenge; openid-client checks the nonce.
    const tokens = await (await openidClient()).authorizationCodeGrant(configuration, callback, {
      idTokenExpected: true,
      pkceCodeVerifier: input.code_verifier,
      expectedNonce: input.nonce,
    });
    claims = tokens.claims();
  } catch (error) {
    ctx.log.info(
      { error: error instanceof Error ? error.message : String(error) },
      'Google code exchange refused',
    );
    throw badRequest(MESSAGES.googleCodeInvalid);
  }
  const email = typeof claims?.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!claims?.sub || !email) throw badRequest(MESSAGES.googleCodeInvalid);
  if (claims.email_verified !== true) throw badRequest(MESSAGES.googleEmailNotVerified);
  const text = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, 150) : '');
  return {
    issuer: claims.iss,
    subject: claims.sub,
    email,
    firstName: text(claims.given_name),
    lastName: text(claims.family_name),
  };
}

/**
 * Which account the Google identity signs in to: the one linked to its (issuer, subject), even
 * when the Google e-mail changed; else the account with that verified e-mail, which gets linked
 * only while it has no identity of this issuer; else a new account for an invited address.
 */
async function resolveAccount(
  ctx: AppContext,
  identity: GoogleIdentity,
  inviteToken: string | undefined,
): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const linkedId = await linkedUserId(tx, identity);
    if (linkedId !== undefined) {
      const linked = await findUserById(tx, linkedId);
      if (!linked?.isActive) throw forbidden(MESSAGES.inviteOnly);
      return linked.id;
    }

    const existing = await findUserByEmail(tx, identity.email);
    if (existing && !existing.isActive) throw forbidden(MESSAGES.inviteOnly);
    if (existing && (await hasIdentityOf(tx, existing.id, identity.issuer))) {
      throw forbidden(MESSAGES.googleAccountMismatch);
    }
    const link = { issuer: identity.issuer, subject: identity.subject };
    if (existing) {
      // Google vouches for the address, so it counts as verified.
      await adoptProvenAddress(tx, existing, identity);
      await tx.insert(userIdentities).values({ userId: existing.id, ...link });
      return existing.id;
    }
    // No account yet: the invitation its sign-up link named, else the address's only one.
    const invite = await invitationFor(tx, identity.email, inviteToken);
    if (!invite) throw forbidden(MESSAGES.inviteOnly);
    await acceptInvitation(tx, invite.organisationId, identity.email);
    const userId = await joinOrganisation(tx, invite.organisationId, identity.email, {
      passwordHash: null,
      firstName: identity.firstName,
      lastName: identity.lastName,
    });
    await tx.insert(userIdentities).values({ userId, ...link });
    // An invited person already on a strategy now has a name there.
    await publish(tx, [{ kind: 'people' }]);
    return userId;
  });
}

export async function loginWithGoogle(
  ctx: AppContext,
  input: GoogleSignIn,
  origin: RequestOrigin,
): Promise<LoginOrMfaResponse> {
  const google = ctx.config.google;
  if (!google) throw notFound(MESSAGES.googleNotConfigured);
  const identity = await exchangeCode(ctx, google, input);
  const userId = await resolveAccount(ctx, identity, input.invite);
  await refuseWhenSsoRequired(ctx, userId, 'google', origin);
  return completeLogin(ctx, userId, 'google', origin);
}
