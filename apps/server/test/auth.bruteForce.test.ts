import { MESSAGES } from '@keystone/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltApp, buildApp } from '../src/app';
import { ConfigError, loadConfig } from '../src/config';
import { accountThrottles } from '../src/db/schema';
import { type ApiResponse, getTestServer, type TestServer, type TestUser } from './helpers/testServer';

const LOGIN = '/api/auth/login/';
const PROXY = '203.0.113.7';

/** Lets the account's wait run out without sleeping through it. */
async function endWait(server: TestServer, email: string) {
  await server.database.db
    .update(accountThrottles)
    .set({ blockedUntil: sql`now() - interval '1 second'` })
    .where(eq(accountThrottles.account, email));
}

describe('TRUST_PROXY', () => {
  const trustOf = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;

  it('should take a hop count, a list of addresses and ranges, or nothing', () => {
    expect(trustOf('')).toBe(false);
    expect(trustOf('false')).toBe(false);
    expect(trustOf('1')).toBe(1);
    expect(trustOf('2')).toBe(2);
    expect(trustOf('10.0.0.0/8, 192.168.1.20, ::1, fd00::/8, loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.20',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it("should refuse 'true', which would let any client choose its address, naming the variable", () => {
    expect(() => trustOf('true')).toThrow(ConfigError);
    expect(() => trustOf('true')).toThrow(/TRUST_PROXY: 'true' would believe any X-Forwarded-For/);
  });

  it('should refuse what is not an address or range', () => {
    expect(() => trustOf('10.0.0.0/33')).toThrow(/TRUST_PROXY: .*10\.0\.0\.0\/33/);
    expect(() => trustOf('proxy.example.com')).toThrow(/TRUST_PROXY/);
  });
});

describe('address rate limit behind one proxy (TRUST_PROXY=1)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await getTestServer({ authRateLimit: 20, trustProxy: 1 });
  });
  afterAll(() => server.close());

  // The load balancer appends the address it saw; whatever the client wrote comes before it.
  const guess = (clientWritten: string, realAddress = PROXY) =>
    server.api('POST', '/api/auth/login/', {
      body: { email: `nobody-${clientWritten}@example.com`, password: 'Wrong-pass1!' },
      headers: { 'x-forwarded-for': `${clientWritten}, ${realAddress}` },
    });

  it('should count 200 guesses with rotating X-Forwarded-For values as one client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 200; i++) {
      statuses.push((await guess(`10.${i % 250}.${i % 7}.${i % 13}`)).status);
    }
    expect(statuses.filter((status) => status !== 429)).toHaveLength(20);
    expect(statuses.slice(20).every((status) => status === 429)).toBe(true);
  });

  it('should still tell real clients apart', async () => {
    const other = await guess('1.2.3.4', '198.51.100.9');
    expect(other.status).toBe(400);
  });
});

describe('address rate limit counts failures, not sign-ins', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await getTestServer({ authRateLimit: 20 });
  });
  afterAll(() => server.close());

  const OFFICE = '198.51.100.77';
  const loginFrom = (address: string, email: string, password: string) =>
    server.app.inject({ method: 'POST', url: LOGIN, payload: { email, password }, remoteAddress: address });

  it('should let 30 colleagues behind one address log in within a minute', async () => {
    const colleagues = await Promise.all(
      Array.from({ length: 30 }, (_, i) => server.createUser({ email: `colleague${i}@office.test` })),
    );
    const statuses = [];
    for (const colleague of colleagues) {
      statuses.push((await loginFrom(OFFICE, colleague.email, colleague.password)).statusCode);
    }
    expect(statuses).toEqual(Array(30).fill(200));
  });

  it('should still refuse guesses from that address past the limit', async () => {
    const statuses = [];
    for (let i = 0; i < 22; i++) {
      statuses.push((await loginFrom(OFFICE, `guess${i}@office.test`, 'Wrong-pass1!')).statusCode);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(400));
    expect(statuses.slice(20)).toEqual([429, 429]);
  });

  it('should count every password-reset request, which mails whoever the address names', async () => {
    const statuses = [];
    for (let i = 0; i < 21; i++) {
      const answer = await server.app.inject({
        method: 'POST',
        url: '/api/auth/password/reset/',
        payload: { email: `reset${i}@office.test` },
        remoteAddress: '198.51.100.78',
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses[20]).toBe(429);
  });
});

describe('per-account back-off', () => {
  let server: TestServer;
  let owner: TestUser;
  beforeAll(async () => {
    server = await getTestServer();
    owner = await server.createUser({ email: 'owner@example.com' });
  });
  afterAll(() => server.close());

  const attempt = (email: string, password: string, cookie?: string): Promise<ApiResponse> =>
    server.api('POST', LOGIN, { body: { email, password }, headers: cookie ? { cookie } : {} });

  it('should make the account wait after 5 failed attempts, without looking at the password', async () => {
    const first = [];
    for (let i = 0; i < 5; i++) first.push((await attempt(owner.email, `Wrong-pass${i}!`)).status);
    expect(first).toEqual([400, 400, 400, 400, 400]);

    const waiting = await attempt(owner.email, owner.password);
    expect(waiting.status).toBe(429);
    expect(waiting.body.detail).toBe(MESSAGES.accountBackoff(waiting.body.retry_after));
    expect(waiting.body.retry_after).toBeGreaterThanOrEqual(1);
    expect(Number(waiting.headers['retry-after'])).toBe(waiting.body.retry_after);
    expect(waiting.body.key).toBeUndefined();
  });

  it('should double the wait with each further failure, up to five minutes', async () => {
    await endWait(server, owner.email);
    expect((await attempt(owner.email, 'Wrong-pass6!')).status).toBe(400);
    const second = await attempt(owner.email, 'Wrong-pass7!');
    expect(second.status).toBe(429);
    expect(second.body.retry_after).toBe(2);

    await server.database.db
      .update(accountThrottles)
      .set({ failures: 40, blockedUntil: sql`now() - interval '1 second'` })
      .where(eq(accountThrottles.account, owner.email));
    expect((await attempt(owner.email, 'Wrong-pass8!')).status).toBe(400);
    const capped = await attempt(owner.email, 'Wrong-pass9!');
    expect(capped.body.retry_after).toBe(300);
  });

  it('should let the owner in once the wait is over, and start counting again', async () => {
    await endWait(server, owner.email);
    const login = await attempt(owner.email, owner.password);
    expect(login.status).toBe(200);
    const rows = await server.database.db
      .select()
      .from(accountThrottles)
      .where(eq(accountThrottles.account, owner.email));
    expect(rows).toEqual([]);
  });

  it('should count a burst of parallel guesses before any password is checked', async () => {
    const victim = await server.createUser({ email: 'burst@example.com' });
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => attempt(victim.email, `Wrong-pass${i}!`)),
    );
    const seconds = (Date.now() - started) / 1000;
    const statuses = answers.map((answer) => answer.status);
    const checked = statuses.filter((status) => status === 400).length;
    // The 5 free attempts, and one more for each wait that ran out while the burst was still
    // arriving (1 s, then 2 s, 4 s…: on a busy machine 30 requests can take over a second).
    const waitsOver = Math.floor(Math.log2(seconds + 1));
    expect(checked).toBeGreaterThanOrEqual(5);
    expect(checked).toBeLessThanOrEqual(5 + waitsOver);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - checked);
  });

  it('should treat an address nobody has exactly like a real account', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await attempt('ghost@example.com', 'Wrong-pass1!')).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it("should not hold up the owner's own browser while someone else guesses", async () => {
    const person = await server.createUser({ email: 'trusted@example.com' });
    const first = await attempt(person.email, person.password);
    const cookie = String(first.headers['set-cookie']);
    expect(cookie).toMatch(
      /^keystone_device=[\w-]{43}; Path=\/api\/auth\/; Max-Age=\d+; HttpOnly; SameSite=Strict$/,
    );
    const deviceCookie = cookie.split(';')[0]!;

    for (let i = 0; i < 6; i++) await attempt(person.email, `Wrong-pass${i}!`);
    expect((await attempt(person.email, person.password)).status).toBe(429);

    const fromOwnBrowser = await attempt(person.email, person.password, deviceCookie);
    expect(fromOwnBrowser.status).toBe(200);
    expect(fromOwnBrowser.body.key).toEqual(expect.any(String));
  });

  it("should not let one account's device cookie skip another account's wait", async () => {
    const attacker = await server.createUser({ email: 'attacker@example.com' });
    const target = await server.createUser({ email: 'target@example.com' });
    const own = await attempt(attacker.email, attacker.password);
    const deviceCookie = String(own.headers['set-cookie']).split(';')[0]!;

    const statuses = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await attempt(target.email, `Wrong-pass${i}!`, deviceCookie)).status);
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses[5]).toBe(429);
  });
});

describe('limits shared by every instance', () => {
  let server: TestServer;
  let second: BuiltApp;
  beforeAll(async () => {
    server = await getTestServer({ authRateLimit: 10 });
    // A second instance on the same database, as behind a load balancer.
    second = await buildApp(server.ctx.config, server.database);
    await second.app.ready();
  });
  afterAll(async () => {
    await second.app.close();
    await server.close();
  });

  const loginOn = (app: BuiltApp, email: string) =>
    app.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { email, password: 'Wrong-pass1!' },
      remoteAddress: '198.51.100.20',
    });

  it("should count one address's attempts on both instances together", async () => {
    const statuses = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await loginOn(i % 2 === 0 ? server : second, `shared${i}@example.com`)).statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it("should count one account's failures on both instances together", async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const answer = await (i % 2 === 0 ? server : second).app.inject({
        method: 'POST',
        url: LOGIN,
        payload: { email: 'spread@example.com', password: 'Wrong-pass1!' },
        remoteAddress: `198.51.100.${100 + i}`,
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });
});

describe('device cookie behind TLS', () => {
  let server: TestServer;
  beforeAll(async () => {
    // TLS ends at the load balancer: the request itself is plain HTTP, the public address is not.
    server = await getTestServer({ appUrl: 'https://keystone.example.com' });
  });
  afterAll(() => server.close());

  it('should be Secure whenever APP_URL is https', async () => {
    const user = await server.createUser();
    const login = await server.api('POST', LOGIN, { body: { email: user.email, password: user.password } });
    expect(String(login.headers['set-cookie'])).toMatch(/; HttpOnly; SameSite=Strict; Secure$/);
  });
});
