/** The user's own sessions: listed, ended one by one or all but the current one; keys' two lifetimes. */
import { MESSAGES, SESSION_MESSAGES, SOCKET_CLOSE } from '@keystone/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authKeys, securityEvents } from '../src/db/schema';
import { openSocket, type TestSocket } from './helpers/sockets';
import { getTestServer, type TestServer, type TestUser } from './helpers/testServer';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('sessions', () => {
  let server: TestServer;
  let baseUrl: string;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    server = await getTestServer();
    baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const socket of sockets) await socket.close();
    await server.close();
  });

  async function loginFrom(user: TestUser, userAgent: string): Promise<string> {
    const response = await server.api('POST', '/api/auth/login/', {
      body: { email: user.email, password: user.password },
      headers: { 'user-agent': userAgent },
    });
    expect(response.status).toBe(200);
    return response.body.key as string;
  }

  const list = (token: string) => server.api('GET', '/api/auth/sessions/', { token });
  const end = (token: string, id: number | string) =>
    server.api('DELETE', `/api/auth/sessions/${id}/`, { token });
  const whoAmI = (token: string) => server.api('GET', '/api/get-user-details/', { token });

  async function expectRevoked(token: string): Promise<void> {
    const response = await whoAmI(token);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ detail: MESSAGES.invalidToken });
  }

  async function openLocks(token: string): Promise<TestSocket> {
    const socket = await openSocket(baseUrl, '/ws/locks/', { token });
    sockets.push(socket);
    socket.socket.send(JSON.stringify({ type: 'ping' }));
    await socket.waitFor((message) => message?.type === 'pong');
    return socket;
  }

  async function sessionEvents(userId: number) {
    return server.database.db
      .select({ detail: securityEvents.detail })
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, userId), eq(securityEvents.kind, 'session_ended')));
  }

  it("should list only my live sessions, this browser's first, then newest first", async () => {
    const user = await server.createUser();
    const other = await server.createUser({ organisationId: user.organisationId });
    const older = await loginFrom(user, FIREFOX);
    const newer = await loginFrom(user, SAFARI);
    await loginFrom(other, FIREFOX);

    const response = await list(older);
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(2);
    const [first, second] = response.body;
    expect(first).toMatchObject({ user_agent: FIREFOX, current: true });
    expect(second).toMatchObject({ user_agent: SAFARI, current: false });
    expect(Object.keys(first).sort()).toEqual([
      'created_at',
      'current',
      'id',
      'ip',
      'last_used_at',
      'user_agent',
    ]);
    expect(typeof first.ip).toBe('string');

    const third = await loginFrom(user, SAFARI);
    const fromNewer = await list(newer);
    expect(fromNewer.body.map((s: { current: boolean }) => s.current)).toEqual([true, false, false]);
    const others = fromNewer.body.slice(1);
    expect(Date.parse(others[0].created_at)).toBeGreaterThanOrEqual(Date.parse(others[1].created_at));
    expect((await list(third)).body[0].current).toBe(true);
  });

  it('should leave expired keys out of the list', async () => {
    const user = await server.createUser();
    const current = await loginFrom(user, FIREFOX);
    await loginFrom(user, SAFARI);
    await server.database.db
      .update(authKeys)
      .set({ createdAt: sql`now() - interval '31 days'` })
      .where(and(eq(authKeys.userId, user.id), eq(authKeys.userAgent, SAFARI)));
    const response = await list(current);
    expect(response.body.map((s: { user_agent: string }) => s.user_agent)).toEqual([FIREFOX]);
  });

  it('should end one of my sessions: its key gets "Invalid token." and its sockets close', async () => {
    const user = await server.createUser();
    const current = await loginFrom(user, FIREFOX);
    const ending = await loginFrom(user, SAFARI);
    const endingSocket = await openLocks(ending);
    const currentSocket = await openLocks(current);
    const target = (await list(current)).body.find((s: { current: boolean }) => !s.current);

    const response = await end(current, target.id);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ detail: SESSION_MESSAGES.sessionEnded });
    expect(await endingSocket.closed).toBe(SOCKET_CLOSE.unauthenticated);
    await expectRevoked(ending);
    expect((await whoAmI(current)).status).toBe(200);
    const before = currentSocket.messages.length;
    currentSocket.socket.send(JSON.stringify({ type: 'ping' }));
    await currentSocket.waitFor(
      (message) => message?.type === 'pong' && currentSocket.messages.length > before,
    );
    expect((await list(current)).body).toHaveLength(1);
    expect((await sessionEvents(user.id)).map((e) => e.detail)).toEqual([{ count: 1, sessionId: target.id }]);
  });

  it("should answer 404 for someone else's session and an unknown id, ending nothing", async () => {
    const user = await server.createUser();
    const other = await server.createUser({ organisationId: user.organisationId });
    const mine = await loginFrom(user, FIREFOX);
    const theirs = await loginFrom(other, SAFARI);
    const theirId = (await list(theirs)).body[0].id;

    for (const id of [theirId, 999_999_999]) {
      const response = await end(mine, id);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ detail: MESSAGES.notFound });
    }
    expect((await whoAmI(theirs)).status).toBe(200);
    expect((await end(mine, 'abc')).status).toBe(400);
    expect(await sessionEvents(user.id)).toEqual([]);
  });

  it('should end every other session and keep the current one', async () => {
    const user = await server.createUser();
    const other = await server.createUser({ organisationId: user.organisationId });
    const current = await loginFrom(user, FIREFOX);
    const second = await loginFrom(user, SAFARI);
    const third = await loginFrom(user, SAFARI);
    const bystander = await loginFrom(other, SAFARI);
    const secondSocket = await openLocks(second);

    const response = await server.api('POST', '/api/auth/sessions/revoke-others/', { token: current });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ detail: SESSION_MESSAGES.otherSessionsEnded });
    expect(await secondSocket.closed).toBe(SOCKET_CLOSE.unauthenticated);
    await expectRevoked(second);
    await expectRevoked(third);
    expect((await whoAmI(current)).status).toBe(200);
    expect((await whoAmI(bystander)).status).toBe(200);
    const left = (await list(current)).body;
    expect(left).toHaveLength(1);
    expect(left[0].current).toBe(true);
    expect((await sessionEvents(user.id)).map((e) => e.detail)).toEqual([{ count: 2, allButCurrent: true }]);
  });

  it('should need a key for every sessions call', async () => {
    expect((await server.api('GET', '/api/auth/sessions/')).status).toBe(403);
    expect((await server.api('DELETE', '/api/auth/sessions/1/')).status).toBe(403);
    expect((await server.api('POST', '/api/auth/sessions/revoke-others/')).status).toBe(403);
  });

  describe('key lifetimes', () => {
    it('should refuse a key 30 days after it was issued, even one used every day', async () => {
      const user = await server.createUser();
      const key = await loginFrom(user, FIREFOX);
      // A minute on either side of the 30 days: the database's clock keeps microseconds, the
      // server's bounds milliseconds, so the exact boundary would be a race.
      const setCreated = (age: string) =>
        server.database.db
          .update(authKeys)
          .set({ createdAt: sql`now() - ${age}::interval`, lastUsedAt: sql`now()` })
          .where(eq(authKeys.userId, user.id));
      await setCreated('29 days 23 hours 59 minutes');
      expect((await whoAmI(key)).status).toBe(200);
      await setCreated('30 days 1 minute');
      await expectRevoked(key);
    });

    it('should still refuse a key unused for 14 days', async () => {
      const user = await server.createUser();
      const key = await loginFrom(user, FIREFOX);
      await server.database.db
        .update(authKeys)
        .set({ lastUsedAt: sql`now() - interval '14 days 1 minute'` })
        .where(eq(authKeys.userId, user.id));
      await expectRevoked(key);
    });
  });
});
