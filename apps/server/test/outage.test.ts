/**
 * An outage never logs anyone out (issue 13): while PostgreSQL is stopped, a key cannot be
 * looked up, which is "try again" (503, before the upgrade for a socket), never "Invalid token."
 * (403 / 4401), which would make the web app throw its session away. Once PostgreSQL is back,
 * the same key works again. A cluster of this file's own, stopped and started for real.
 */
import { MESSAGES } from '@keystone/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, postgresAvailable, startCluster } from '../../../scripts/pg-cluster.mjs';
import { httpApi } from '../../../testing/api';
import { TEST_SECRETS_KEYS } from '../../../testing/secretsKeys';
import { type BuiltApp, buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { organisations, users } from '../src/db/schema';
import { hashPassword } from '../src/lib/passwords';
import { eventually } from './helpers/progress';
import { openSocket, refusedUpgrade } from './helpers/sockets';

const EMAIL = 'outage@example.com';
const PASSWORD = 'Outage-pass1!';

describe.runIf(postgresAvailable())('PostgreSQL stopped under a running server', () => {
  let cluster: Cluster;
  let built: BuiltApp;
  let baseUrl: string;
  let api: ReturnType<typeof httpApi>;
  let key: string;

  beforeAll(async () => {
    cluster = await startCluster();
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      APP_URL: 'http://localhost:8000',
      DATABASE_URL: cluster.url,
      SECRETS_KEYS: TEST_SECRETS_KEYS,
      AUTH_RATE_LIMIT: '1000',
    });
    built = await buildApp(config);
    baseUrl = await built.app.listen({ port: 0, host: '127.0.0.1' });
    api = httpApi(baseUrl);
    const { db } = built.database;
    const [organisation] = await db.insert(organisations).values({ name: 'Outage' }).returning();
    await db.insert(users).values({
      email: EMAIL,
      organisationId: organisation!.id,
      passwordHash: await hashPassword(PASSWORD),
      firstName: 'Olga',
      lastName: 'Outage',
      emailVerifiedAt: new Date(),
    });
    const login = await api('POST', '/api/auth/login/', { body: { email: EMAIL, password: PASSWORD } });
    expect(login.status).toBe(200);
    key = login.body.key;
  });
  afterAll(async () => {
    await built?.app.close();
    cluster?.stop();
  });

  it('should answer 503 for a key it cannot look up, on HTTP and before a socket upgrade, and accept the key again after', async () => {
    const before = await openSocket(baseUrl, '/ws/locks/', { token: key });
    expect((await api('GET', '/api/get-user-details/', { token: key })).status).toBe(200);

    cluster.pause();
    try {
      const read = await api('GET', '/api/get-user-details/', { token: key });
      expect(read.status).toBe(503);
      expect(read.body.detail).not.toBe(MESSAGES.invalidToken);
      // An authenticated write, whose key is checked before its body is read.
      const write = await api('POST', '/api/unlock-field/', {
        token: key,
        body: { model: 'strategy', res_id: 1, field: 'title' },
      });
      expect(write.status).toBe(503);
      for (const path of ['/ws/locks/', '/ws/streaming/']) {
        const refused = await refusedUpgrade(baseUrl, path, { token: key });
        expect({ path, status: refused.status, retryAfter: refused.retryAfter }).toEqual({
          path,
          status: 503,
          retryAfter: '5',
        });
        expect(refused.body).not.toEqual({ detail: MESSAGES.invalidToken });
      }
    } finally {
      cluster.resume();
    }

    await eventually(
      async () => (await api('GET', '/api/get-user-details/', { token: key })).status === 200,
      'the key accepted again',
      20_000,
    );
    // The real-time listener may notice the outage only now and, reconnected, ask every socket to
    // reconnect to catch up (1012), as the browser then does: with the same key, a socket opens
    // and answers.
    const closeCodes: number[] = [];
    await eventually(
      async () => {
        const after = await openSocket(baseUrl, '/ws/streaming/', { token: key }).catch(() => null);
        if (!after) return false;
        void after.closed.then((code) => closeCodes.push(code));
        try {
          after.socket.send('{"type":"ping"}');
          await after.waitFor((message) => message?.type === 'pong', 5_000);
          return true;
        } catch {
          return false;
        } finally {
          await after.close();
        }
      },
      'a socket that answers after the outage',
      30_000,
    );
    // Any socket closed on the way was asked to reconnect, never refused its key.
    expect(closeCodes.filter((code) => code === 4401)).toEqual([]);
    await before.close();
  });
});
