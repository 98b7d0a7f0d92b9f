// Bundles the server for production: `apps/server/src/main.ts` (the server) and `cli.ts` (the
// admin command) into `apps/server/dist/` as ES modules that plain `node` runs, with the Drizzle
// migrations copied beside them (the migrator looks for `migrations` next to the running code).
//
// Our own code and @keystone/contract are bundled; the server's npm dependencies stay external
// and load from node_modules: their native and WASM files (@node-rs/argon2, PGlite) must stay
// where their packages expect them, and bundling the rest measured no leaner at idle.
// Source maps (read only with `--enable-source-maps`) name the TypeScript files in stack traces.
//
//   node scripts/build-server.mjs
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'apps/server');
export const SERVER_DIST = path.join(server, 'dist');

/** What the bundle is made of: a change to any of them makes it stale (scripts/start.mjs). */
export const SERVER_SOURCES = [
  'apps/server/src',
  'apps/server/package.json',
  'packages/contract/src',
  'scripts/build-server.mjs',
];

function externalPackages() {
  const { dependencies } = JSON.parse(readFileSync(path.join(server, 'package.json'), 'utf8'));
  return Object.keys(dependencies)
    .filter((name) => name !== '@keystone/contract')
    .flatMap((name) => [name, `${name}/*`]);
}

export async function buildServer() {
  rmSync(SERVER_DIST, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: ['apps/server/src/main.ts', 'apps/server/src/cli.ts'],
    outdir: SERVER_DIST,
    bundle: true,
    // Code shared by the two entries, and modules loaded with import() on first use, become chunks
    // beside them (so `import.meta.url` names the same folder in every file of the bundle).
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    external: externalPackages(),
    logLevel: 'warning',
  });
  cpSync(path.join(server, 'src/db/migrations'), path.join(SERVER_DIST, 'migrations'), { recursive: true });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildServer();
  console.log(`Server bundled into ${path.relative(root, SERVER_DIST)}/`);
}
