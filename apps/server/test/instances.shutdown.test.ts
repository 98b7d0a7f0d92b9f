/**
 * One of two instances on one PostgreSQL database stopped (issue 33), seen from clients of real
 * server processes:
 * - SIGTERM with requests in flight: each gets its whole 2xx answer, the database is closed
 *   only after them, and the instance's field locks are released; with sockets open, one of them
 *   never answering the close, it exits within 2 s, its locks released and announced on the other
 *   instance;
 * - SIGKILL: its client reconnects to the other and keeps working, and the other releases the
 *   locks of its sockets that did not come back within 10 s (the lease, core/instanceLease.ts),
 *   and sends the mail it had claimed within 30 s, exactly once.
 */
import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestSmtpServer } from '../../../testing/smtp';
import type { TestDatabase } from './helpers/database';
import { eventually, sleep } from './helpers/progress';
import { isUnlockOf, lockApi, locksSocket, streamingSocket } from './helpers/realtime';
import {
  createStrategy,
  DEMO,
  getOnOwnConnection,
  logIn,
  onPostgres,
  seededPostgres,
  silentSocket,
  stoppedAfterEachTest,
} from './helpers/serverProcesses';

const { start, socket, stopServers } = stoppedAfterEachTest();

describe.runIf(onPostgres)('two instances on one PostgreSQL database', () => {
  let database: TestDatabase & { env: Record<string, string> };
  beforeAll(async () => {
    database = await seededPostgres();
  });
  afterAll(async () => {
    await stopServers();
    await database?.drop();
  });

  it('should answer every request in flight on SIGTERM, then release the instance’s locks', async () => {
    const [a, b] = await Promise.all([start(database.env), start(database.env)]);
    const key = await logIn(a.api);
    const { id } = await createStrategy(a.api, key, 'Draining');
    const field = { model: 'strategy', res_id: id, field: 'ambition' };
    const watcherOnB = await socket(locksSocket(b.baseUrl, key, 'watcher-on-b'));
    const holderOnA = await socket(locksSocket(a.baseUrl, key, 'holder-on-a'));
    expect((await lockApi(a.api).lock(key, field, 'holder-on-a')).status).toBe(200);
    await watcherOnB.waitFor((message) => message.field === 'ambition' && message.action === 'lock');

    // The strategies table held by another transaction: the reads below wait in the database,
    // so they are surely in flight when the signal comes. The list, not the page: a page read
    // shares one load per instance and may come from memory.
    const blocker = new pg.Client({ connectionString: database.url });
    blocker.on('error', () => {});
    await blocker.connect();
    await blocker.query('begin');
    await blocker.query('lock table strategies in access exclusive mode');
    const reads = Array.from({ length: 50 }, () =>
      getOnOwnConnection(a.baseUrl, '/api/strategies/', key).catch((error: NodeJS.ErrnoException) => ({
        status: 0,
        body: String(error.code ?? error.message),
      })),
    );
    const waiting = async () =>
      (
        await blocker.query(
          `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
        )
      ).rows[0].n as number;
    await eventually(async () => (await waiting()) > 0, 'reads waiting for the table', 10_000);
    await sleep(500);

    const exited = a.kill('SIGTERM');
    await sleep(500);
    // Meanwhile A takes nothing new: refused at the door, or a 503 for a load balancer to retry.
    const late = await getOnOwnConnection(a.baseUrl, `/api/strategy/${id}`, key).then(
      (answer) => String(answer.status),
      (error: NodeJS.ErrnoException) => String(error.code),
    );
    expect(['ECONNREFUSED', '503']).toContain(late);
    // The locks socket on A was closed as "going away", for the browser to reconnect elsewhere.
    expect(await holderOnA.closed).toBe(1001);

    await blocker.query('commit');
    await blocker.end();
    const answers = await Promise.all(reads);
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    for (const answer of answers) expect(JSON.parse(answer.body)[0].id).toBe(id);
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(a.output()).not.toMatch(/Cannot use a pool|request failed|exiting anyway/);

    // The lock taken through A is gone, as B announces and lists.
    await watcherOnB.waitFor(isUnlockOf(field));
    expect((await lockApi(b.api).list(key, id)).body).toEqual([]);
  }, 90_000);

  it('should drain within 2 s of SIGTERM, a client that never answers the close notwithstanding', async () => {
    const [a, b] = await Promise.all([start(database.env), start(database.env)]);
    const key = await logIn(a.api);
    const { id } = await createStrategy(a.api, key, 'Rolling restart');
    const field = { model: 'strategy', res_id: id, field: 'ambition' };
    const watcherOnB = await socket(locksSocket(b.baseUrl, key, 'watcher-on-b'));
    const holderOnA = await socket(locksSocket(a.baseUrl, key, 'holder-on-a'));
    const streamOnA = await socket(streamingSocket(a.baseUrl, key));
    const silent = await silentSocket(a.baseUrl, key);
    expect((await lockApi(a.api).lock(key, field, 'holder-on-a')).status).toBe(200);
    await watcherOnB.waitFor((message) => message.field === 'ambition' && message.action === 'lock');

    const signalled = Date.now();
    const exited = a.kill('SIGTERM');
    expect(await holderOnA.closed).toBe(1001);
    expect(await streamOnA.closed).toBe(1001);
    // Once the shutdown began (the sockets closed), the load balancer's check fails: answered 503, or the connection refused or closed
    // unanswered once A stopped listening (a balancer retries those on another instance).
    const ready = await fetch(`${a.baseUrl}/readyz`).then(
      (answer) => answer.status,
      () => 'no answer',
    );
    expect([503, 'no answer']).toContain(ready);
    await watcherOnB.waitFor(isUnlockOf(field));
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalled, a.output()).toBeLessThan(2_000);
    silent.destroy();
    expect((await lockApi(b.api).list(key, id)).body).toEqual([]);
  }, 60_000);

  it('should let a client of a killed instance carry on through the other; the other releases its lost locks within 10 s', async () => {
    const [a, b] = await Promise.all([start(database.env), start(database.env)]);
    const key = await logIn(a.api);
    const { id } = await createStrategy(a.api, key, 'Failover');
    const ambition = { model: 'strategy', res_id: id, field: 'ambition' };
    const title = { model: 'strategy', res_id: id, field: 'title' };
    const watcherOnB = await socket(locksSocket(b.baseUrl, key, 'watcher-on-b'));
    // Two browser tabs on A: the first comes back through B, the second never does.
    const tabOnA = await socket(locksSocket(a.baseUrl, key, 'tab-that-returns'));
    const lostTab = await socket(locksSocket(a.baseUrl, key, 'tab-that-is-gone'));
    expect((await lockApi(a.api).lock(key, ambition, 'tab-that-is-gone')).status).toBe(200);
    await watcherOnB.waitFor((message) => message.field === 'ambition' && message.action === 'lock');

    await a.kill('SIGKILL');
    const killedAt = Date.now();
    expect(await tabOnA.closed).toBe(1006);
    expect(await lostTab.closed).toBe(1006);

    // The tab reconnects, through the load balancer, to B and keeps working there.
    const tabOnB = await socket(locksSocket(b.baseUrl, key, 'tab-that-returns'));
    const streamOnB = await socket(streamingSocket(b.baseUrl, key));
    expect((await lockApi(b.api).lock(key, title, 'tab-that-returns')).status).toBe(200);
    await tabOnB.waitFor((message) => message.field === 'title' && message.action === 'lock');
    const edited = await b.api('PATCH', `/api/strategy/update/${id}/`, {
      token: key,
      body: { title: 'Edited after the failover' },
    });
    expect(edited.status).toBe(200);
    await streamOnB.waitFor((message) => message.value === 'Edited after the failover');
    expect((await lockApi(b.api).unlock(key, title)).status).toBe(200);

    // A died without releasing the lost tab's lock: B does once A's lease ran out, within 10 s of
    // the kill, and says so. The tab that came back through B keeps its connection's locks.
    await watcherOnB.waitFor(isUnlockOf(ambition), 10_000 - (Date.now() - killedAt));
    expect((await lockApi(b.api).list(key, id)).body).toEqual([]);
  }, 90_000);

  it('should send a mail a killed instance had claimed within 30 s, exactly once', async () => {
    // A's mail server accepts the connection and never greets: A's send hangs with the mail claimed.
    const blackHole = net.createServer(() => {});
    await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
    const receiver = new TestSmtpServer();
    const smtpUrl = await receiver.start();
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const a = await start({
        ...database.env,
        SMTP_URL: `smtp://127.0.0.1:${(blackHole.address() as net.AddressInfo).port}`,
      });
      const asked = await a.api('POST', '/api/auth/password/reset/', { body: { email: DEMO.email } });
      expect(asked.status).toBe(200);
      await eventually(
        async () => {
          const claimed = await admin.query(
            `select count(*)::int as n from outbox_mails where sent_at is null and claimed_by is not null`,
          );
          return claimed.rows[0].n === 1;
        },
        'A claims the mail',
        10_000,
      );
      // B, live beside A, leaves A's claim alone.
      await start({ ...database.env, SMTP_URL: smtpUrl });
      await sleep(1_000);
      expect(receiver.mails).toEqual([]);

      await a.kill('SIGKILL');
      const killedAt = Date.now();
      await receiver.waitFor(DEMO.email, /password/i, 30_000);
      expect(Date.now() - killedAt).toBeLessThan(30_000);
      await sleep(2_000);
      expect(receiver.mails).toHaveLength(1);
    } finally {
      await admin.end();
      await stopServers();
      await receiver.stop();
      await new Promise((resolve) => blackHole.close(resolve));
    }
  }, 120_000);
});

// With Redis as the broker (scripts/test.mjs' Redis run) no event travels through the lost
// PostgreSQL connection, so there is nothing to resync: realtime.redis.test.ts loses Redis instead.
