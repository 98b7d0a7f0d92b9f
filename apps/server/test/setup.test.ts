/** First run: /api/setup/{token}/, POST /api/setup/ and the public config's needs_setup. */
import { MESSAGES, ORGANISATION_MESSAGES, SESSION_MESSAGES } from '@keystone/contract';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { organisations, securityEvents, setupTokens } from '../src/db/schema';
import { maskSecrets } from '../src/http/logging';
import { sha256 } from '../src/lib/secrets';
import { createSetupToken, setupLinkIfNeeded } from '../src/modules/setup/service';
import { getTestServer, type TestServer } from './helpers/testServer';

const PASSWORD = 'Quartz-lantern8?';

const setupForm = (token: string) => ({
  token,
  organisation_name: 'Northwind Traders',
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'Grace@Northwind.test',
  password1: PASSWORD,
  password2: PASSWORD,
});

describe('first-run setup', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await getTestServer();
  });
  afterEach(() => server.close());

  const db = () => server.database.db;
  const newToken = () => createSetupToken(db());
  const linkStatus = async (token: string) => (await server.api('GET', `/api/setup/${token}/`)).body;
  const post = (body: unknown) => server.api('POST', '/api/setup/', { body });
  const needsSetup = async () => (await server.api('GET', '/api/config/')).body.needs_setup;
  const organisationCount = async () => (await db().select().from(organisations)).length;

  it('should say whether a link works, without changing anything', async () => {
    const token = await newToken();
    expect(await linkStatus(token)).toEqual({ valid: true });
    expect(await linkStatus(token)).toEqual({ valid: true });
    expect(await linkStatus('not-a-token')).toEqual({ valid: false });
    expect(await needsSetup()).toBe(true);
  });

  it('should create the organisation and an administrator who is logged in, once', async () => {
    const token = await newToken();
    const created = await post(setupForm(token));
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ user_id: expect.any(Number), key: expect.any(String) });

    const me = await server.api('GET', '/api/get-user-details/', { token: created.body.key });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      id: created.body.user_id,
      email: 'grace@northwind.test',
      first_name: 'Grace',
      last_name: 'Hopper',
      is_admin: true,
    });
    const strategy = await server.api('POST', '/api/strategy/create/', {
      token: created.body.key,
      body: { title: 'First year' },
    });
    expect(strategy.status).toBe(201);
    // The password works for later logins: the address counts as verified.
    const login = await server.api('POST', '/api/auth/login/', {
      body: { email: 'grace@northwind.test', password: PASSWORD },
    });
    expect(login.status).toBe(200);

    const [organisation] = await db().select().from(organisations);
    expect(organisation?.name).toBe('Northwind Traders');
    const events = await db()
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.userId, created.body.user_id));
    expect(events.map((event) => event.kind)).toContain('organisation_setup');
    expect(events.find((event) => event.kind === 'organisation_setup')?.organisationId).toBe(
      organisation?.id,
    );

    expect(await linkStatus(token)).toEqual({ valid: false });
    const again = await post({ ...setupForm(token), email: 'someone@else.test' });
    expect(again.status).toBe(400);
    expect(again.body.detail).toBe(ORGANISATION_MESSAGES.setupLinkInvalid);
    expect(await needsSetup()).toBe(false);
    expect(await organisationCount()).toBe(1);
  });

  it('should set up once when the same link is posted twice at the same time', async () => {
    const token = await newToken();
    const answers = await Promise.all([
      post(setupForm(token)),
      post({ ...setupForm(token), email: 'other@northwind.test' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400]);
    expect(answers.find((answer) => answer.status === 400)?.body.detail).toBe(
      ORGANISATION_MESSAGES.setupLinkInvalid,
    );
    expect(await organisationCount()).toBe(1);
  });

  it('should set up once when two instances printed two links and both are used together', async () => {
    const [first, second] = [await newToken(), await newToken()];
    const answers = await Promise.all([
      post(setupForm(first)),
      post({ ...setupForm(second), email: 'other@northwind.test' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400]);
    expect(await organisationCount()).toBe(1);
    expect(await linkStatus(first)).toEqual({ valid: false });
    expect(await linkStatus(second)).toEqual({ valid: false });
  });

  it('should refuse a wrong token and keep the real links working', async () => {
    const token = await newToken();
    const wrong = await post(setupForm('G'.repeat(43)));
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail).toBe(ORGANISATION_MESSAGES.setupLinkInvalid);
    expect(await organisationCount()).toBe(0);
    expect(await linkStatus(token)).toEqual({ valid: true });
    expect((await post(setupForm(token))).status).toBe(201);
  });

  it('should call a mangled link not recognised (not expired), keeping the real one working', async () => {
    const token = await newToken();
    for (const mangled of [`${token}"}`, token.slice(0, 30), `${token}.`]) {
      const answer = await post(setupForm(mangled));
      expect(answer.status).toBe(400);
      expect(answer.body.detail).toBe(ORGANISATION_MESSAGES.setupLinkMangled);
    }
    expect(await organisationCount()).toBe(0);
    expect(await linkStatus(token)).toEqual({ valid: true });
    expect((await post(setupForm(token))).status).toBe(201);
  });

  it('should refuse an expired link', async () => {
    const token = 'e'.repeat(43);
    await db()
      .insert(setupTokens)
      .values({ tokenHash: sha256(token), expiresAt: sql`now() - interval '1 second'` });
    expect(await linkStatus(token)).toEqual({ valid: false });
    const answer = await post(setupForm(token));
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toBe(ORGANISATION_MESSAGES.setupLinkInvalid);
    expect(await organisationCount()).toBe(0);
  });

  it('should refuse a link once an organisation exists some other way (the CLI)', async () => {
    const token = await newToken();
    await server.createOrganisation('Made by the CLI');
    expect(await linkStatus(token)).toEqual({ valid: false });
    const answer = await post(setupForm(token));
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toBe(ORGANISATION_MESSAGES.setupLinkInvalid);
    expect(await organisationCount()).toBe(1);
  });

  it('should answer bad input with 400 and the field, keeping the link', async () => {
    const token = await newToken();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ organisation_name: '' }, 'organisation_name', ORGANISATION_MESSAGES.organisationNameRequired],
      [{ organisation_name: 'x'.repeat(500) }, 'organisation_name', ''],
      [{ first_name: '' }, 'first_name', MESSAGES.firstNameRequired],
      [{ last_name: '   ' }, 'last_name', MESSAGES.lastNameRequired],
      [{ email: 'not-an-address' }, 'email', MESSAGES.invalidEmail],
      [{ password1: 'short', password2: 'short' }, 'password1', ''],
      [{ password2: 'Quartz-lantern9?' }, 'password2', MESSAGES.passwordsMustMatch],
      [{ token: '' }, 'token', ORGANISATION_MESSAGES.setupLinkInvalid],
      [{ organisation_name: 42 }, 'organisation_name', ''],
    ];
    for (const [change, field, message] of cases) {
      const answer = await post({ ...setupForm(token), ...change });
      expect(answer.status, JSON.stringify(change)).toBe(400);
      expect(answer.body.errors[field], JSON.stringify(change)).toBeDefined();
      if (message) expect(answer.body.errors[field]).toContain(message);
    }
    for (const body of ['not json', '[]', '{}']) {
      const answer = await post(body);
      expect(answer.status).toBe(400);
      expect(answer.body.detail).toEqual(expect.any(String));
    }
    expect(await linkStatus(token)).toEqual({ valid: true });
  });

  it('should refuse common passwords and ones built on the names given', async () => {
    const token = await newToken();
    const common = await post({ ...setupForm(token), password1: 'Password1!', password2: 'Password1!' });
    expect(common.status).toBe(400);
    expect(common.body.errors.password1).toEqual([SESSION_MESSAGES.passwordTooCommon]);
    const named = 'Northwind-77?';
    const onName = await post({ ...setupForm(token), password1: named, password2: named });
    expect(onName.status).toBe(400);
    expect(onName.body.errors.password1).toEqual([SESSION_MESSAGES.passwordHasContextWords]);
    expect(await linkStatus(token)).toEqual({ valid: true });
  });

  it('should add a fresh link per start until set up, and none after', async () => {
    const first = await setupLinkIfNeeded(server.ctx);
    const second = await setupLinkIfNeeded(server.ctx);
    expect(first).toMatch(/^http:\/\/localhost:8000\/setup\/[\w-]{43}$/);
    expect(second).not.toBe(first);
    const tokenOf = (link: string | null) => link?.split('/').pop() ?? '';
    expect(await linkStatus(tokenOf(first))).toEqual({ valid: true });
    expect(await linkStatus(tokenOf(second))).toEqual({ valid: true });
    expect((await post(setupForm(tokenOf(second)))).status).toBe(201);
    expect(await setupLinkIfNeeded(server.ctx)).toBeNull();
    expect(await db().select().from(setupTokens)).toEqual([]);
  });

  it('should flip needs_setup once an organisation exists', async () => {
    expect(await needsSetup()).toBe(true);
    await server.createOrganisation('Acme');
    expect(await needsSetup()).toBe(false);
  });
});

describe('request log', () => {
  it('should keep setup tokens out of it', () => {
    expect(maskSecrets('/api/setup/abcDEF123/')).toBe('/api/setup/***/');
    expect(maskSecrets('/setup/abcDEF123')).toBe('/setup/***');
  });
});

describe('setup calls under a flood', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await getTestServer({ authRateLimit: 3 });
  });
  afterEach(() => server.close());

  it('should answer 429 past the per-address limit, like the sign-in calls', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      statuses.push((await server.api('GET', `/api/setup/guess-${attempt}/`)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const posts: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      posts.push((await server.api('POST', '/api/setup/', { body: setupForm(`guess-${attempt}`) })).status);
    }
    expect(posts).toEqual([400, 400, 400, 429]);
  });
});
