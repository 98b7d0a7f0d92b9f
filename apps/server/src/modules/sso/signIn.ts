/**
 * A sign-in through the organisation's provider, server side: start finds the provider by the
 * address's domain and stores a single-use attempt (hashes of its state and of the browser's
 * secret, the nonce, the sealed PKCE verifier); finish uses the attempt once, exchanges the code
 * with openid-client (state, nonce, PKCE, issuer and audience checked) and answers who the ID
 * token names. Which account that is, is decided by auth/ssoAccount.ts.
 */
import { domainOf, SSO_MESSAGES, type SsoCallbackRequest, type SsoStartResponse } from '@keystone/contract';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type * as oidc from 'openid-client';
import { SsoRefusal } from '../../core/companySignIn';
import type { AppContext } from '../../core/context';
import { badRequest } from '../../core/errors';
import { secretPurpose } from '../../core/sealedSecrets';
import { organisationDomains, organisationSso, ssoAttempts } from '../../db/schema';
import { randomSecret, sha256 } from '../../lib/secrets';
import { clientConfiguration } from './discovery';
import { domainsOf, redirectUriOf } from './settings';

const ATTEMPT_LIFETIME_MS = 10 * 60 * 1000;
const SCOPE = 'openid email profile';
const CLAIM_TEXT_MAX = 150;

const codeVerifierPurpose = (stateHash: string) => `sso-code-verifier:${stateHash}`;

async function providerOf(ctx: AppContext, organisationId: number) {
  const [row] = await ctx.db
    .select()
    .from(organisationSso)
    .where(eq(organisationSso.organisationId, organisationId));
  if (!row) return undefined;
  return {
    ...row,
    clientSecret: ctx.secrets.open(row.clientSecret, secretPurpose.ssoClientSecret(organisationId)),
  };
}

export async function startSsoSignIn(ctx: AppContext, email: string): Promise<SsoStartResponse> {
  // The same words for every address no provider signs in for: nothing about other organisations leaks.
  const refused = () => badRequest(SSO_MESSAGES.noSsoForAddress, { email: [SSO_MESSAGES.noSsoForAddress] });
  const domain = domainOf(email);
  if (!email.includes('@') || !domain) throw refused();
  const [claimed] = await ctx.db
    .select({ organisationId: organisationDomains.organisationId })
    .from(organisationDomains)
    .where(eq(organisationDomains.domain, domain));
  const provider = claimed && (await providerOf(ctx, claimed.organisationId));
  if (!provider) throw refused();
  const { client, configuration } = await clientConfiguration(ctx, provider);

  const state = client.randomState();
  const nonce = client.randomNonce();
  const verifier = client.randomPKCECodeVerifier();
  const attemptSecret = randomSecret();
  const stateHash = sha256(state);
  const now = ctx.clock.now();
  await ctx.db.delete(ssoAttempts).where(lt(ssoAttempts.expiresAt, now));
  await ctx.db.insert(ssoAttempts).values({
    organisationId: provider.organisationId,
    stateHash,
    browserHash: sha256(attemptSecret),
    nonce,
    codeVerifier: ctx.secrets.seal(verifier, codeVerifierPurpose(stateHash)),
    expiresAt: new Date(now.getTime() + ATTEMPT_LIFETIME_MS),
  });
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUriOf(ctx),
    scope: SCOPE,
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    login_hint: email,
  });
  return { authorization_url: url.href, attempt_secret: attemptSecret };
}

/** Who the provider signed in, as its ID token says. */
export interface SsoIdentity {
  organisationId: number;
  issuer: string;
  subject: string;
  /** Lower-cased; '' when the token has none. */
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  /** The provider asked for a second factor (amr / acr). */
  secondFactor: boolean;
  joinRule: 'invited' | 'domain';
  /** The organisation's e-mail domains: an address the provider vouches for must be at one. */
  domains: string[];
}

/**
 * Whether the provider says it asked for more than one factor: `amr` with 'mfa' or two distinct
 * methods (RFC 8176), or an `acr` naming multi-factor.
 */
export function providerAskedSecondFactor(claims: { readonly [claim: string]: unknown }): boolean {
  const amr = Array.isArray(claims.amr) ? claims.amr.filter((value) => typeof value === 'string') : [];
  if (amr.includes('mfa') || new Set(amr).size >= 2) return true;
  const acr = typeof claims.acr === 'string' ? claims.acr.toLowerCase() : '';
  return /mfa|2fa|multi-?factor/.test(acr);
}

/**
 * Whether the provider vouches for the address: `email_verified: true`, or, from a provider that
 * sends no `email_verified` at all (Microsoft Entra ID), its optional claim `xms_edov: true` (the
 * address's domain is verified as the tenant's own).
 */
function emailVerifiedBy(claims: { readonly [claim: string]: unknown }): boolean {
  if (claims.email_verified !== undefined) return claims.email_verified === true;
  return claims.xms_edov === true;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, CLAIM_TEXT_MAX) : '');

/** Uses the attempt (once, from the browser that started it, before it expires). */
async function takeAttempt(ctx: AppContext, input: SsoCallbackRequest) {
  const stateHash = sha256(input.state);
  const now = ctx.clock.now();
  const [attempt] = await ctx.db
    .update(ssoAttempts)
    .set({ usedAt: now })
    .where(
      and(
        eq(ssoAttempts.stateHash, stateHash),
        // Another browser's secret leaves the attempt for its own browser.
        eq(ssoAttempts.browserHash, sha256(input.attempt_secret)),
        isNull(ssoAttempts.usedAt),
        gt(ssoAttempts.expiresAt, now),
      ),
    )
    .returning();
  if (!attempt) throw new SsoRefusal(400, SSO_MESSAGES.attemptExpired, 'attempt_unknown_used_or_expired');
  return { ...attempt, verifier: ctx.secrets.open(attempt.codeVerifier, codeVerifierPurpose(stateHash)) };
}

/** Whether an error (or one of its causes) is the provider being down: no connection, a timeout, a 5xx. */
function providerDown(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (current instanceof Response) return current.status >= 500;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^(ECONN|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|UND_ERR_)/.test(code)) return true;
    if (
      current instanceof Error &&
      (/^(TimeoutError|AbortError)$/.test(current.name) || current.message === 'fetch failed')
    )
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** openid-client refused what came back, or could not reach the provider's token endpoint. */
function exchangeRefusal(ctx: AppContext, error: unknown, organisationId: number): SsoRefusal {
  const message = error instanceof Error ? error.message : String(error);
  ctx.log.info(
    { reason: message, code: (error as { code?: unknown }).code },
    'single sign-on code exchange refused',
  );
  const facts = { organisation_id: organisationId, error: message.slice(0, 200) };
  if (providerDown(error)) {
    return new SsoRefusal(503, SSO_MESSAGES.providerUnreachable, 'provider_unreachable', facts);
  }
  return new SsoRefusal(400, SSO_MESSAGES.signInFailed, 'code_exchange_refused', facts);
}

export async function finishSsoSignIn(ctx: AppContext, input: SsoCallbackRequest): Promise<SsoIdentity> {
  const attempt = await takeAttempt(ctx, input);
  if (input.error) {
    const reason = (input.error_description || input.error).slice(0, 300);
    throw new SsoRefusal(400, SSO_MESSAGES.providerRefused(reason), 'provider_refused', {
      organisation_id: attempt.organisationId,
      error: input.error,
    });
  }
  const provider = await providerOf(ctx, attempt.organisationId);
  if (!provider) throw new SsoRefusal(400, SSO_MESSAGES.attemptExpired, 'provider_removed');
  const { client, configuration } = await clientConfiguration(ctx, provider);
  const callback = new URL(redirectUriOf(ctx));
  for (const name of ['code', 'state', 'iss'] as const) {
    const value = input[name];
    if (value !== undefined) callback.searchParams.set(name, value);
  }
  let claims: oidc.IDToken | undefined;
  try {
    const tokens = await client.authorizationCodeGrant(configuration, callback, {
      pkceCodeVerifier: attempt.verifier,
      expectedState: input.state,
      expectedNonce: attempt.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
  } catch (error) {
    throw exchangeRefusal(ctx, error, attempt.organisationId);
  }
  if (!claims?.sub) {
    throw new SsoRefusal(400, SSO_MESSAGES.signInFailed, 'no_subject');
  }
  return {
    organisationId: attempt.organisationId,
    issuer: provider.issuer,
    subject: claims.sub,
    email: text(claims.email).toLowerCase(),
    emailVerified: emailVerifiedBy(claims),
    firstName: text(claims.given_name),
    lastName: text(claims.family_name),
    secondFactor: providerAskedSecondFactor(claims),
    joinRule: provider.joinRule,
    domains: await domainsOf(ctx.db, attempt.organisationId),
  };
}
