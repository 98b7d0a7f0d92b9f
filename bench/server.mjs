// Starts the real server for a benchmark: a fresh PGlite DATA_DIR (or DATABASE_URL), seeded
// with the demo organisation through the admin command (unless `seed` is false, e.g. for a
// second instance on the same database), on a free loopback port. With `inspect`, the Node
// inspector listens on another loopback port (for a benchmark to force garbage collection).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsx = path.join(root, 'node_modules/.bin/tsx');

function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function startServer({ databaseUrl, seed = true, inspect = false } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'keystone-bench-'));
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT: '100000',
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  try {
    if (seed) execFileSync(tsx, ['apps/server/src/cli.ts', 'seed-demo'], { cwd: root, env, stdio: 'ignore' });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const inspectPort = inspect ? await freePort() : undefined;
  const inspectArgs = inspect ? [`--inspect=127.0.0.1:${inspectPort}`, '--inspect-publish-uid=http'] : [];
  const child = spawn(process.execPath, [...inspectArgs, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', inspect ? 'pipe' : 'inherit'],
  });
  // The inspector announces every session on stderr; everything else is passed on.
  if (inspect) {
    createInterface({ input: child.stderr }).on('line', (line) => {
      if (line !== 'Debugger attached.') process.stderr.write(`${line}\n`);
    });
  }
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  let ready = false;
  for (let i = 0; i < 300 && !ready && child.exitCode === null; i++) {
    try {
      ready = (await fetch(`${url}/readyz`)).ok;
    } catch {}
    if (!ready) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!ready) {
    await stop();
    throw new Error(`the server on port ${port} did not start`);
  }
  return { url, pid: child.pid, inspectPort, stop };
}

export async function login(url, email, password) {
  const response = await fetch(`${url}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return (await response.json()).key;
}
