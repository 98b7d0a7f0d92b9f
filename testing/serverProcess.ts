/**
 * The real server as a child process (`node --import tsx apps/server/src/main.ts`, one process,
 * so a signal reaches the server itself), configured through the environment as an operator
 * would, e.g. several instances on one PostgreSQL database.
 *
 * It runs the TypeScript sources rather than the production bundle (apps/server/dist): the tests
 * then always test the code as it is, with no build step to forget and no stale bundle to pass
 * with. The bundle and the documented start commands have their own test (compiledServer.test.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ApiCall, httpApi } from './api';
import { TEST_SECRETS_KEYS } from './secretsKeys';

const root = path.resolve(import.meta.dirname, '..');
const READY_WITHIN_MS = 60_000;
const STOP_WITHIN_MS = 10_000;

export interface ServerProcess {
  /** http://127.0.0.1:PORT */
  baseUrl: string;
  /** The same call as the server tests' TestServer.api, over HTTP. */
  api: ApiCall;
  /** The process started: the server, or the command given as `command`. */
  pid: number;
  /** What the process wrote to stdout and stderr, for failure messages. */
  output(): string;
  /** Sends `signal` and resolves once the process has exited, with how it ended. */
  kill(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM (SIGKILL after 10 s); removes DATA_DIR unless the caller passed it. */
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Resolves once `baseUrl`/readyz answers; fails at once if the process exits. */
export async function waitUntilReady(
  baseUrl: string,
  child: ChildProcess,
  output: () => string = () => '',
): Promise<void> {
  const deadline = Date.now() + READY_WITHIN_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server not ready within ${READY_WITHIN_MS} ms:\n${output()}`);
}

/** The TypeScript sources under tsx, in one process. */
const FROM_SOURCES = [process.execPath, '--import', 'tsx', 'apps/server/src/main.ts'];

/**
 * Starts a server on a free loopback port with its own DATA_DIR; `env` adds or overrides
 * variables (DATABASE_URL, SMTP_URL, …). Resolves once /readyz answers. `command` runs another
 * start command from the repository's root (e.g. `npm start`), in a process group of its own.
 */
export async function startServerProcess(
  env: Record<string, string | undefined> = {},
  command: readonly string[] = FROM_SOURCES,
): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const ownDataDir = env.DATA_DIR === undefined;
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'keystone-instance-'));
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: baseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT: '1000',
    // Clients here write and create faster than any person: the per-person limits are lifted.
    WRITE_RATE_LIMIT: '1000000',
    WRITE_BURST: '1000000',
    STRATEGIES_PER_PERSON_PER_DAY: '1000000',
    STRATEGIES_PER_ORGANISATION_PER_DAY: '1000000',
    // Any free port: instances started side by side never compete for the default one.
    METRICS_PORT: '0',
    DATABASE_URL: undefined,
    SECRETS_KEYS: TEST_SECRETS_KEYS,
    SMTP_URL: undefined,
    ...env,
  };
  for (const [name, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[name];
  const [file, ...args] = command;
  const child = spawn(file!, args, {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: command !== FROM_SOURCES,
  });
  let printed = '';
  const collect = (chunk: Buffer) => {
    printed = `${printed}${chunk.toString()}`.slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const output = () => printed;
  const kill = (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_WITHIN_MS);
      await exited;
      clearTimeout(timer);
    }
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(baseUrl, child, output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, api: httpApi(baseUrl), pid: child.pid!, output, kill, stop };
}
