import { MESSAGES } from '@keystone/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authKeys } from '../src/db/schema';
import { sha256 } from '../src/lib/secrets';
import { getTestServer, type TestServer, type TestUser } from './helpers/testServer';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('POST /api/auth/login/', () => {
  let server: TestServer;
  let user: TestUser;
  beforeAll(async () => {
    server = await getTestServer();
    user = await server.createUser({ email: 'ada@example.com' });
  });
  afterAll(() => server.close());

  const login = (body: unknown) => server.api('POST', '/api/auth/login/', { body });

  it('should answer {user_id, key} for the right e-mail and password', async () => {
    const response = await login({ email: user.email, password: user.password });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ user_id: user.id, key: expect.any(String) });
    expect(response.body.key.length).toBeGreaterThanOrEqual(43);
  });

  it('should store only a hash of the key', async () => {
    const key = await server.loginAs(user);
    const rows = await server.database.db.select({ keyHash: authKeys.keyHash }).from(authKeys);
    expect(rows.map((row) => row.keyHash)).toContain(sha256(key));
    expect(JSON.stringify(rows)).not.toContain(key);
  });

  it('should give a new key at every login', async () => {
    const first = await login({ email: user.email, password: user.password });
    const second = await login({ email: user.email, password: user.password });
    expect(first.body.key).not.toBe(second.body.key);
  });

  it('should treat the e-mail case-insensitively and trim it', async () => {
    const response = await login({ email: '  ADA@Example.COM ', password: user.password });
    expect(response.status).toBe(200);
    expect(response.body.user_id).toBe(user.id);
  });

  it('should give the same 400 body for a wrong password and an unknown e-mail', async () => {
    const wrongPassword = await login({ email: user.email, password: 'Wrong-pass1!' });
    const unknownEmail = await login({ email: 'nobody@example.com', password: user.password });
    expect(wrongPassword.status).toBe(400);
    expect(unknownEmail.status).toBe(400);
    expect(wrongPassword.body).toEqual({ detail: MESSAGES.wrongCredentials });
    expect(unknownEmail.body).toEqual(wrongPassword.body);
  });

  it('should not accept the password in another case', async () => {
    const response = await login({ email: user.email, password: user.password.toUpperCase() });
    expect(response.body).toEqual({ detail: MESSAGES.wrongCredentials });
  });

  it('should refuse an unverified account, saying so only when the password is right', async () => {
    const unverified = await server.createUser({ verified: false });
    const right = await login({ email: unverified.email, password: unverified.password });
    expect(right.status).toBe(400);
    expect(right.body).toEqual({ detail: MESSAGES.emailNotVerified });

    const wrong = await login({ email: unverified.email, password: 'Wrong-pass1!' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ detail: MESSAGES.wrongCredentials });
  });

  it('should answer 400 with the field messages when fields are missing', async () => {
    const response = await login({});
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      detail: MESSAGES.invalidEmail,
      errors: { email: [MESSAGES.invalidEmail], password: ['Password is required'] },
    });
  });

  it('should answer 400 with a detail for fields of the wrong type', async () => {
    const numberEmail = await login({ email: 42, password: user.password });
    expect(numberEmail.status).toBe(400);
    expect(numberEmail.body.detail).toBe(MESSAGES.invalidEmail);

    const arrayPassword = await login({ email: user.email, password: [user.password] });
    expect(arrayPassword.status).toBe(400);
    expect(arrayPassword.body).toEqual({
      detail: 'Password is required',
      errors: { password: ['Password is required'] },
    });
  });
});

describe('authentication with a key', () => {
  let server: TestServer;
  let user: TestUser;
  beforeAll(async () => {
    server = await getTestServer();
    user = await server.createUser();
  });
  afterAll(() => server.close());

  const details = (headers: Record<string, string>) =>
    server.api('GET', '/api/get-user-details/', { headers });

  it('should let a valid key in', async () => {
    const key = await server.loginAs(user);
    const response = await server.api('GET', '/api/get-user-details/', { token: key });
    expect(response.status).toBe(200);
    expect(response.body.id).toBe(user.id);
  });

  it('should answer 403 "Authentication credentials were not provided." without a header', async () => {
    const response = await details({});
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ detail: MESSAGES.credentialsMissing });
  });

  it.each([
    ['a garbage key', 'Token garbage'],
    ['a Bearer header', 'Bearer x'],
    ['a bare key without scheme', 'x'.repeat(43)],
    ['an empty key', 'Token '],
    ['two words', 'Token a b'],
    ['an overlong key', `Token ${'k'.repeat(5000)}`],
  ])('should answer 403 "Invalid token." for %s', async (_name, authorization) => {
    const response = await details({ authorization });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ detail: MESSAGES.invalidToken });
  });

  it('should accept the scheme in any case', async () => {
    const key = await server.loginAs(user);
    const response = await details({ authorization: `token ${key}` });
    expect(response.status).toBe(200);
  });

  it('should refuse a key unused for more than 14 days', async () => {
    const key = await server.loginAs(user);
    await server.database.db
      .update(authKeys)
      .set({ lastUsedAt: new Date(Date.now() - 14 * DAY_MS - 60_000) })
      .where(eq(authKeys.userId, user.id));
    const response = await server.api('GET', '/api/get-user-details/', { token: key });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ detail: MESSAGES.invalidToken });
  });

  it('should keep a key used 13 days ago, and count its idle time again from now', async () => {
    const key = await server.loginAs(user);
    await server.database.db
      .update(authKeys)
      .set({ lastUsedAt: sql`now() - interval '13 days'` })
      .where(eq(authKeys.keyHash, sha256(key)));
    const response = await server.api('GET', '/api/get-user-details/', { token: key });
    expect(response.status).toBe(200);
    const [row] = await server.database.db
      .select({ lastUsedAt: authKeys.lastUsedAt })
      .from(authKeys)
      .where(eq(authKeys.keyHash, sha256(key)));
    expect(Date.now() - row!.lastUsedAt.getTime()).toBeLessThan(60_000);
  });

  it('should refuse the key of a deactivated account', async () => {
    const other = await server.createUser();
    const key = await server.loginAs(other);
    await server.database.db.execute(sql`update users set is_active = false where id = ${other.id}`);
    const response = await server.api('GET', '/api/get-user-details/', { token: key });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ detail: MESSAGES.invalidToken });
  });
});

describe('POST /api/auth/logout/', () => {
  let server: TestServer;
  let user: TestUser;
  beforeAll(async () => {
    server = await getTestServer();
    user = await server.createUser();
  });
  afterAll(() => server.close());

  it('should revoke the key it is called with, and only that one', async () => {
    const key = await server.loginAs(user);
    const otherKey = await server.loginAs(user);
    const response = await server.api('POST', '/api/auth/logout/', { token: key });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ detail: MESSAGES.loggedOut });

    const after = await server.api('GET', '/api/get-user-details/', { token: key });
    expect(after.status).toBe(403);
    expect(after.body).toEqual({ detail: MESSAGES.invalidToken });

    const again = await server.api('POST', '/api/auth/logout/', { token: key });
    expect(again.status).toBe(403);
    expect(again.body).toEqual({ detail: MESSAGES.invalidToken });

    const other = await server.api('GET', '/api/get-user-details/', { token: otherKey });
    expect(other.status).toBe(200);
  });

  it('should answer 403 without credentials', async () => {
    const response = await server.api('POST', '/api/auth/logout/');
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ detail: MESSAGES.credentialsMissing });
  });
});

describe('login rate limit', () => {
  let server: TestServer;
  let user: TestUser;
  beforeAll(async () => {
    server = await getTestServer({ authRateLimit: 3 });
    user = await server.createUser();
  });
  afterAll(() => server.close());

  it('should answer 429 with a detail to the 4th attempt within a minute', async () => {
    const attempts = [];
    for (let i = 0; i < 3; i++) {
      attempts.push(
        await server.api('POST', '/api/auth/login/', { body: { email: user.email, password: 'x' } }),
      );
    }
    expect(attempts.map((response) => response.status)).toEqual([400, 400, 400]);

    const limited = await server.api('POST', '/api/auth/login/', {
      body: { email: user.email, password: user.password },
    });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ detail: MESSAGES.tooManyRequests });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('should count the attempts of each call separately', async () => {
    const registration = await server.api('POST', '/api/auth/registration/', { body: {} });
    expect(registration.status).toBe(400);
  });
});
