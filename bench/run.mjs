// `npm run bench`: runs every benchmark on loopback and rewrites bench/RESULTS.md.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startCluster } from '../scripts/pg-cluster.mjs';
import { benchAccounts } from './accounts.mjs';
import { benchRealtime, realtimeLines } from './realtime.mjs';
import { benchStrategyPage } from './strategyPage.mjs';
import { benchWebPages } from './webPages.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const results = [await benchAccounts(), await benchStrategyPage()];
const cluster = await startCluster();
try {
  results.push(await benchStrategyPage({ databaseUrl: cluster.url }));
} finally {
  cluster.stop();
}
const realtime = await benchRealtime();
const web = await benchWebPages();

const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const lines = [
  '# Benchmark results',
  '',
  `Produced by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)} (${machine}).`,
  "Each server is started with `npm start`'s code path (fresh data, seeded with `npm run admin -- seed-demo`); load from autocannon on loopback after a 3 s warm-up.",
  '',
  '| Benchmark | Connections | Duration | Requests/s | p50 (ms) | p99 (ms) | Non-2xx |',
  '|---|---|---|---|---|---|---|',
  ...results.map(
    (r) =>
      `| ${r.title} | ${r.connections} | ${r.seconds} s | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${r.non2xx} |`,
  ),
  '',
  '| Browser (Debian Chromium, headless) | Result | Goal |',
  '|---|---|---|',
  `| JavaScript loaded by /login (gzip) | ${web.loginScriptKb} KB | ≤ 250 KB |`,
  `| Full 5×5 strategy page until every field is editable (median of ${web.runs}) | ${web.strategyInteractiveMs} ms | < 1000 ms |`,
  '',
  'The page read runs a fixed number of SQL queries however large the strategy is',
  '(asserted in apps/server/test/strategies.test.ts). PGlite runs every query on one WASM',
  'thread, so under 50 concurrent connections its latency is mostly queueing; production',
  'uses a PostgreSQL server (`DATABASE_URL`).',
  '',
  ...realtimeLines(realtime),
];
writeFileSync(path.join(here, 'RESULTS.md'), lines.join('\n'));
console.log(lines.join('\n'));
