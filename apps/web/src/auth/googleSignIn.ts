/**
 * Google sign-in as an authorization-code redirect: we send the browser to the provider with a
 * random state, and the provider sends it back to /login with a code and that same state.
 */
import type { GoogleSignInConfig } from '../api/publicConfig';

// sessionStorage: the state belongs to this tab's round trip only.
const STATE_KEY = 'googleSignInState';

function randomState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function googleAuthorizationUrl(config: GoogleSignInConfig, state: string): string {
  const query = [
    ['client_id', config.clientId],
    ['redirect_uri', config.redirectUri],
    ['response_type', 'code'],
    ['scope', 'openid email profile'],
    ['state', state],
  ]
    .map(([key, value]) => `${key}=${encodeURIComponent(value ?? '')}`)
    .join('&');
  const separator = config.authorizationEndpoint.includes('?') ? '&' : '?';
  return `${config.authorizationEndpoint}${separator}${query}`;
}

export function startGoogleSignIn(config: GoogleSignInConfig): void {
  const state = randomState();
  sessionStorage.setItem(STATE_KEY, state);
  window.location.assign(googleAuthorizationUrl(config, state));
}

export type GoogleCallback = { kind: 'code'; code: string } | { kind: 'failed'; reason: string };

/**
 * Reads the provider's answer from /login's query, once: the stored state is removed so a
 * replayed URL cannot sign in again. Null when the page was not opened by the provider.
 */
export function takeGoogleCallback(params: URLSearchParams): GoogleCallback | null {
  const code = params.get('code');
  const providerError = params.get('error');
  if (code === null && providerError === null) return null;

  const expectedState = sessionStorage.getItem(STATE_KEY);
  sessionStorage.removeItem(STATE_KEY);
  if (providerError !== null) return { kind: 'failed', reason: `Google answered: ${providerError}` };
  if (!expectedState || params.get('state') !== expectedState) {
    return { kind: 'failed', reason: 'The sign-in state does not match the one this tab sent' };
  }
  return { kind: 'code', code: code ?? '' };
}
