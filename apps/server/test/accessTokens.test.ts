/**
 * Personal access tokens (issue 32): made in profile settings, shown once and kept as a hash;
 * a token acts as its person (never more) under its scope, never on account security, ends when
 * revoked, expired or its person deactivated (and stays ended when they come back), is limited
 * per token, and its life is on the security log. Administrators see and revoke their
 * organisation's tokens, and nobody else's.
 */
import {
  ACCESS_TOKEN_CALLS_PER_MINUTE,
  ACCESS_TOKEN_MESSAGES,
  ACCESS_TOKENS_PER_PERSON,
  MESSAGES,
  ORGANISATION_MESSAGES,
} from '@keystone/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personalAccessTokens } from '../src/db/schema';
import { buildOrganisation, type OrganisationFixture, organisationApi } from './helpers/organisation';
import { signedInUser, strategyApi } from './helpers/strategies';
import { getTestServer, type TestServer } from './helpers/testServer';

describe('personal access tokens', () => {
  let server: TestServer;
  let f: OrganisationFixture;

  const create = (key: string, body: unknown) =>
    server.api('POST', '/api/access-tokens/', { token: key, body });
  const list = (key: string) => server.api('GET', '/api/access-tokens/', { token: key });
  const revoke = (key: string, id: number) =>
    server.api('DELETE', `/api/access-tokens/${id}/`, { token: key });
  const organisationTokens = (key: string) =>
    server.api('GET', '/api/organisation/access-tokens/', { token: key });
  const revokeAsAdmin = (key: string, id: number) =>
    server.api('DELETE', `/api/organisation/access-tokens/${id}/`, { token: key });
  /** A call made the way a script makes it: `Authorization: Bearer kst_pat_…`. */
  const bearer = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, body?: unknown) =>
    server.api(method, url, { headers: { authorization: `Bearer ${token}` }, body });
  const log = async (kind: string) =>
    (await organisationApi(server.api).securityLog(f.admin.key, `kind=${kind}`)).body.results;

  async function tokenOf(key: string, scope: 'read' | 'read_write', name = `Script ${scope}`) {
    const created = await create(key, { name, scope, expires_in_days: 30 });
    expect(created.status).toBe(201);
    return created.body as { token: string; access_token: { id: number } };
  }

  beforeAll(async () => {
    server = await getTestServer();
    f = await buildOrganisation(server);
  });
  afterAll(() => server.close());

  it('should show a new token once, with its prefix and hint, and keep only its hash', async () => {
    const created = await create(f.member.key, {
      name: 'Revenue script',
      scope: 'read',
      expires_in_days: 90,
    });
    expect(created.status).toBe(201);
    expect(created.body.detail).toBe(ACCESS_TOKEN_MESSAGES.created);
    expect(created.body.token).toMatch(/^kst_pat_[\w-]{43}$/);
    expect(created.body.access_token).toMatchObject({
      name: 'Revenue script',
      scope: 'read',
      hint: created.body.token.slice(0, 12),
      last_used_at: null,
    });
    const days = (Date.parse(created.body.access_token.expires_at) - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(90);

    const stored = await server.database.db.select().from(personalAccessTokens);
    expect(JSON.stringify(stored)).not.toContain(created.body.token);
    const listed = await list(f.member.key);
    expect(listed.body).toEqual([created.body.access_token]);
    expect(JSON.stringify(listed.body)).not.toContain(created.body.token);
  });

  it('should refuse a token without a name or with an expiry past a year', async () => {
    const nameless = await create(f.member.key, { name: ' ', scope: 'read', expires_in_days: 7 });
    expect(nameless.status).toBe(400);
    expect(JSON.stringify(nameless.body)).toContain(ACCESS_TOKEN_MESSAGES.nameRequired);
    for (const days of [0, 367, 1.5]) {
      const refused = await create(f.member.key, { name: 'Too long', scope: 'read', expires_in_days: days });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain(ACCESS_TOKEN_MESSAGES.expiryInvalid);
    }
    const badScope = await create(f.member.key, { name: 'Admin', scope: 'admin', expires_in_days: 7 });
    expect(badScope.status).toBe(400);
  });

  it('should let a read token read, as its person, and refuse it every write', async () => {
    const { token } = await tokenOf(f.member.key, 'read');
    const strategies = strategyApi(server);
    const mine = await strategies.create(f.member.key, { title: 'Grow' });
    const read = await bearer('GET', `/api/strategy/${mine.id}`, token);
    expect(read.status).toBe(200);
    expect(read.body.title).toBe('Grow');
    const asToken = await server.api('GET', '/api/get-user-details/', { token });
    expect(asToken.body.email).toBe(f.member.email);

    const write = await bearer('POST', '/api/strategy/create/', token, { title: 'Not by a read token' });
    expect(write.status).toBe(403);
    expect(write.body.detail).toBe(ACCESS_TOKEN_MESSAGES.readOnly);
    expect(await strategies.listedIds(f.member.key)).toEqual([mine.id]);
  });

  it('should let a write token write as its person, and find nothing of another organisation', async () => {
    const { token } = await tokenOf(f.member.key, 'read_write');
    const made = await bearer('POST', '/api/strategy/create/', token, { title: 'Made by a script' });
    expect(made.status).toBe(201);
    expect(made.body.title).toBe('Made by a script');

    const theirs = await strategyApi(server).create(f.outsider.key, { title: 'Rival plan' });
    const peek = await bearer('GET', `/api/strategy/${theirs.id}`, token);
    expect(peek.status).toBe(404);
    const rename = await server.api('PATCH', `/api/strategy/update/${theirs.id}/`, {
      token,
      body: { title: 'Taken' },
    });
    expect(rename.status).toBe(404);
    expect((await strategyApi(server).page(f.outsider.key, theirs.id)).title).toBe('Rival plan');
    // A member is no administrator with a token either.
    expect((await bearer('GET', '/api/organisation/security-log/', token)).body.detail).toBe(
      ORGANISATION_MESSAGES.adminsOnly,
    );
  });

  it('should refuse any token, whatever its scope, on account security', async () => {
    const { token } = await tokenOf(f.member.key, 'read_write');
    const calls: [method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown][] = [
      ['GET', '/api/access-tokens/'],
      ['POST', '/api/access-tokens/', { name: 'Successor', scope: 'read_write', expires_in_days: 366 }],
      ['GET', '/api/auth/sessions/'],
      ['POST', '/api/auth/password/change/', { old_password: 'x', new_password1: 'y', new_password2: 'y' }],
      ['POST', '/api/auth/mfa/totp/setup/'],
      ['POST', '/api/auth/logout/'],
    ];
    for (const [method, url, body] of calls) {
      const refused = await bearer(method, url, token, body);
      expect(refused.status, `${method} ${url}`).toBe(403);
      expect(refused.body.detail).toBe(ACCESS_TOKEN_MESSAGES.sessionOnly);
    }
    expect((await list(f.member.key)).body.map((t: { name: string }) => t.name)).not.toContain('Successor');
  });

  it("should refuse an administrator's token the calls that say where the organisation's events go", async () => {
    const { token } = await tokenOf(f.admin.key, 'read_write');
    const endpoint = {
      url: 'https://hooks.example.com/keystone',
      description: 'Exfiltration',
      events: ['comment.written'],
    };
    const added = await bearer('POST', '/api/organisation/webhooks/', token, endpoint);
    expect(added.status).toBe(403);
    expect(added.body.detail).toBe(ACCESS_TOKEN_MESSAGES.sessionOnly);
    // Listing them still works with a token; nothing was added.
    const listed = await bearer('GET', '/api/organisation/webhooks/', token);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([]);
  });

  it('should refuse a revoked token at once, and put both on the security log', async () => {
    const { token, access_token } = await tokenOf(f.member.key, 'read', 'Soon revoked');
    expect((await bearer('GET', '/api/strategies/', token)).status).toBe(200);
    const revoked = await revoke(f.member.key, access_token.id);
    expect(revoked.body).toEqual({ detail: ACCESS_TOKEN_MESSAGES.revoked });
    const refused = await bearer('GET', '/api/strategies/', token);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe(MESSAGES.invalidToken);
    expect((await revoke(f.member.key, access_token.id)).status).toBe(404);
    expect((await list(f.member.key)).body.map((t: { id: number }) => t.id)).not.toContain(access_token.id);

    expect((await log('access_token_revoked'))[0]).toMatchObject({
      user: { id: f.member.id },
      detail: { access_token: 'Soon revoked' },
    });
    expect((await log('access_token_refused'))[0]).toMatchObject({
      user: { id: f.member.id },
      detail: { access_token_id: access_token.id, reason: 'revoked' },
    });
    // Sent again and again, the refusal is logged once an hour, not once a call.
    await bearer('GET', '/api/strategies/', token);
    const refusals = (await log('access_token_refused')).filter(
      (event: { detail: { access_token_id: number } }) => event.detail.access_token_id === access_token.id,
    );
    expect(refusals).toHaveLength(1);
  });

  it('should refuse an expired token with words saying so', async () => {
    const { token, access_token } = await tokenOf(f.member.key, 'read', 'Expired');
    await server.database.db
      .update(personalAccessTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(personalAccessTokens.id, access_token.id));
    const refused = await bearer('GET', '/api/strategies/', token);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe(ACCESS_TOKEN_MESSAGES.expired);
    expect((await log('access_token_refused'))[0].detail).toMatchObject({ reason: 'expired' });
  });

  it('should refuse unknown and malformed tokens, and session keys sent as Bearer', async () => {
    for (const authorization of ['Bearer kst_pat_nothing', `Bearer ${f.member.key}`, 'Bearer', 'Basic abc']) {
      const refused = await server.api('GET', '/api/strategies/', { headers: { authorization } });
      expect(refused.status, authorization).toBe(403);
    }
  });

  it('should note the first use of the hour with its address, on the token and the log', async () => {
    const { token, access_token } = await tokenOf(f.member.key, 'read', 'Noted');
    await bearer('GET', '/api/strategies/', token);
    await bearer('GET', '/api/strategies/', token);
    const listed = (await list(f.member.key)).body.find((t: { id: number }) => t.id === access_token.id);
    expect(listed.last_used_at).not.toBeNull();
    const uses = (await log('access_token_used')).filter(
      (event: { detail: { access_token_id: number } }) => event.detail.access_token_id === access_token.id,
    );
    expect(uses).toHaveLength(1);
    expect(uses[0]).toMatchObject({ user: { id: f.member.id }, ip: '127.0.0.1' });
  });

  it(`should answer 429 past ${ACCESS_TOKEN_CALLS_PER_MINUTE} calls a minute of one token`, async () => {
    const { token } = await tokenOf(f.member.key, 'read', 'Busy loop');
    for (let call = 0; call < ACCESS_TOKEN_CALLS_PER_MINUTE; call += 1) {
      expect((await bearer('GET', '/api/users/', token)).status).toBe(200);
    }
    const limited = await bearer('GET', '/api/users/', token);
    expect(limited.status).toBe(429);
    expect(limited.body.detail).toBe(ACCESS_TOKEN_MESSAGES.tooManyCalls);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another token of the same person, and the person's session, are not held up.
    const { token: other } = await tokenOf(f.member.key, 'read', 'Quiet');
    expect((await bearer('GET', '/api/users/', other)).status).toBe(200);
    expect((await server.api('GET', '/api/users/', { token: f.member.key })).status).toBe(200);
  });

  it(`should hold at most ${ACCESS_TOKENS_PER_PERSON} live tokens a person`, async () => {
    const person = await signedInUser(server, { organisationId: f.organisationId });
    for (let index = 0; index < ACCESS_TOKENS_PER_PERSON; index += 1) await tokenOf(person.key, 'read');
    const refused = await create(person.key, { name: 'One too many', scope: 'read', expires_in_days: 7 });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(ACCESS_TOKEN_MESSAGES.tooMany);
  });

  it('should end a deactivated person’s tokens for good, even after reactivation', async () => {
    const person = await signedInUser(server, { organisationId: f.organisationId });
    const { token } = await tokenOf(person.key, 'read_write', 'Leaver');
    expect((await bearer('GET', '/api/strategies/', token)).status).toBe(200);
    const org = organisationApi(server.api);
    expect((await org.updateMember(f.admin.key, person.id, { is_active: false })).status).toBe(200);
    expect((await bearer('GET', '/api/strategies/', token)).status).toBe(403);
    expect((await org.updateMember(f.admin.key, person.id, { is_active: true })).status).toBe(200);
    const after = await bearer('GET', '/api/strategies/', token);
    expect(after.status).toBe(403);
    expect(after.body.detail).toBe(MESSAGES.invalidToken);
  });

  it('should show administrators whose each live token is, and let them revoke it', async () => {
    const { token, access_token } = await tokenOf(f.member.key, 'read', 'Dashboard');
    const listed = await organisationTokens(f.admin.key);
    expect(listed.status).toBe(200);
    expect(listed.body.find((t: { id: number }) => t.id === access_token.id)).toMatchObject({
      name: 'Dashboard',
      owner: { id: f.member.id, email: f.member.email },
    });
    expect(JSON.stringify(listed.body)).not.toContain(token);
    const theirs = await organisationTokens(f.outsider.key);
    expect(theirs.body.map((t: { id: number }) => t.id)).not.toContain(access_token.id);

    expect((await organisationTokens(f.member.key)).status).toBe(403);
    expect((await revokeAsAdmin(f.member.key, access_token.id)).status).toBe(403);
    expect((await revokeAsAdmin(f.outsider.key, access_token.id)).status).toBe(404);
    expect((await revoke(f.admin.key, access_token.id)).status).toBe(404);
    expect((await bearer('GET', '/api/strategies/', token)).status).toBe(200);

    const revoked = await revokeAsAdmin(f.admin.key, access_token.id);
    expect(revoked.body).toEqual({ detail: ACCESS_TOKEN_MESSAGES.revoked });
    expect((await bearer('GET', '/api/strategies/', token)).status).toBe(403);
    expect((await log('access_token_revoked'))[0]).toMatchObject({
      user: { id: f.member.id },
      actor: { id: f.admin.id },
      detail: { access_token: 'Dashboard' },
    });
    expect((await log('access_token_created'))[0]).toMatchObject({ user: { id: f.member.id } });
  });
});
