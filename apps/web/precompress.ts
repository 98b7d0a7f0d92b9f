/**
 * A Vite plugin that writes a brotli (`.br`, highest quality) and a gzip (`.gz`) copy beside every
 * compressible file of the build. The server serves them as they are (@fastify/static's
 * `preCompressed`), so each asset is compressed once, harder than the per-request compression
 * could afford, instead of on every request.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below the server's dynamic compression threshold (apps/server/src/app.ts) a copy is not worth it. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Writes the copies for every compressible file under `dir`; a copy no smaller than its file is left out. */
export async function precompressDir(dir: string): Promise<void> {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file));
  await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size < MIN_BYTES) return;
      const content = await readFile(file);
      const copies: [string, Buffer][] = [
        [
          '.br',
          await brotli(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        ],
        ['.gz', await gzipAsync(content, { level: constants.Z_BEST_COMPRESSION })],
      ];
      for (const [extension, compressed] of copies)
        if (compressed.length < content.length) await writeFile(`${file}${extension}`, compressed);
    }),
  );
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'keystone:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After every file, index.html and public/ included, is written.
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
