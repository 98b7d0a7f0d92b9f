/**
 * Google sign-in: the browser brings an authorization code; we exchange it with the
 * configured OpenID issuer (Google, or a local mock in tests), verify the ID token, and
 * let in only existing or invited people.
 */
import { type LoginResponse, MESSAGES, type PublicConfig } from '@keystone/contract';
import { eq } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { AppContext } from '../../context';
import { invites, users } from '../../db/schema';
import { badRequest, forbidden, HttpError, notFound } from '../../http/errors';
import { publish } from '../../realtime/events';
import { findUserByEmail } from '../users/queries';
import { completeLogin } from './login';
import type { RequestOrigin } from './securityEvents';

type GoogleConfig = NonNullable<AppContext['config']['google']>;

const discovered = new Map<string, Promise<oidc.Configuration>>();

/** Discovery happens once per issuer; a failed discovery is retried on the next sign-in. */
function oidcConfiguration(google: GoogleConfig): Promise<oidc.Configuration> {
  const cacheKey = `${google.issuer}|${google.clientId}`;
  let pending = discovered.get(cacheKey);
  if (!pending) {
    const issuer = new URL(google.issuer);
    pending = oidc.discovery(
      issuer,
      google.clientId,
      google.clientSecret,
      undefined,
      issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined,
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
  email: string;
  firstName: string;
  lastName: string;
}

async function exchangeCode(ctx: AppContext, google: GoogleConfig, code: string): Promise<GoogleIdentity> {
  let configuration: oidc.Configuration;
  try {
    configuration = await oidcConfiguration(google);
  } catch (error) {
    ctx.log.warn({ err: error }, 'Google issuer discovery failed');
    throw new HttpError(503, 'Google sign-in is not reachable right now. Please try again later.');
  }
  const callback = new URL(googleRedirectUri(ctx));
  callback.searchParams.set('code', code);
  if (configuration.serverMetadata().authorization_response_iss_parameter_supported) {
    callback.searchParams.set('iss', configuration.serverMetadata().issuer);
  }
  let claims: oidc.IDToken | undefined;
  try {
    const tokens = await oidc.authorizationCodeGrant(configuration, callback, { idTokenExpected: true });
    claims = tokens.claims();
  } catch (error) {
    ctx.log.info(
      { error: error instanceof Error ? error.message : String(error) },
      'Google code exchange refused',
    );
    throw badRequest(MESSAGES.googleCodeInvalid);
  }
  const email = typeof claims?.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!email) throw badRequest(MESSAGES.googleCodeInvalid);
  if (claims?.email_verified !== true) throw badRequest(MESSAGES.googleEmailNotVerified);
  const text = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, 150) : '');
  return { email, firstName: text(claims.given_name), lastName: text(claims.family_name) };
}

export async function loginWithGoogle(
  ctx: AppContext,
  code: string,
  origin: RequestOrigin,
): Promise<LoginResponse> {
  const google = ctx.config.google;
  if (!google) throw notFound(MESSAGES.googleNotConfigured);
  const identity = await exchangeCode(ctx, google, code);

  const userId = await ctx.db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, identity.email);
    if (existing && !existing.isActive) throw forbidden(MESSAGES.inviteOnly);
    const [invite] = await tx.select().from(invites).where(eq(invites.email, identity.email)).limit(1);
    if (!existing && !invite) throw forbidden(MESSAGES.inviteOnly);
    if (invite && !invite.isAccepted) {
      await tx
        .update(invites)
        .set({ isAccepted: true, acceptedAt: new Date() })
        .where(eq(invites.id, invite.id));
    }
    // Google vouches for the address, so it counts as verified; a placeholder becomes a full account.
    if (existing) {
      await tx
        .update(users)
        .set({
          isPlaceholder: false,
          emailVerifiedAt: existing.emailVerifiedAt ?? new Date(),
          firstName: existing.firstName || identity.firstName,
          lastName: existing.lastName || identity.lastName,
        })
        .where(eq(users.id, existing.id));
      // An invited person already on a strategy may now have a name there.
      await publish(tx, [{ kind: 'people' }]);
      return existing.id;
    }
    const [created] = await tx
      .insert(users)
      .values({
        email: identity.email,
        organisationId: invite!.organisationId,
        firstName: identity.firstName,
        lastName: identity.lastName,
        emailVerifiedAt: new Date(),
      })
      .returning({ id: users.id });
    return created!.id;
  });
  return completeLogin(ctx, userId, 'google', origin);
}
