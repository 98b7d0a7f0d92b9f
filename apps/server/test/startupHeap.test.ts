/**
 * The production bundle starts with V8's young generation at its first size (startupHeap.ts):
 * read from the process's own metrics, as an operator's scrape would see it once the server is
 * ready. Before, start-up grew it to two 16 MiB semi-spaces that stayed resident while idle.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type ServerProcess, startServerProcess } from '../../../testing/serverProcess';
import { parseSamples } from './helpers/metrics';

const root = path.resolve(import.meta.dirname, '../../..');
const BUNDLE = [process.execPath, 'apps/server/dist/main.js'];
/** Two semi-spaces at V8's first size are 2 MiB; grown, they were 16–32 MiB. */
const YOUNG_GENERATION_AT_READY = 8 * 2 ** 20;

describe('the server at start-up', () => {
  let server: ServerProcess | undefined;
  let metricsPort = 0;
  beforeAll(async () => {
    execFileSync(process.execPath, ['scripts/build-if-stale.mjs', 'server'], { cwd: root, stdio: 'pipe' });
    metricsPort = await freePort();
    server = await startServerProcess({ METRICS_PORT: String(metricsPort) }, BUNDLE);
  }, 120_000);
  afterAll(() => server?.kill('SIGTERM'));

  it('should be ready with a small young generation, whatever start-up allocated', async () => {
    const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    const samples = parseSamples(await response.text());
    const youngGeneration = samples.get('nodejs_heap_space_size_total_bytes{space="new"}');
    expect(youngGeneration).toBeGreaterThan(0);
    expect(youngGeneration).toBeLessThan(YOUNG_GENERATION_AT_READY);
  });
});
