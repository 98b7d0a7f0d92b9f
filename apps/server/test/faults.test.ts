/**
 * Faults (issue 7), each seen from a client of real server processes:
 * - SIGKILL during a stream of acknowledged writes, then a restart on the same database: every
 *   acknowledged write is there (PGlite with the same DATA_DIR, and PostgreSQL);
 * - PostgreSQL restarted under a running server: clean 503s during the outage, then 2xx and
 *   live updates again without a restart of the server (a cluster of this file's own, so the
 *   other files' shared cluster is left alone).
 * An instance stopped or killed beside another: instances.shutdown.test.ts. SMTP down, then up
 * (every queued mail delivered exactly once) is in progress.mails.test.ts, "should deliver every
 * mail exactly once after an SMTP outage".
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, postgresAvailable, startCluster } from '../../../scripts/pg-cluster.mjs';
import { eventually } from './helpers/progress';
import { streamingSocket } from './helpers/realtime';
import {
  createStrategy,
  isOk,
  logIn,
  onPostgres,
  seedDemo,
  seededPostgres,
  stoppedAfterEachTest,
} from './helpers/serverProcesses';

const { start, socket, stopServers } = stoppedAfterEachTest();

describe('the server killed with SIGKILL during a stream of acknowledged writes', () => {
  const WRITERS = 8;
  const ACKNOWLEDGED_BEFORE_KILL = 150;

  /**
   * WRITERS clients add timeline rows one after another, and one more renames the strategy
   * v1, v2, …; the server is killed mid-stream and started again on the same database.
   */
  async function killAndRestart(env: Record<string, string>) {
    const first = await start(env);
    const key = await logIn(first.api);
    const { id } = await createStrategy(first.api, key, 'v0');
    // An initiative per writer (one holds at most 50 timeline rows), each in a strategy of its own.
    const initiatives: number[] = [];
    for (let writer = 0; writer < WRITERS; writer += 1)
      initiatives.push((await createStrategy(first.api, key, `Writer ${writer}`)).initiative);
    const acknowledged: string[] = [];
    const refused: number[] = [];
    let lastTitle = { acknowledged: 0, sent: 0 };
    let killed = false;

    const rows = Array.from({ length: WRITERS }, async (_, writer) => {
      for (let n = 1; !killed; n += 1) {
        const description = `writer ${writer} row ${n}`;
        try {
          const response = await first.api('POST', '/api/timeline/create/', {
            token: key,
            body: { initiative: initiatives[writer], description },
          });
          if (isOk(response.status)) acknowledged.push(description);
          else refused.push(response.status);
        } catch {
          return; // The connection died with the server: this write was not acknowledged.
        }
      }
    });
    const titles = (async () => {
      for (let n = 1; !killed; n += 1) {
        lastTitle = { ...lastTitle, sent: n };
        try {
          const response = await first.api('PATCH', `/api/strategy/update/${id}/`, {
            token: key,
            body: { title: `v${n}` },
          });
          if (isOk(response.status)) lastTitle = { ...lastTitle, acknowledged: n };
          else refused.push(response.status);
        } catch {
          return;
        }
      }
    })();

    await eventually(
      () => {
        if (refused.length > 0) throw new Error(`writes refused: ${refused.join(', ')}\n${first.output()}`);
        return acknowledged.length >= ACKNOWLEDGED_BEFORE_KILL;
      },
      'writes acknowledged',
      20_000,
    );
    const exit = await first.kill('SIGKILL');
    killed = true;
    await Promise.all([...rows, titles]);
    expect(exit.signal).toBe('SIGKILL');
    expect(refused).toEqual([]);

    const second = await start(env);
    const stored = new Set<string>();
    for (const initiative of initiatives) {
      const timelines = await second.api('GET', `/api/initiative/${initiative}/timelines/`, { token: key });
      expect(timelines.status).toBe(200);
      for (const row of timelines.body as { description: string }[]) stored.add(row.description);
    }
    expect(acknowledged.filter((description) => !stored.has(description))).toEqual([]);
    // The last title acknowledged is there, or the one sent after it (committed, not answered).
    const strategy = await second.api('GET', `/api/strategy/${id}`, { token: key });
    expect(strategy.status).toBe(200);
    const expected = [`v${lastTitle.acknowledged}`, `v${lastTitle.sent}`];
    expect(expected).toContain(strategy.body.title);
    return { acknowledged: acknowledged.length, stored: stored.size };
  }

  it.skipIf(onPostgres)(
    'should keep every acknowledged write on PGlite (same DATA_DIR)',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'keystone-faults-'));
      try {
        seedDemo({ DATA_DIR: dataDir });
        const counts = await killAndRestart({ DATA_DIR: dataDir });
        expect(counts.stored).toBeGreaterThanOrEqual(counts.acknowledged);
      } finally {
        await stopServers();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );

  it.runIf(onPostgres)(
    'should keep every acknowledged write on PostgreSQL',
    async () => {
      const database = await seededPostgres();
      try {
        const counts = await killAndRestart(database.env);
        expect(counts.stored).toBeGreaterThanOrEqual(counts.acknowledged);
      } finally {
        await stopServers();
        await database.drop();
      }
    },
    120_000,
  );
});

describe.runIf(onPostgres && postgresAvailable() && !process.env.REDIS_URL)(
  'PostgreSQL restarted under a running server',
  () => {
    let cluster: Cluster;
    beforeAll(async () => {
      cluster = await startCluster();
    });
    afterAll(async () => {
      await stopServers();
      cluster?.stop();
    });

    it('should answer 503 during the outage and recover, live updates included, without a restart', async () => {
      const env = { DATABASE_URL: cluster.url };
      seedDemo(env);
      const server = await start(env);
      const key = await logIn(server.api);
      const { id } = await createStrategy(server.api, key, 'Before the outage');
      const stream = await socket(streamingSocket(server.baseUrl, key));

      cluster.pause();
      const read = await server.api('GET', `/api/strategy/${id}`, { token: key });
      expect(read.status).toBe(503);
      expect(read.body.detail).toEqual(expect.any(String));
      const write = await server.api('PATCH', `/api/strategy/update/${id}/`, {
        token: key,
        body: { title: 'During the outage' },
      });
      expect(write.status).toBe(503);
      expect((await server.api('GET', '/readyz')).status).toBe(503);
      expect((await server.api('GET', '/healthz')).status).toBe(200);

      cluster.resume();
      await eventually(
        async () => (await server.api('GET', '/readyz')).status === 200,
        'ready again',
        20_000,
      );
      const after = await server.api('GET', `/api/strategy/${id}`, { token: key });
      expect(after.status).toBe(200);
      expect(after.body.title).toBe('Before the outage');

      // Events of the outage are lost to the listener: its sockets are told to reconnect and re-read.
      expect(await stream.closed).toBe(1012);
      const again = await socket(streamingSocket(server.baseUrl, key));
      const edited = await server.api('PATCH', `/api/strategy/update/${id}/`, {
        token: key,
        body: { title: 'After the outage' },
      });
      expect(edited.status).toBe(200);
      await again.waitFor((message) => message.value === 'After the outage', 5_000);
      expect(server.output()).not.toMatch(/unhandled|uncaught/i);
    });
  },
);
