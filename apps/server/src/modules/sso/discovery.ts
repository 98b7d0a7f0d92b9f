/**
 * An organisation's provider as openid-client sees it: its OpenID Connect discovery document,
 * fetched and checked here (so an administrator is told exactly what is wrong), then handed to
 * openid-client. Documents are kept a few minutes per issuer; a failed fetch is never kept.
 */
import { SSO_MESSAGES } from '@keystone/contract';
import type * as oidc from 'openid-client';
import type { AppContext } from '../../core/context';
import { badRequest, HttpError } from '../../core/errors';

const openidClient = () => import('openid-client');

const FETCH_TIMEOUT_MS = 5000;
const KEEP_MS = 5 * 60 * 1000;
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/;

/** What discovery found wrong, in words that finish SSO_MESSAGES.discoveryInvalid's sentence. */
class DiscoveryProblem extends Error {
  constructor(
    readonly unreachable: boolean,
    reason: string,
  ) {
    super(reason);
  }
}

/** Whether the address may be a provider's: https, or loopback http when the operator allows it (tests). */
export function allowedProviderUrl(ctx: AppContext, value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password || url.hash) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ctx.config.ssoAllowHttpIssuers && LOOPBACK.test(url.hostname);
}

/** The issuer as typed, checked for its scheme: 400 issuerNotHttps. */
export function checkIssuerUrl(ctx: AppContext, issuer: string): void {
  if (!allowedProviderUrl(ctx, issuer)) {
    throw badRequest(SSO_MESSAGES.issuerNotHttps, { issuer: [SSO_MESSAGES.issuerNotHttps] });
  }
}

const discoveryUrlOf = (issuer: string) => `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;

async function fetchDocument(url: string): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, {
      redirect: 'error',
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      headers: { accept: 'application/json' },
    });
  } catch {
    throw new DiscoveryProblem(true, 'unreachable');
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new DiscoveryProblem(true, `it answered HTTP ${response.status}`);
  }
  try {
    const document: unknown = await response.json();
    if (document && typeof document === 'object' && !Array.isArray(document)) {
      return document as Record<string, unknown>;
    }
  } catch {
    // Not JSON: said below.
  }
  throw new DiscoveryProblem(false, 'the discovery document is not a JSON object.');
}

/** The document's problems for Keystone's flow (authorization code, PKCE S256), first one only. */
function checkDocument(ctx: AppContext, issuer: string, document: Record<string, unknown>): void {
  const stated = document.issuer;
  if (typeof stated !== 'string' || stated.replace(/\/+$/, '') !== issuer.replace(/\/+$/, '')) {
    throw new DiscoveryProblem(
      false,
      `it names the issuer "${String(stated ?? '').slice(0, 200)}", not ${issuer}.`,
    );
  }
  for (const field of ['authorization_endpoint', 'token_endpoint', 'jwks_uri']) {
    const value = document[field];
    if (typeof value !== 'string' || !allowedProviderUrl(ctx, value)) {
      throw new DiscoveryProblem(false, `${field} is missing or not an https:// address.`);
    }
  }
  const responseTypes = document.response_types_supported;
  if (Array.isArray(responseTypes) && !responseTypes.includes('code')) {
    throw new DiscoveryProblem(false, 'it does not offer the authorization code flow.');
  }
  const challenges = document.code_challenge_methods_supported;
  if (Array.isArray(challenges) && !challenges.includes('S256')) {
    throw new DiscoveryProblem(false, 'it does not offer PKCE with S256.');
  }
}

const documents = new Map<string, { document: Record<string, unknown>; fetchedAt: number }>();

async function discover(ctx: AppContext, issuer: string, fresh: boolean): Promise<Record<string, unknown>> {
  const kept = documents.get(issuer);
  if (!fresh && kept && Date.now() - kept.fetchedAt < KEEP_MS) return kept.document;
  const document = await fetchDocument(discoveryUrlOf(issuer));
  checkDocument(ctx, issuer, document);
  documents.set(issuer, { document, fetchedAt: Date.now() });
  return document;
}

/**
 * Fetches and checks the issuer's discovery document for the settings form: answers the issuer
 * as the document states it, or a 400 saying what failed (unreachable, invalid, mismatched).
 */
export async function validateIssuer(ctx: AppContext, issuer: string): Promise<string> {
  checkIssuerUrl(ctx, issuer);
  try {
    return String((await discover(ctx, issuer, true)).issuer);
  } catch (error) {
    if (!(error instanceof DiscoveryProblem)) throw error;
    const message = error.unreachable
      ? SSO_MESSAGES.discoveryUnreachable(discoveryUrlOf(issuer))
      : SSO_MESSAGES.discoveryInvalid(error.message);
    throw badRequest(message, { issuer: [message] });
  }
}

export interface ProviderClient {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export const providerUnreachable = () => new HttpError(503, SSO_MESSAGES.providerUnreachable);

/** openid-client's configuration of the organisation's client; 503 providerUnreachable when discovery fails. */
export async function clientConfiguration(
  ctx: AppContext,
  provider: ProviderClient,
): Promise<{ client: typeof oidc; configuration: oidc.Configuration }> {
  let document: Record<string, unknown>;
  try {
    document = await discover(ctx, provider.issuer, false);
  } catch (error) {
    ctx.log.warn({ issuer: provider.issuer, reason: String(error) }, 'single sign-on discovery failed');
    throw providerUnreachable();
  }
  const client = await openidClient();
  const configuration = new client.Configuration(
    document as oidc.ServerMetadata,
    provider.clientId,
    provider.clientSecret,
  );
  if (new URL(provider.issuer).protocol === 'http:') client.allowInsecureRequests(configuration);
  return { client, configuration };
}
