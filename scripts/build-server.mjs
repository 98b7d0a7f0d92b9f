// Bundles the server for production: `apps/server/src/main.ts` (the server), `cli.ts` (the
// admin command) and the PDF worker thread's entry (`modules/pdf/pdfWorker.ts`, as `pdfWorker.js`,
// which modules/pdf/renderPool.ts looks for beside itself) into `apps/server/dist/` as ES modules
// that plain `node` runs, with the Drizzle migrations copied beside them (the migrator looks for
// `migrations` next to the running code).
//
// Everything is bundled, npm packages included, but for four that load files from beside their
// own modules, so they stay in node_modules: @node-rs/argon2 (a native addon), PGlite (its WASM
// and data files), pino (its transports start worker threads from files) and pdfkit (its font
// metrics and colour profiles; the DejaVu and fallback fonts are found in node_modules at run time too). One bundle instead
// of hundreds of small modules measured faster to start and leaner than leaving node_modules
// external (bench/RESULTS.md, "Compiled server"). Source maps sit beside the bundle, so
// `node --enable-source-maps` names the TypeScript files in stack traces.
//
//   node scripts/build-server.mjs
import { cpSync, rmSync } from 'node:fs';
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

const EXTERNAL = ['@node-rs/argon2', '@electric-sql/pglite', 'pino', 'pdfkit'].flatMap((name) => [
  name,
  `${name}/*`,
]);

export async function buildServer() {
  rmSync(SERVER_DIST, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: [
      'apps/server/src/main.ts',
      'apps/server/src/cli.ts',
      { in: 'apps/server/src/modules/pdf/pdfWorker.ts', out: 'pdfWorker' },
    ],
    outdir: SERVER_DIST,
    bundle: true,
    // Code shared by the two entries, and modules loaded with import() on first use, become chunks
    // beside them (so `import.meta.url` names the same folder in every file of the bundle).
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    // Node keeps each file's source text for as long as the process runs, and one character
    // outside ASCII (in a comment) doubles it: V8 then stores the whole file in two bytes a
    // character. Without comments and blanks the bundle is ASCII and a third smaller, about 8 MiB
    // less resident (bench/RESULTS.md, "Embedded database memory"). Names are kept, so stack
    // traces stay readable; the packages' licence notices go to `*.LEGAL.txt` beside each file.
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'external',
    external: EXTERNAL,
    // Bundled CommonJS packages call require() (Node's modules, the external packages): ES modules
    // have none, so each file of the bundle makes its own.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  cpSync(path.join(server, 'src/db/migrations'), path.join(SERVER_DIST, 'migrations'), { recursive: true });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildServer();
  console.log(`Server bundled into ${path.relative(root, SERVER_DIST)}/`);
}
