/**
 * Google sign-in as an authorization-code redirect with PKCE (RFC 7636, S256) and a nonce: we
 * send the browser to the provider with a random state, the verifier's challenge and a nonce, and
 * the provider sends it back to /login with a code and that same state. The verifier and the
 * nonce go to our server with the code; the provider and the ID token must match them.
 */
import type { GoogleSignInConfig } from '../api/auth';

// sessionStorage: the round trip belongs to this tab only.
const STATE_KEY = 'googleSignInState';
const VERIFIER_KEY = 'googleSignInVerifier';
const NONCE_KEY = 'googleSignInNonce';
/** The invitation token of the sign-up link the round trip started from. */
const INVITE_KEY = 'googleSignInInvite';

/** `bytes` random bytes as base64url: only [A-Za-z0-9-_], as RFC 7636 allows in a verifier. */
function randomBase64url(bytes: number): string {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

function base64url(bytes: Uint8Array): string {
  const binary = Array.from(bytes, (byte) => String.fromCharCode(byte)).join('');
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** S256: base64url(SHA-256(verifier)). */
export async function pkceChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

export interface GoogleRoundTrip {
  state: string;
  codeChallenge: string;
  nonce: string;
}

export function googleAuthorizationUrl(config: GoogleSignInConfig, trip: GoogleRoundTrip): string {
  const query = [
    ['client_id', config.clientId],
    ['redirect_uri', config.redirectUri],
    ['response_type', 'code'],
    ['scope', 'openid email profile'],
    ['state', trip.state],
    ['code_challenge', trip.codeChallenge],
    ['code_challenge_method', 'S256'],
    ['nonce', trip.nonce],
  ]
    .map(([key, value]) => `${key}=${encodeURIComponent(value ?? '')}`)
    .join('&');
  const separator = config.authorizationEndpoint.includes('?') ? '&' : '?';
  return `${config.authorizationEndpoint}${separator}${query}`;
}

export async function startGoogleSignIn(config: GoogleSignInConfig, invite?: string | null): Promise<void> {
  // 32 bytes: a 43-character verifier, the shortest RFC 7636 allows, with 256 bits of chance.
  const verifier = randomBase64url(32);
  const trip = {
    state: randomBase64url(24),
    codeChallenge: await pkceChallenge(verifier),
    nonce: randomBase64url(24),
  };
  sessionStorage.setItem(STATE_KEY, trip.state);
  sessionStorage.setItem(VERIFIER_KEY, verifier);
  sessionStorage.setItem(NONCE_KEY, trip.nonce);
  if (invite) sessionStorage.setItem(INVITE_KEY, invite);
  else sessionStorage.removeItem(INVITE_KEY);
  window.location.assign(googleAuthorizationUrl(config, trip));
}

export type GoogleCallback =
  | { kind: 'code'; code: string; codeVerifier: string; nonce: string; invite?: string }
  | { kind: 'failed'; reason: string };

/**
 * Reads the provider's answer from /login's query, once: the stored state, verifier and nonce are
 * removed so a replayed URL cannot sign in again. Null when the page was not opened by the provider.
 */
export function takeGoogleCallback(params: URLSearchParams): GoogleCallback | null {
  const code = params.get('code');
  const providerError = params.get('error');
  if (code === null && providerError === null) return null;

  const expectedState = sessionStorage.getItem(STATE_KEY);
  const codeVerifier = sessionStorage.getItem(VERIFIER_KEY);
  const nonce = sessionStorage.getItem(NONCE_KEY);
  const invite = sessionStorage.getItem(INVITE_KEY);
  for (const key of [STATE_KEY, VERIFIER_KEY, NONCE_KEY, INVITE_KEY]) sessionStorage.removeItem(key);
  if (providerError !== null) return { kind: 'failed', reason: `Google answered: ${providerError}` };
  if (!expectedState || params.get('state') !== expectedState) {
    return { kind: 'failed', reason: 'The sign-in state does not match the one this tab sent' };
  }
  if (!codeVerifier || !nonce) return { kind: 'failed', reason: 'This tab has no PKCE verifier or nonce' };
  return { kind: 'code', code: code ?? '', codeVerifier, nonce, ...(invite && { invite }) };
}
