// A throw-away PostgreSQL cluster on loopback for tests and benchmarks: initdb into a temp
// folder, start on a free port, and remove everything on stop. As root it runs as `postgres`.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.mjs';

const BIN_CANDIDATES = [
  '/usr/lib/postgresql/15/bin',
  '/usr/lib/postgresql/16/bin',
  '/usr/lib/postgresql/17/bin',
];

function binDir() {
  const found = BIN_CANDIDATES.find((dir) => existsSync(path.join(dir, 'initdb')));
  if (found) return found;
  try {
    return path.dirname(execFileSync('which', ['initdb'], { encoding: 'utf8' }).trim());
  } catch {
    return undefined;
  }
}

export function postgresAvailable() {
  return binDir() !== undefined;
}

function runAsOwner(command, args) {
  const isRoot = process.getuid?.() === 0;
  const [file, fileArgs] = isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  execFileSync(file, fileArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Starts a cluster; resolves to { url, stop() }. */
export async function startCluster() {
  const bin = binDir();
  if (!bin) throw new Error('PostgreSQL (initdb, pg_ctl) is not installed');
  const folder = mkdtempSync(path.join(tmpdir(), 'keystone-pg-'));
  const dataDir = path.join(folder, 'data');
  if (process.getuid?.() === 0)
    chownSync(folder, Number(execFileSync('id', ['-u', 'postgres']).toString()), 0);
  const port = await freePort();
  runAsOwner(path.join(bin, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  const pgCtl = (...args) => runAsOwner(path.join(bin, 'pg_ctl'), ['-D', dataDir, ...args]);
  const startServer = () =>
    pgCtl(
      '-l',
      path.join(folder, 'server.log'),
      '-o',
      `-p ${port} -c listen_addresses=127.0.0.1 -k ${folder} -c fsync=off -c max_connections=300`,
      '-w',
      'start',
    );
  startServer();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dataDir,
    /** Stops the PostgreSQL server, keeping the data (fault tests: an outage). */
    pause() {
      pgCtl('-m', 'fast', '-w', 'stop');
    },
    /** Starts it again on the same port and data. */
    resume() {
      startServer();
    },
    stop() {
      try {
        runAsOwner(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}
