// Starts the real server for a benchmark as production runs it, the bundle under plain node
// (`node apps/server/dist/main.js`, bundled first when missing or stale): a fresh PGlite DATA_DIR
// (or DATABASE_URL), seeded with the demo organisation through the admin command (unless `seed` is
// false, e.g. for a second instance on the same database), on a free loopback port (or `port`, e.g.
// an instance started again behind a load balancer), with `env` added to its environment. With
// `inspect`, the Node inspector listens on another loopback port (for a benchmark to force
// garbage collection). `readyMs` is the time from spawning the server to its first /readyz 200;
// `exited` resolves when the process ends, however it ends (`kill` sends it a signal).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { buildServerIfStale } from '../scripts/build-if-stale.mjs';
import { freePort } from '../scripts/free-port.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** How often startServer asks /readyz: often enough for start-to-ready to be measured. */
const READY_POLL_MS = 10;
const READY_WITHIN_MS = 30_000;
const BENCH_SECRETS_KEYS = 'bench:a2V5c3RvbmUgYmVuY2ggb25seTogbm90IGEga2V5ISE=';

export async function startServer({ databaseUrl, seed = true, inspect = false, port, env: extra } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'keystone-bench-'));
  port ??= await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT: '100000',
    // Clients here write and create faster than any person: the per-person limits are lifted.
    WRITE_RATE_LIMIT: '1000000',
    WRITE_BURST: '1000000',
    STRATEGIES_PER_PERSON_PER_DAY: '1000000',
    STRATEGIES_PER_ORGANISATION_PER_DAY: '1000000',
    // Measured as deployed, with its metrics, on any free port (instances run side by side);
    // METRICS_PORT=off in the bench's environment measures the server without them.
    METRICS_PORT: process.env.METRICS_PORT === 'off' ? 'off' : '0',
    ...extra,
  };
  if (databaseUrl) {
    env.DATABASE_URL = databaseUrl;
    // Required with DATABASE_URL, the same for every instance on the database: one made up for the bench.
    env.SECRETS_KEYS ??= BENCH_SECRETS_KEYS;
  } else delete env.DATABASE_URL;
  const dist = path.relative(root, await buildServerIfStale());
  try {
    if (seed)
      execFileSync(process.execPath, [path.join(dist, 'cli.js'), 'seed-demo'], {
        cwd: root,
        env,
        stdio: 'ignore',
      });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const inspectPort = inspect ? await freePort() : undefined;
  const inspectArgs = inspect ? [`--inspect=127.0.0.1:${inspectPort}`, '--inspect-publish-uid=http'] : [];
  if (process.env.BENCH_CPU_PROF)
    inspectArgs.push('--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`);
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [...inspectArgs, path.join(dist, 'main.js')], {
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
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  let ready = false;
  const deadline = spawnedAt + READY_WITHIN_MS;
  while (!ready && child.exitCode === null && performance.now() < deadline) {
    try {
      ready = (await fetch(`${url}/readyz`)).ok;
    } catch {}
    if (!ready) await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
  }
  const readyMs = Math.round(performance.now() - spawnedAt);
  if (!ready) {
    await stop();
    throw new Error(`the server on port ${port} did not start`);
  }
  return {
    url,
    port,
    pid: child.pid,
    inspectPort,
    readyMs,
    exited,
    kill: (signal) => child.kill(signal),
    stop,
  };
}

/** CPU time a process has used, in clock ticks (1/100 s), from /proc/PID/stat. */
export function cpuTicks(pid) {
  // The command name (field 2) may hold spaces; utime and stime are fields 14 and 15.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/**
 * Resolves once a server has used (almost) no CPU for `windowMs`: done with the requests a load
 * left in flight (autocannon drops its connections at the end of a run, not the server's work),
 * or after `timeoutMs` with a warning.
 */
export async function waitUntilIdle(pid, { windowMs = 300, maxTicks = 2, timeoutMs = 60_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let before = cpuTicks(pid);
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const now = cpuTicks(pid);
    if (now - before <= maxTicks) return;
    before = now;
  }
  console.error(`(the server, pid ${pid}, was still busy after ${timeoutMs / 1000} s; going on)`);
}

/** The log-in `npm run admin -- seed-demo` creates: the master of the demo strategy. */
export const DEMO = { email: 'demo@keystone.local', password: 'Demo-pass1!' };

export async function login(url, email = DEMO.email, password = DEMO.password) {
  const response = await fetch(`${url}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`log-in as ${email}: ${response.status} ${await response.text()}`);
  return (await response.json()).key;
}

/** One API call as a signed-in person; its JSON answer (undefined for an empty one), or an error naming the call. */
export async function apiCall(url, key, method, path, body, headers = {}) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      authorization: `Token ${key}`,
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
}
