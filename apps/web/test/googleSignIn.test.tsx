import { MESSAGES } from '@keystone/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readSession } from '../src/api/session';
import { googleAuthorizationUrl, pkceChallenge, takeGoogleCallback } from '../src/auth/googleSignIn';
import { fakeServer, renderApp } from './renderApp';

const google = {
  clientId: 'client-1',
  authorizationEndpoint: 'https://accounts.example/auth',
  redirectUri: 'http://localhost:8000/login',
};
const config = {
  'GET /api/config/': {
    status: 200,
    body: {
      product_name: 'Keystone',
      google: {
        client_id: 'client-1',
        authorization_endpoint: google.authorizationEndpoint,
        redirect_uri: '',
      },
      needs_setup: false,
      sso: false,
    },
  },
};

const VERIFIER = 'v'.repeat(43);
beforeEach(() => {
  sessionStorage.setItem('googleSignInState', 'state-1');
  sessionStorage.setItem('googleSignInVerifier', VERIFIER);
  sessionStorage.setItem('googleSignInNonce', 'nonce-1');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

describe('googleAuthorizationUrl', () => {
  it('should ask for a code with the OpenID scopes, encoded with %20, an S256 challenge and a nonce', () => {
    expect(
      googleAuthorizationUrl(google, { state: 'state-1', codeChallenge: 'challenge-1', nonce: 'nonce-1' }),
    ).toBe(
      'https://accounts.example/auth?client_id=client-1&redirect_uri=http%3A%2F%2Flocalhost%3A8000%2Flogin' +
        '&response_type=code&scope=openid%20email%20profile&state=state-1' +
        '&code_challenge=challenge-1&code_challenge_method=S256&nonce=nonce-1',
    );
  });
});

describe('pkceChallenge', () => {
  it("should be RFC 7636's S256 of the verifier (appendix B's example)", async () => {
    expect(await pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });
});

describe('takeGoogleCallback', () => {
  it('should ignore a login page the provider did not open', () => {
    expect(takeGoogleCallback(new URLSearchParams('verified=1'))).toBeNull();
  });

  it('should accept a code only once, and only with the state this tab sent', () => {
    expect(takeGoogleCallback(new URLSearchParams('code=abc&state=state-1'))).toEqual({
      kind: 'code',
      code: 'abc',
      codeVerifier: VERIFIER,
      nonce: 'nonce-1',
    });
    expect(sessionStorage.getItem('googleSignInVerifier')).toBeNull();
    expect(sessionStorage.getItem('googleSignInNonce')).toBeNull();
    expect(takeGoogleCallback(new URLSearchParams('code=abc&state=state-1'))?.kind).toBe('failed');
  });

  it('should refuse a callback when this tab has no verifier', () => {
    sessionStorage.removeItem('googleSignInVerifier');
    expect(takeGoogleCallback(new URLSearchParams('code=abc&state=state-1'))?.kind).toBe('failed');
  });

  it('should refuse a foreign state', () => {
    expect(takeGoogleCallback(new URLSearchParams('code=abc&state=forged'))?.kind).toBe('failed');
  });
});

describe('returning from Google to /login', () => {
  it('should exchange the code, store the session and go to /strategies', async () => {
    const { calls } = fakeServer({
      ...config,
      'POST /api/auth/social/google': { status: 200, body: { user_id: 3, key: 'google-key' } },
    });
    const { router } = renderApp('/login?code=abc&state=state-1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/strategies'));
    expect(readSession()).toEqual({ id: 3, token: 'google-key' });
    expect(calls.filter((call) => call.path === '/api/auth/social/google').map((call) => call.body)).toEqual([
      { code: 'abc', code_verifier: VERIFIER, nonce: 'nonce-1' },
    ]);
  });

  it('should show the invite-only message on a 403', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeServer({ ...config, 'POST /api/auth/social/google': { status: 403, body: { detail: 'Forbidden' } } });
    renderApp('/login?code=abc&state=state-1');
    expect(await screen.findByText(MESSAGES.inviteOnly)).toBeTruthy();
    expect(readSession()).toBeNull();
  });

  it('should not send the code when the state does not match, and log why', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { calls } = fakeServer(config);
    renderApp('/login?code=abc&state=forged');
    expect(await screen.findByText(MESSAGES.googleLoginFailed)).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/auth/social/google')).toBe(false);
    expect(logged).toHaveBeenCalled();
  });
});
