/**
 * testing/oidcProvider.ts, the company provider the single sign-on tests sign in at, behaves as a
 * real one for openid-client: discovery, PKCE required, claims and amr in the ID token, a cancelled
 * sign-in, and a dishonest provider's re-signed tokens that the client must refuse.
 */
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestOidcProvider } from '../../../testing/oidcProvider';

const REDIRECT_URI = 'http://localhost:8000/login/sso';

describe('the test OpenID provider', () => {
  const provider = new TestOidcProvider({
    clients: [{ client_id: 'keystone', client_secret: 'a-secret', redirect_uris: [REDIRECT_URI] }],
    accounts: [
      {
        sub: 'ada-1',
        email: 'ada@acme.test',
        given_name: 'Ada',
        family_name: 'Lovelace',
        amr: ['pwd', 'otp'],
      },
    ],
  });
  let configuration: client.Configuration;

  beforeAll(async () => {
    const issuer = await provider.start();
    configuration = await client.discovery(new URL(issuer), 'keystone', 'a-secret', undefined, {
      execute: [client.allowInsecureRequests],
    });
  });
  afterAll(() => provider.stop());

  async function authorize(withPkce = true) {
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: REDIRECT_URI,
      scope: 'openid email profile',
      state,
      nonce,
      login_hint: 'ada@acme.test',
      ...(withPkce && {
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      }),
    });
    return { url: url.href, verifier, state, nonce };
  }

  const exchange = (redirect: string, attempt: { verifier: string; state: string; nonce: string }) =>
    client.authorizationCodeGrant(configuration, new URL(redirect), {
      pkceCodeVerifier: attempt.verifier,
      expectedState: attempt.state,
      expectedNonce: attempt.nonce,
      idTokenExpected: true,
    });

  it('signs a person in and gives their claims and authentication methods in the ID token', async () => {
    const attempt = await authorize();
    const redirect = await provider.signIn(attempt.url, 'ada@acme.test');
    expect(redirect).toMatchObject({ state: attempt.state, iss: provider.issuer });
    expect(redirect.url.startsWith(`${REDIRECT_URI}?`)).toBe(true);
    const claims = (await exchange(redirect.url, attempt)).claims();
    expect(claims).toMatchObject({
      iss: provider.issuer,
      aud: 'keystone',
      sub: 'ada-1',
      email: 'ada@acme.test',
      email_verified: true,
      given_name: 'Ada',
      family_name: 'Lovelace',
      amr: ['pwd', 'otp'],
    });
  });

  it('refuses an authorization request without PKCE', async () => {
    const attempt = await authorize(false);
    const redirect = await provider.signIn(attempt.url, 'ada@acme.test');
    expect(redirect).toMatchObject({ error: 'invalid_request', code: undefined });
  });

  it('sends the browser back with access_denied when the person cancels', async () => {
    const attempt = await authorize();
    const redirect = await provider.signIn(attempt.url, 'ada@acme.test', { deny: true });
    expect(redirect).toMatchObject({ error: 'access_denied', state: attempt.state });
  });

  it('can play a dishonest provider whose ID token names another audience', async () => {
    const attempt = await authorize();
    const redirect = await provider.signIn(attempt.url, 'ada-1');
    provider.tamperIdToken = (claims) => ({ ...claims, aud: 'someone-else' });
    try {
      await expect(exchange(redirect.url, attempt)).rejects.toThrow(/unexpected JWT claim value/);
    } finally {
      provider.tamperIdToken = undefined;
    }
  });

  it('answers 503 while it is down', async () => {
    provider.unavailable = true;
    try {
      const response = await fetch(`${provider.issuer}/.well-known/openid-configuration`);
      expect(response.status).toBe(503);
    } finally {
      provider.unavailable = false;
    }
  });
});
