/**
 * Real server processes for the fault tests (faults.test.ts, instances.shutdown.test.ts): the
 * operator's seed command, a log-in and a strategy through the API, raw connections a browser
 * could hold (a GET on its own connection, a socket that never answers), and processes and
 * sockets stopped after each test.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import { afterEach } from 'vitest';
import { TEST_SECRETS_KEYS } from '../../../../testing/secretsKeys';
import { type ServerProcess, startServerProcess } from '../../../../testing/serverProcess';
import { createTestDatabase, type TestDatabase } from './database';
import type { Api } from './realtime';
import type { TestSocket } from './sockets';

export const root = path.resolve(import.meta.dirname, '../../../..');
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
export const DEMO = { email: 'demo@keystone.local', password: 'Demo-pass1!' };

/** The admin command an operator runs: a demo organisation and its log-in, on `env`'s database. */
export function seedDemo(env: Record<string, string>): void {
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    LOG_LEVEL: 'warn',
    SECRETS_KEYS: TEST_SECRETS_KEYS,
    ...env,
  };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli.ts', 'seed-demo'], {
    cwd: root,
    env: childEnv,
    stdio: 'pipe',
  });
}

export async function logIn(api: Api): Promise<string> {
  const response = await api('POST', '/api/auth/login/', { body: DEMO });
  if (response.status !== 200) throw new Error(`login answered ${response.status}`);
  return response.body.key;
}

export async function createStrategy(api: Api, key: string, title: string) {
  const response = await api('POST', '/api/strategy/create/', { token: key, body: { title } });
  if (response.status !== 201 && response.status !== 200)
    throw new Error(`create answered ${response.status}: ${JSON.stringify(response.body)}`);
  const id: number = response.body.id;
  const initiative: number = response.body.focus_areas[0].initiatives[0].id;
  return { id, initiative };
}

export const isOk = (status: number) => status >= 200 && status < 300;

/** One GET on a connection of its own (closed after the answer), as a new browser would send it. */
export function getOnOwnConnection(baseUrl: string, url: string, key: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.get(new URL(url, baseUrl), {
      agent: false,
      headers: { authorization: `Token ${key}` },
    });
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/**
 * A locks socket whose client never reads again after the upgrade, as a frozen or vanished
 * browser: it never answers the server's close.
 */
export function silentSocket(baseUrl: string, key: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const request = http.get(new URL(`/ws/locks/?token=${key}`, baseUrl), {
      agent: false,
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': randomBytes(16).toString('base64'),
      },
    });
    request.on('upgrade', (_response, upgraded: Socket) => {
      upgraded.pause();
      upgraded.on('error', () => {});
      resolve(upgraded);
    });
    request.on('response', (response) => reject(new Error(`no upgrade: ${response.statusCode}`)));
    request.on('error', reject);
  });
}

/** A fresh PostgreSQL database (a copy of the migrated template) with the demo log-in. */
export async function seededPostgres(): Promise<TestDatabase & { env: Record<string, string> }> {
  const database = await createTestDatabase();
  const env = { DATABASE_URL: database.url! };
  seedDemo(env);
  return { ...database, env };
}

/**
 * Server processes and sockets a file starts through `start` and `socket`, each stopped after its
 * test (register once per file, at its top level).
 */
export function stoppedAfterEachTest() {
  const started: ServerProcess[] = [];
  const sockets: TestSocket[] = [];
  const stopServers = async () => {
    await Promise.all(started.splice(0).map((server) => server.stop()));
  };
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
    await stopServers();
  });
  return {
    /** Stops the servers now (before their database goes, say). */
    stopServers,
    async start(env: Record<string, string>): Promise<ServerProcess> {
      const server = await startServerProcess(env);
      started.push(server);
      return server;
    },
    async socket(opening: Promise<TestSocket>): Promise<TestSocket> {
      const opened = await opening;
      sockets.push(opened);
      return opened;
    },
  };
}
