// Builds what is missing or older than its sources, for `npm start` and `npm run admin`: the web
// app (vite, in apps/web/dist) and the server bundle (scripts/build-server.mjs, in apps/server/dist).
//
//   node scripts/build-if-stale.mjs server   (the server bundle only, as a test needs it)
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, SERVER_DIST, SERVER_SOURCES } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB_SOURCES = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/contract/src',
];

function newestChange(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(
    stat.mtimeMs,
    ...readdirSync(target).map((entry) => newestChange(path.join(target, entry))),
  );
}

function isStale(builtFiles, sources) {
  if (!builtFiles.every((file) => existsSync(file))) return true;
  const built = Math.min(...builtFiles.map((file) => statSync(file).mtimeMs));
  return sources.some((source) => {
    const full = path.join(root, source);
    return existsSync(full) && newestChange(full) > built;
  });
}

export function buildWebIfStale() {
  if (!isStale([path.join(root, 'apps/web/dist/index.html')], WEB_SOURCES)) return;
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@keystone/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** Resolves to the bundle's folder, apps/server/dist. */
export async function buildServerIfStale() {
  const entries = ['main.js', 'cli.js'].map((file) => path.join(SERVER_DIST, file));
  if (isStale(entries, SERVER_SOURCES)) {
    console.error('Bundling the server…');
    await buildServer();
  }
  return SERVER_DIST;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv[2] !== 'server') buildWebIfStale();
  await buildServerIfStale();
}
