import { createHash, randomBytes } from 'node:crypto';
import { MESSAGES, MFA_MESSAGES } from '@keystone/contract';
import { type SQL, sql } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getTestServer, type TestServer } from './helpers/testServer';

/** The rows of a raw query. */
async function rowsOf(server: TestServer, query: SQL): Promise<Record<string, unknown>[]> {
  return (await server.database.db.execute(query)).rows;
}

const CLIENT_ID = 'keystone-test';

interface GoogleClaims {
  sub?: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

describe('POST /api/auth/social/google', () => {
  let oidc: OAuth2Server;
  let server: TestServer;
  let organisationId: number;
  /** The claims the mock provider puts into its next tokens. */
  let claims: GoogleClaims = {};

  beforeAll(async () => {
    oidc = new OAuth2Server();
    await oidc.issuer.keys.generate('RS256');
    await oidc.start(0, '127.0.0.1');
    oidc.service.on('beforeTokenSigning', (token) => {
      // Each person a subject of their own unless the test says which.
      Object.assign(token.payload, { sub: `subject-of-${claims.email ?? 'nobody'}` }, claims);
    });
    server = await getTestServer({
      google: { issuer: oidc.issuer.url!, clientId: CLIENT_ID, clientSecret: 'secret' },
    });
    organisationId = await server.createOrganisation('Acme');
  });
  afterAll(async () => {
    await server.close();
    await oidc.stop();
  });
  beforeEach(() => {
    claims = {};
  });

  /**
   * The browser's half of the round trip, as apps/web does it: a PKCE verifier and a nonce, the
   * authorization request to the provider, and the code from its redirect back to /login.
   */
  async function authorize(options: { verifier?: string; nonce?: string } = {}) {
    const verifier = options.verifier ?? randomBytes(32).toString('base64url');
    const nonce = options.nonce ?? randomBytes(16).toString('base64url');
    const url = new URL(`${oidc.issuer.url}/authorize`);
    for (const [key, value] of Object.entries({
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: 'http://localhost:8000/login',
      scope: 'openid email profile',
      state: 'state',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      nonce,
    })) {
      url.searchParams.set(key, value);
    }
    const redirect = await fetch(url, { redirect: 'manual' });
    const code = new URL(redirect.headers.get('location') ?? '').searchParams.get('code');
    if (!code) throw new Error('the provider gave no code');
    return { code, code_verifier: verifier, nonce };
  }

  /** A whole sign-in; `body` replaces parts of what the browser would post. */
  const signIn = async (body: Record<string, unknown> = {}) =>
    server.api('POST', '/api/auth/social/google', { body: { ...(await authorize()), ...body } });
  const passwordLogin = (email: string, password: string) =>
    server.api('POST', '/api/auth/login/', { body: { email, password } });

  it('should publish the Google settings in GET /api/config/', async () => {
    const response = await server.api('GET', '/api/config/');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      product_name: 'Keystone',
      google: {
        client_id: CLIENT_ID,
        authorization_endpoint: `${oidc.issuer.url}/authorize`,
        redirect_uri: 'http://localhost:8000/login',
      },
      needs_setup: false,
      sso: false,
    });
  });

  it('should create the account of an invited e-mail with the names from Google and accept the invite', async () => {
    const inviter = await server.createUser({ organisationId });
    await server.invite('grace@example.com', organisationId);
    claims = { email: 'Grace@Example.com', email_verified: true, given_name: 'Grace', family_name: 'Hopper' };

    const response = await signIn();
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ user_id: expect.any(Number), key: expect.any(String) });

    const details = await server.api('GET', '/api/get-user-details/', { token: response.body.key });
    expect(details.body).toEqual({
      id: response.body.user_id,
      name: 'Grace Hopper',
      email: 'grace@example.com',
      first_name: 'Grace',
      last_name: 'Hopper',
      business_title: '',
      is_admin: false,
    });

    const inviterKey = await server.loginAs(inviter);
    const invites = await server.api('GET', '/api/invites/', { token: inviterKey });
    expect(invites.body).toEqual([
      expect.objectContaining({
        email: 'grace@example.com',
        is_accepted: true,
        accepted_at: expect.any(String),
      }),
    ]);
    const colleagues = await server.api('GET', '/api/users/', { token: inviterKey });
    expect(colleagues.body).toContainEqual({
      id: response.body.user_id,
      name: 'Grace Hopper',
      email: 'grace@example.com',
    });
  });

  it('should let an existing user in, keeping their names', async () => {
    const user = await server.createUser({
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    claims = { email: 'ada@example.com', email_verified: true, given_name: 'Augusta', family_name: 'King' };

    const response = await signIn();
    expect(response.status).toBe(200);
    expect(response.body.user_id).toBe(user.id);

    const details = await server.api('GET', '/api/get-user-details/', { token: response.body.key });
    expect(details.body.name).toBe('Ada Lovelace');
  });

  it('should verify the address of an existing unverified account and clear the password set before', async () => {
    const user = await server.createUser({ email: 'late@example.com', verified: false });
    claims = { email: user.email, email_verified: true };
    expect((await signIn()).status).toBe(200);
    // Whoever chose that password never proved the address: it must not open the account.
    const login = await passwordLogin(user.email, user.password);
    expect(login.status).toBe(400);
    expect(login.body).toEqual({ detail: MESSAGES.wrongCredentials });
    const again = await signIn();
    expect(again.status).toBe(200);
    expect(again.body.user_id).toBe(user.id);
  });

  it('should clear the password of a placeholder account it turns into a full account', async () => {
    const user = await server.createUser({ email: 'placeholder@example.com' });
    await server.database.db.execute(sql`update users set is_placeholder = true where id = ${user.id}`);
    await server.invite(user.email, user.organisationId);
    claims = { email: user.email, email_verified: true };
    expect((await signIn()).status).toBe(200);
    expect((await passwordLogin(user.email, user.password)).status).toBe(400);
  });

  it('should keep the password of an account verified before', async () => {
    const user = await server.createUser({ email: 'keeps@example.com' });
    claims = { email: user.email, email_verified: true };
    expect((await signIn()).status).toBe(200);
    expect((await passwordLogin(user.email, user.password)).status).toBe(200);
  });

  it('should refuse an e-mail neither invited nor registered with the invite-only message', async () => {
    claims = { email: 'stranger@example.com', email_verified: true, given_name: 'S', family_name: 'T' };
    const response = await signIn();
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ detail: MESSAGES.inviteOnly });
  });

  it('should refuse a deactivated account with the invite-only message', async () => {
    const user = await server.createUser({ email: 'gone@example.com' });
    await server.database.db.execute(sql`update users set is_active = false where id = ${user.id}`);
    claims = { email: user.email, email_verified: true };
    const response = await signIn();
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ detail: MESSAGES.inviteOnly });
  });

  it('should refuse an e-mail Google has not verified', async () => {
    await server.invite('unverified@example.com', organisationId);
    claims = { email: 'unverified@example.com', email_verified: false };
    const response = await signIn();
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ detail: MESSAGES.googleEmailNotVerified });
  });

  it('should refuse an ID token without an e-mail', async () => {
    const response = await signIn();
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ detail: MESSAGES.googleCodeInvalid });
  });

  it('should refuse a code the provider rejects', async () => {
    claims = { email: 'ada@example.com', email_verified: true };
    oidc.service.once('beforeResponse', (tokenResponse) => {
      tokenResponse.body = { error: 'invalid_grant' };
      tokenResponse.statusCode = 400;
    });
    const response = await signIn();
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ detail: MESSAGES.googleCodeInvalid });
  });

  it('should refuse an ID token issued to another client', async () => {
    claims = { email: 'ada@example.com', email_verified: true };
    const foreignToken = await oidc.issuer.buildToken({
      scopesOrTransform: (_header, payload) => {
        Object.assign(payload, claims, { aud: 'someone-else', sub: 'x' });
      },
    });
    oidc.service.once('beforeResponse', (tokenResponse) => {
      (tokenResponse.body as Record<string, unknown>).id_token = foreignToken;
    });
    const response = await signIn();
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ detail: MESSAGES.googleCodeInvalid });
  });

  it('should answer 400 without a code', async () => {
    const { code_verifier, nonce } = await authorize();
    for (const code of [undefined, '', 42]) {
      const response = await server.api('POST', '/api/auth/social/google', {
        body: { code, code_verifier, nonce },
      });
      expect(response.status).toBe(400);
      expect(response.body.detail).toBe('A Google sign-in code is required.');
    }
  });

  it('should answer 400 with field messages without a PKCE verifier or nonce', async () => {
    const response = await server.api('POST', '/api/auth/social/google', { body: { code: 'c' } });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({
      code_verifier: ['A PKCE code verifier is required.'],
      nonce: ['A sign-in nonce is required.'],
    });
    const short = await signIn({ code_verifier: 'too-short' });
    expect(short.status).toBe(400);
    expect(short.body.errors.code_verifier).toEqual([
      'The PKCE code verifier must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~.',
    ]);
  });

  it('should refuse a code exchanged with another PKCE verifier', async () => {
    const user = await server.createUser({ email: 'pkce@example.com' });
    claims = { email: user.email, email_verified: true };
    const response = await signIn({ code_verifier: randomBytes(32).toString('base64url') });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ detail: MESSAGES.googleCodeInvalid });
    expect((await signIn()).status).toBe(200);
  });

  it('should refuse an ID token carrying another nonce', async () => {
    const user = await server.createUser({ email: 'nonce@example.com' });
    claims = { email: user.email, email_verified: true };
    const response = await signIn({ nonce: randomBytes(16).toString('base64url') });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ detail: MESSAGES.googleCodeInvalid });
  });

  it('should link a new account to its Google subject', async () => {
    await server.invite('linked@example.com', organisationId);
    claims = { sub: 'subject-linked', email: 'linked@example.com', email_verified: true };
    const response = await signIn();
    expect(response.status).toBe(200);
    const rows = await rowsOf(
      server,
      sql`select issuer, subject from user_identities where user_id = ${response.body.user_id}`,
    );
    expect(rows).toEqual([{ issuer: oidc.issuer.url, subject: 'subject-linked' }]);
  });

  it('should sign in the linked account by subject even after the Google e-mail changed', async () => {
    const user = await server.createUser({ email: 'before@example.com' });
    const other = await server.createUser({ email: 'after@example.com' });
    claims = { sub: 'subject-moves', email: user.email, email_verified: true };
    expect((await signIn()).body.user_id).toBe(user.id);

    // The Google account now shows the address of another account: the subject decides.
    claims = { sub: 'subject-moves', email: other.email, email_verified: true };
    const response = await signIn();
    expect(response.status).toBe(200);
    expect(response.body.user_id).toBe(user.id);
  });

  it('should refuse a second Google subject for an account already linked', async () => {
    const user = await server.createUser({ email: 'taken@example.com' });
    claims = { sub: 'subject-first', email: user.email, email_verified: true };
    expect((await signIn()).status).toBe(200);

    claims = { sub: 'subject-second', email: user.email, email_verified: true };
    const response = await signIn();
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ detail: MESSAGES.googleAccountMismatch });
  });

  it('should refuse a deactivated account linked by subject', async () => {
    const user = await server.createUser({ email: 'linked-gone@example.com' });
    claims = { sub: 'subject-gone', email: user.email, email_verified: true };
    expect((await signIn()).status).toBe(200);
    await server.database.db.execute(sql`update users set is_active = false where id = ${user.id}`);
    const response = await signIn();
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ detail: MESSAGES.inviteOnly });
  });

  it('should ask for the code when two-factor is on, then answer the key', async () => {
    const user = await server.createUser({ email: 'two-factor@example.com' });
    const key = await server.loginAs(user);
    const { secret } = (await server.api('POST', '/api/auth/mfa/totp/setup/', { token: key })).body;
    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    const confirmed = await server.api('POST', '/api/auth/mfa/totp/confirm/', {
      token: key,
      body: { code: totp.generate({ timestamp: Date.now() - 30_000 }) },
    });
    expect(confirmed.status).toBe(200);

    claims = { email: user.email, email_verified: true };
    const response = await signIn();
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ mfa_required: true, mfa_token: expect.any(String) });

    const wrong = await server.api('POST', '/api/auth/login/mfa/', {
      body: { mfa_token: response.body.mfa_token, code: totp.generate({ timestamp: Date.now() + 300_000 }) },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail).toBe(MFA_MESSAGES.codeInvalid);
    const second = await server.api('POST', '/api/auth/login/mfa/', {
      body: { mfa_token: response.body.mfa_token, code: totp.generate() },
    });
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ user_id: user.id, key: expect.any(String) });
    const events = await rowsOf(
      server,
      sql`select method, detail from security_events where user_id = ${user.id} and kind = 'login_succeeded' order by id`,
    );
    expect(events.at(-1)).toEqual({ method: 'totp', detail: { first_factor: 'google' } });
  });
});

describe('Google sign-in when not configured', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await getTestServer();
  });
  afterAll(() => server.close());

  it('should publish google: null in GET /api/config/', async () => {
    const response = await server.api('GET', '/api/config/');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ product_name: 'Keystone', google: null, needs_setup: true, sso: false });
  });

  it('should answer 404 with the not-configured message', async () => {
    const response = await server.api('POST', '/api/auth/social/google', {
      body: { code: 'c', code_verifier: 'v'.repeat(43), nonce: 'n'.repeat(16) },
    });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ detail: MESSAGES.googleNotConfigured });
  });
});
