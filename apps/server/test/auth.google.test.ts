import { MESSAGES } from '@keystone/contract';
import { sql } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getTestServer, type TestServer } from './helpers/testServer';

const CLIENT_ID = 'keystone-test';

interface GoogleClaims {
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
      Object.assign(token.payload, claims);
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

  const signIn = (body: unknown) => server.api('POST', '/api/auth/social/google', { body });

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
    });
  });

  it('should create the account of an invited e-mail with the names from Google and accept the invite', async () => {
    const inviter = await server.createUser({ organisationId });
    await server.invite('grace@example.com', organisationId);
    claims = { email: 'Grace@Example.com', email_verified: true, given_name: 'Grace', family_name: 'Hopper' };

    const response = await signIn({ code: 'any-code' });
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

    const response = await signIn({ code: 'another-code' });
    expect(response.status).toBe(200);
    expect(response.body.user_id).toBe(user.id);

    const details = await server.api('GET', '/api/get-user-details/', { token: response.body.key });
    expect(details.body.name).toBe('Ada Lovelace');
  });

  it('should verify the address of an existing unverified account', async () => {
    const user = await server.createUser({ email: 'late@example.com', verified: false });
    claims = { email: user.email, email_verified: true };
    expect((await signIn({ code: 'c' })).status).toBe(200);
    const login = await server.api('POST', '/api/auth/login/', {
      body: { email: user.email, password: user.password },
    });
    expect(login.status).toBe(200);
  });

  it('should refuse an e-mail neither invited nor registered with the invite-only message', async () => {
    claims = { email: 'stranger@example.com', email_verified: true, given_name: 'S', family_name: 'T' };
    const response = await signIn({ code: 'c' });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ detail: MESSAGES.inviteOnly });
  });

  it('should refuse a deactivated account with the invite-only message', async () => {
    const user = await server.createUser({ email: 'gone@example.com' });
    await server.database.db.execute(sql`update users set is_active = false where id = ${user.id}`);
    claims = { email: user.email, email_verified: true };
    const response = await signIn({ code: 'c' });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ detail: MESSAGES.inviteOnly });
  });

  it('should refuse an e-mail Google has not verified', async () => {
    await server.invite('unverified@example.com', organisationId);
    claims = { email: 'unverified@example.com', email_verified: false };
    const response = await signIn({ code: 'c' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ detail: MESSAGES.googleEmailNotVerified });
  });

  it('should refuse an ID token without an e-mail', async () => {
    const response = await signIn({ code: 'c' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ detail: MESSAGES.googleCodeInvalid });
  });

  it('should refuse a code the provider rejects', async () => {
    claims = { email: 'ada@example.com', email_verified: true };
    oidc.service.once('beforeResponse', (tokenResponse) => {
      tokenResponse.body = { error: 'invalid_grant' };
      tokenResponse.statusCode = 400;
    });
    const response = await signIn({ code: 'expired' });
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
    const response = await signIn({ code: 'c' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ detail: MESSAGES.googleCodeInvalid });
  });

  it('should answer 400 without a code', async () => {
    for (const body of [{}, { code: '' }, { code: 42 }]) {
      const response = await signIn(body);
      expect(response.status).toBe(400);
      expect(response.body.detail).toBe('A Google sign-in code is required.');
    }
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
    expect(response.body).toEqual({ product_name: 'Keystone', google: null });
  });

  it('should answer 404 with the not-configured message', async () => {
    const response = await server.api('POST', '/api/auth/social/google', { body: { code: 'c' } });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ detail: MESSAGES.googleNotConfigured });
  });
});
