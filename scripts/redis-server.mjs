// A throw-away Redis server on loopback for tests and benchmarks (the Redis broker): Debian's
// redis-server on a free port, its folder in a temp directory, nothing saved to disk (no RDB
// snapshots, no append-only file), and everything removed on stop.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.mjs';

const BINARY = '/usr/bin/redis-server';
const READY_TIMEOUT_MS = 10_000;

export function redisAvailable() {
  return existsSync(BINARY);
}

/** Whether a PING on the port answers PONG (the server accepts commands). */
function pings(port) {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    let answer = '';
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => {
      answer += data.toString();
      if (answer.includes('\r\n')) done(answer.startsWith('+PONG'));
    });
  });
}

/** Starts a server; resolves to { url, port, pause(), resume(), stop() }. */
export async function startRedis() {
  if (!redisAvailable()) throw new Error('redis-server is not installed (bash scripts/ensure-services.sh)');
  const folder = mkdtempSync(path.join(tmpdir(), 'keystone-redis-'));
  const port = await freePort();
  let child = null;

  const startServer = async () => {
    const server = spawn(
      BINARY,
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--dir',
        folder,
        '--save',
        '',
        '--appendonly',
        'no',
        '--daemonize',
        'no',
        '--logfile',
        path.join(folder, 'server.log'),
      ],
      { stdio: 'ignore' },
    );
    child = server;
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (!(await pings(port))) {
      if (server.exitCode !== null || Date.now() > deadline) {
        server.kill('SIGKILL');
        throw new Error(`redis-server did not start on port ${port} (log: ${folder}/server.log)`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  const stopServer = async () => {
    const server = child;
    child = null;
    if (!server || server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGKILL');
    await exited;
  };

  await startServer();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    /** Stops the server abruptly (fault tests: clients lose their connections). */
    pause: stopServer,
    /** Starts it again on the same port, empty. */
    resume: startServer,
    async stop() {
      try {
        await stopServer();
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}
