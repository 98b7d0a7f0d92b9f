/**
 * The Redis broker (REDIS_URL; realtime/broker.ts) between two instances on one PostgreSQL
 * database, with a real redis-server of the file's own (scripts/redis-server.mjs): events go out
 * after their transaction commits and never for one rolled back, one client's sequential writes
 * arrive in order whichever instance took them, a large event arrives whole, a lost Redis
 * connection makes the instance unready and then closes its sockets to resync (1012), and a write
 * whose events could not be published makes every instance's sockets resync instead of missing it.
 * PostgreSQL and redis-server only (the `server-postgres` project).
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RedisServer, redisAvailable, startRedis } from '../../../scripts/redis-server.mjs';
import { httpApi } from '../../../testing/api';
import { type BuiltApp, buildApp } from '../src/app';
import { publish, type RealtimeEvent } from '../src/core/events';
import { type Database, openDatabase } from '../src/db/client';
import { buildRealtimeFixture, type RealtimeFixture, socketPool, streamingSocket } from './helpers/realtime';
import { getTestServer, type TestServer } from './helpers/testServer';

const CLOSE_RESYNC = 1012;

describe.runIf(process.env.TEST_DATABASE_URL && redisAvailable())(
  'the Redis broker between two instances',
  () => {
    let redis: RedisServer;
    let a: TestServer;
    let b: BuiltApp;
    let bDatabase: Database;
    let f: RealtimeFixture;
    let urlA: string;
    let urlB: string;
    const pool = socketPool();

    beforeAll(async () => {
      redis = await startRedis();
      a = await getTestServer({ redisUrl: redis.url });
      // A second app on its own connection pool to the same database: another instance.
      bDatabase = await openDatabase({ databaseUrl: a.databaseUrl, dataDir: '' });
      b = await buildApp(a.ctx.config, bDatabase);
      f = await buildRealtimeFixture(a);
      urlA = await a.app.listen({ port: 0, host: '127.0.0.1' });
      urlB = await b.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      await pool.closeAll();
      await b?.app.close();
      await bDatabase?.close();
      await a?.close();
      await redis?.stop();
    });

    const titleEdit = (message: { res_id?: number; field?: string }) =>
      message.res_id === f.strategy && message.field === 'title';
    const setTitle = (baseUrl: string, title: string) =>
      httpApi(baseUrl)('PATCH', `/api/strategy/update/${f.strategy}/`, {
        token: f.people.master.key,
        body: { title },
      });
    const directEvent = (value: string): RealtimeEvent => ({
      kind: 'stream',
      viewers: [f.people.sponsor.id],
      message: {
        res_id: f.strategy,
        model: 'strategy',
        field: 'note',
        value,
        user_id: 1,
        strategy_id: f.strategy,
      },
    });

    it('should publish a committed transaction’s events and nothing of one rolled back', async () => {
      const onB = await pool.add(streamingSocket(urlB, f.people.sponsor.key));
      await expect(
        a.ctx.db.transaction(async (tx) => {
          await publish(tx, [directEvent('rolled back')]);
          throw new Error('rolled back on purpose');
        }),
      ).rejects.toThrow('rolled back on purpose');
      await a.ctx.db.transaction((tx) => publish(tx, [directEvent('committed')]));
      await onB.waitFor((message) => message.value === 'committed');
      expect(onB.messages.map((message) => message.value)).toEqual(['committed']);
    });

    it('should deliver one client’s sequential writes in order, alternating between the instances', async () => {
      const onA = await pool.add(streamingSocket(urlA, f.people.sponsor.key));
      const onB = await pool.add(streamingSocket(urlB, f.people.sponsor.key));
      const titles = Array.from({ length: 16 }, (_, index) => `In order ${index + 1}`);
      for (const [index, title] of titles.entries()) {
        const response = await setTitle(index % 2 === 0 ? urlA : urlB, title);
        expect(response.status).toBe(200);
      }
      for (const socket of [onA, onB]) {
        await socket.waitFor((message) => titleEdit(message) && message.value === titles.at(-1));
        expect(socket.messages.filter(titleEdit).map((message) => message.value)).toEqual(titles);
      }
    });

    it('should carry large events whole: inline, and past the inline limit by reference', async () => {
      const onA = await pool.add(streamingSocket(urlA, f.people.sponsor.key));
      const large = '<p><strong>ab</strong></p>'.repeat(400);
      const comment = await httpApi(urlB)('PATCH', `/api/comments/update/${f.comment}/`, {
        token: f.people.teamMember.key,
        body: { comment: large },
      });
      expect(comment.status).toBe(200);
      expect(await onA.waitFor((message) => message.res_id === f.comment)).toMatchObject({ value: large });

      const huge = 'x'.repeat(400_000);
      await publish(b.ctx.db, [directEvent(huge)]);
      expect(
        (await onA.waitFor((message) => message.field === 'note' && message.value.length === huge.length))
          .value,
      ).toBe(huge);
    });

    it('should be unready while Redis is gone, then close its sockets to resync and deliver again', async () => {
      const onA = await pool.add(streamingSocket(urlA, f.people.sponsor.key));
      const ready = async () => (await httpApi(urlA)('GET', '/readyz')).status;
      expect(await ready()).toBe(200);

      await redis.pause();
      await expect.poll(ready, { timeout: 10_000 }).toBe(503);
      expect((await httpApi(urlA)('GET', '/readyz')).body).toEqual({ status: 'broker unavailable' });
      await redis.resume();
      expect(await onA.closed).toBe(CLOSE_RESYNC);
      await expect.poll(ready, { timeout: 15_000 }).toBe(200);

      // B is subscribed again too (its sockets were closed the same way): an edit through A reaches it.
      await expect
        .poll(async () => (await httpApi(urlB)('GET', '/readyz')).status, { timeout: 15_000 })
        .toBe(200);
      const onB = await pool.add(streamingSocket(urlB, f.people.sponsor.key));
      expect((await setTitle(urlA, 'After the outage')).status).toBe(200);
      await onB.waitFor((message) => titleEdit(message) && message.value === 'After the outage');
    });

    it('should make the sockets resync when a write committed while its instance could not publish', async () => {
      const onB = await pool.add(streamingSocket(urlB, f.people.sponsor.key));
      // Only the instances' publishers (Redis's "normal" clients) are cut off; the subscribers stay.
      const admin = new Redis(redis.url);
      try {
        await admin.call('CLIENT', 'KILL', 'TYPE', 'normal', 'SKIPME', 'yes');
      } finally {
        admin.disconnect();
      }
      expect((await setTitle(urlA, 'While cut off')).status).toBe(200);
      // Whether A's publisher was back in time (the edit arrives) or not (B is told to resync),
      // B never silently misses the edit.
      const outcome = await Promise.race([
        onB
          .waitFor((message) => titleEdit(message) && message.value === 'While cut off', 15_000)
          .then(() => 'delivered'),
        onB.closed.then((code) => (code === CLOSE_RESYNC ? 'resynced' : `closed with ${code}`)),
      ]);
      expect(['delivered', 'resynced']).toContain(outcome);
      await expect
        .poll(async () => (await httpApi(urlA)('GET', '/readyz')).status, { timeout: 15_000 })
        .toBe(200);
    });
  },
);
