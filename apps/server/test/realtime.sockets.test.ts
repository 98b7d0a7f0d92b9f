/**
 * The sockets /ws/locks/ and /ws/streaming/ (DESIGN §3, §5): who may connect, what logout does
 * to them, what happens to messages a client should not send, and which locks a closing
 * socket releases.
 */
import { MESSAGES, SOCKET_CLOSE, SOCKET_MESSAGES } from '@keystone/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { publish } from '../src/core/events';
import {
  buildRealtimeFixture,
  fence,
  isUnlockOf,
  type LockBody,
  lockApi,
  type RealtimeFixture,
  socketPool,
} from './helpers/realtime';
import { openSocket, refusedUpgrade, type TestSocket } from './helpers/sockets';
import { signedInUser } from './helpers/strategies';
import { getTestServer, type TestServer } from './helpers/testServer';

const PATHS = ['/ws/locks/', '/ws/streaming/'] as const;
const APP_ORIGIN = 'http://localhost:8000';

/** A lock message of a field nobody will ever hold: only its delivery matters. */
const lockMessage = (userId: number) => ({
  res_id: 1,
  model: 'strategy' as const,
  field: 'title',
  user_id: userId,
  user: 'Newcomer',
  action: 'lock' as const,
  strategy_id: 1,
});

describe('real-time sockets', () => {
  let server: TestServer;
  let f: RealtimeFixture;
  let locks: ReturnType<typeof lockApi>;
  let baseUrl: string;
  const pool = socketPool();

  beforeAll(async () => {
    server = await getTestServer();
    f = await buildRealtimeFixture(server);
    locks = lockApi(server.api);
    baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await pool.closeAll();
    await server.close();
  });

  /** Opens a socket that is closed after the file's tests at the latest. */
  const open = (path: string, query: Record<string, string> = {}, headers: Record<string, string> = {}) =>
    pool.add(openSocket(baseUrl, path, query, headers));
  const locksOf = (token: string, connection?: string) =>
    open('/ws/locks/', { token, ...(connection && { connection }) });

  /** The socket is open and the server still answers it. */
  async function expectAnswering(socket: TestSocket): Promise<void> {
    expect(socket.socket.readyState).toBe(WebSocket.OPEN);
    const pongs = socket.messages.filter((message) => message?.type === 'pong').length;
    socket.socket.send(JSON.stringify({ type: 'ping' }));
    await socket.waitFor(
      (message) =>
        message?.type === 'pong' && socket.messages.filter((m) => m?.type === 'pong').length > pongs,
    );
  }

  /** A further key (session) of the owner. */
  const signIn = () => server.loginAs(f.people.owner);

  /** The HTTP answer given instead of the upgrade. */
  const refused = (path: string, query: Record<string, string> = {}, headers: Record<string, string> = {}) =>
    refusedUpgrade(baseUrl, path, query, headers);

  describe('authentication and origin', () => {
    for (const path of PATHS) {
      it(`${path} refuses the upgrade with 401 without a token, with an unknown one and with a revoked one`, async () => {
        expect(await refused(path)).toMatchObject({
          status: 401,
          body: { detail: MESSAGES.credentialsMissing },
        });
        expect((await refused(path, { token: '' })).status).toBe(401);
        for (const token of ['not-a-key', 'x'.repeat(5000)]) {
          expect(await refused(path, { token })).toMatchObject({
            status: 401,
            body: { detail: MESSAGES.invalidToken },
          });
        }

        const key = await signIn();
        await expectAnswering(await open(path, { token: key }));
        expect((await server.api('POST', '/api/auth/logout/', { token: key })).status).toBe(200);
        expect((await refused(path, { token: key })).status).toBe(401);
      });

      it(`${path} refuses the upgrade with 403 for a page of another origin, and accepts the app's own`, async () => {
        const key = f.people.master.key;
        for (const origin of ['https://evil.example', 'http://localhost:8001', 'null', 'not a url']) {
          expect({ origin, ...(await refused(path, { token: key }, { origin })) }).toMatchObject({
            origin,
            status: 403,
            body: { detail: SOCKET_MESSAGES.originNotAllowed },
          });
        }
        // APP_URL's origin, the same host as the request, or no Origin at all (not a browser).
        for (const origin of [APP_ORIGIN, baseUrl, undefined]) {
          const socket = await open(path, { token: key }, origin ? { origin } : {});
          await expectAnswering(socket);
        }
      });
    }

    it('should close only the sockets of the key that logged out, with 4401', async () => {
      const [ending, staying] = [await signIn(), await signIn()];
      const endingSockets = [
        await open('/ws/locks/', { token: ending }),
        await open('/ws/streaming/', { token: ending }),
      ];
      const stayingSockets = [
        await open('/ws/locks/', { token: staying }),
        await open('/ws/streaming/', { token: staying }),
      ];
      for (const socket of [...endingSockets, ...stayingSockets]) await expectAnswering(socket);

      expect((await server.api('POST', '/api/auth/logout/', { token: ending })).status).toBe(200);
      for (const socket of endingSockets) expect(await socket.closed).toBe(SOCKET_CLOSE.unauthenticated);
      for (const socket of stayingSockets) await expectAnswering(socket);
      // And the staying key's sockets still get events.
      await fence(server.api, stayingSockets[1]!, staying, f.own.owner);
    });
  });

  it('should have registered a socket by the time its client sees it open, missing no later event', async () => {
    const newcomer = await signedInUser(server, { organisationId: f.people.master.organisationId });
    for (let attempt = 1; attempt <= 5; attempt++) {
      for (const path of PATHS) {
        const socket = await open(path, { token: newcomer.key });
        const registered = server.realtime.hub
          .connections()
          .filter((c) => c.userId === newcomer.id && c.socket.readyState === WebSocket.OPEN);
        expect({ attempt, path, registered: registered.length }).toEqual({ attempt, path, registered: 1 });
        // An event committed right now reaches the socket.
        const message = { ...lockMessage(newcomer.id), res_id: attempt };
        await publish(server.database.db, [
          path === '/ws/locks/'
            ? { kind: 'lock', viewers: [newcomer.id], message }
            : { kind: 'stream', viewers: [newcomer.id], message: { ...message, value: attempt } },
        ]);
        await socket.waitFor((received) => received.res_id === attempt);
        await socket.close();
      }
    }
  });

  describe('messages from clients', () => {
    for (const path of PATHS) {
      it(`${path} ignores anything but a ping, staying open for it and for others`, async () => {
        const key = f.people.master.key;
        const sender = await open(path, { token: key });
        const bystander = await open(path, { token: key });
        const junk: (string | Buffer)[] = [
          'not json',
          '{"type":',
          '42',
          'null',
          '[]',
          '{"kind":"ping"}',
          '{"type":"subscribe","strategy":1}',
          Buffer.from([0xff, 0x00, 0x81]),
          Buffer.from('{"type":"ping"}'),
        ];
        for (const data of junk) sender.socket.send(data, { binary: Buffer.isBuffer(data) });
        await expectAnswering(sender);
        // The one pong is for the real ping: the binary ping was not answered.
        expect(sender.messages).toEqual([{ type: 'pong' }]);
        await expectAnswering(bystander);
        // Events still arrive after the junk.
        await fence(server.api, sender, key, f.own.master);
      });
    }
  });

  describe('closing a locks socket', () => {
    const title = (): LockBody => ({ model: 'initiative', res_id: f.initiative, field: 'title' });
    const impact = (): LockBody => ({ model: 'initiative', res_id: f.initiative, field: 'impact' });
    const heldFields = async () =>
      ((await locks.list(f.people.master.key, f.strategy)).body as LockBody[])
        .map((lock) => lock.field)
        .sort();

    it('should release exactly the locks taken with its connection id, and tell the others', async () => {
      const owner = f.people.owner.key;
      const watcher = await locksOf(f.people.teamMember.key);
      const closing = await locksOf(owner, 'tab-one-connection');
      const other = await locksOf(owner, 'tab-two-connection');
      expect((await locks.lock(owner, title(), 'tab-one-connection')).status).toBe(200);
      expect((await locks.lock(owner, impact(), 'tab-two-connection')).status).toBe(200);
      await watcher.waitFor((message) => message.field === 'impact' && message.action === 'lock');

      await closing.close();
      const released = await watcher.waitFor(isUnlockOf(title()));
      expect(released).toEqual({
        ...title(),
        user_id: f.people.owner.id,
        user: 'Olive Owner',
        action: 'unlock',
        strategy_id: f.strategy,
      });
      expect(await heldFields()).toEqual(['impact']);
      // The other tab's lock stays until that socket closes too.
      await fence(server.api, watcher, f.people.teamMember.key, f.own.teamMember);
      expect(watcher.messages.filter(isUnlockOf(impact()))).toEqual([]);
      await other.close();
      await watcher.waitFor(isUnlockOf(impact()));
      expect(await heldFields()).toEqual([]);
    });

    it('should never release another user’s lock that carries the same connection id', async () => {
      const owner = f.people.owner.key;
      const shared = 'same-connection-id';
      const watcher = await locksOf(f.people.master.key);
      expect((await locks.lock(owner, title(), shared)).status).toBe(200);
      await watcher.waitFor((message) => message.field === 'title' && message.action === 'lock');

      // Another user's page names its socket with the same id, and closes it.
      const other = await locksOf(f.people.teamMember.key, shared);
      await other.close();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await fence(server.api, watcher, f.people.master.key, f.own.master);
      expect(watcher.messages.filter(isUnlockOf(title()))).toEqual([]);
      expect(await heldFields()).toEqual(['title']);
      // Nor does another user's unlock naming that id release it.
      const unlock = await server.api('POST', '/api/unlock-field/', {
        token: f.people.teamMember.key,
        body: title(),
        headers: { 'x-connection-id': shared },
      });
      expect(unlock.status).not.toBe(200);
      expect(await heldFields()).toEqual(['title']);

      // The owner's own socket of that id releases it.
      await (await locksOf(owner, shared)).close();
      await watcher.waitFor(isUnlockOf(title()));
      expect(await heldFields()).toEqual([]);
    });

    it('should release locks taken without a connection id when the user’s last locks socket closes', async () => {
      const sponsor = f.people.sponsor.key;
      const watcher = await locksOf(f.people.master.key);
      const first = await locksOf(sponsor);
      const second = await locksOf(sponsor);
      // A streaming socket open meanwhile does not count as a locks socket.
      await open('/ws/streaming/', { token: sponsor });
      expect((await locks.lock(sponsor, title())).status).toBe(200);
      await watcher.waitFor((message) => message.field === 'title' && message.action === 'lock');

      await first.close();
      // Give the server time to act on the close, then prove it kept the lock.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await fence(server.api, watcher, f.people.master.key, f.own.master);
      expect(watcher.messages.filter(isUnlockOf(title()))).toEqual([]);
      expect(await heldFields()).toEqual(['title']);

      await second.close();
      await watcher.waitFor(isUnlockOf(title()));
      expect(await heldFields()).toEqual([]);
    });
  });
});
