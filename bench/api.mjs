// API throughput and latency on one database (PGlite, or PostgreSQL through `databaseUrl`): the
// full strategy's page read and its autosave writes, each at every connection count, plus the
// API server's memory at idle and under the page read's load, and its time from start to ready.
import { autosaveOptions, currentCommentIds } from './autosave.mjs';
import { mib, verdict } from './format.mjs';
import { load } from './load.mjs';
import { rss, sampleMaxRss } from './memory.mjs';
import { login, startServer, waitUntilIdle } from './server.mjs';
import { buildFullStrategy, strategyReadOptions } from './strategyPage.mjs';

export const GOALS = { readP99Ms: 25, readP99Connections: 50, postgresWritesPerSecond: 2000 };
/** The server's own goals (issue 17): idle memory per database, and start to ready on PostgreSQL. */
const SERVER_GOALS = { idleRssMiB: { PGlite: 250, PostgreSQL: 120 }, postgresReadyMs: 1500 };
/**
 * How long the idle server is left alone before its memory is read: V8 frees what start-up left
 * behind (PGlite's WASM and file buffers among it) within seconds of the last work, by itself.
 */
const IDLE_SETTLE_MS = 10_000;

const READ_TITLE = 'GET /api/strategy/{id} (5×5, 10 people and 3 comments each)';
const AUTOSAVE_TITLE = 'PATCH /api/comments/update/{id}/ (autosave, 75 comments in turn)';

export async function benchApi({ databaseUrl, seconds = 10, warmup = 3, connections = [50, 200] } = {}) {
  const database = databaseUrl ? 'PostgreSQL' : 'PGlite';
  const server = await startServer({ databaseUrl });
  try {
    // Idle: started and seeded, nothing served yet but /readyz.
    await waitUntilIdle(server.pid);
    await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_MS));
    const idleRss = rss(server.pid);
    const key = await login(server.url);
    const strategyId = await buildFullStrategy(server.url, key);
    const commentIds = await currentCommentIds(server.url, key, strategyId);
    if (commentIds.length !== 75) throw new Error(`expected 75 current comments, found ${commentIds.length}`);

    const settle = () => waitUntilIdle(server.pid);
    const rows = [];
    let loadRss = null;
    for (const count of connections) {
      const title = READ_TITLE;
      // Memory under load: the largest RSS sampled during the measured run at the first count.
      const during = loadRss === null ? () => sampleMaxRss(server.pid) : undefined;
      const options = strategyReadOptions(server.url, key, strategyId, count);
      const { sample, ...row } = await load(`${title}, ${database}`, options, {
        seconds,
        warmup,
        during,
        settle,
      });
      if (sample !== undefined) loadRss = { bytes: sample, connections: count };
      rows.push({ title, database, kind: 'read', ...row });
    }
    for (const count of connections) {
      const title = AUTOSAVE_TITLE;
      const options = autosaveOptions(server.url, key, commentIds, count);
      const row = await load(`${title}, ${database}`, options, { seconds, warmup, settle });
      rows.push({ title, database, kind: 'write', ...row });
    }
    return { database, rows, memory: { idleRss, loadRss, readyMs: server.readyMs } };
  } finally {
    await server.stop();
  }
}

/** The goal a row is measured against, with its verdict ('' when the row has none). */
export function apiGoal(row) {
  if (row.kind === 'read' && row.connections === GOALS.readP99Connections)
    return `p99 < ${GOALS.readP99Ms} ms: ${verdict(row.p99 < GOALS.readP99Ms)}`;
  if (row.kind === 'write' && row.database === 'PostgreSQL') {
    const goal = GOALS.postgresWritesPerSecond;
    return `≥ ${goal.toLocaleString('en')} writes/s: ${verdict(row.requestsPerSecond >= goal)}`;
  }
  return '';
}

/** The RESULTS.md section of the API rows (accounts' and benchApi()'s). */
export function apiLines(rows, { seconds, warmup }) {
  return [
    '## API throughput and latency',
    '',
    "Each server is started with `npm start`'s code, the bundle (fresh data, seeded with `npm run admin -- seed-demo`),",
    'on PGlite or on a throw-away PostgreSQL cluster (scripts/pg-cluster.mjs: loopback, fsync off). The full',
    'strategy (5 focus areas × 5 initiatives, 10 people and 3 current progress comments on each initiative)',
    'is built through the API as the demo master, who then makes every request. autocannon runs in the',
    `benchmark process on loopback: a ${warmup} s warm-up, then ${seconds} s measured; requests/s is its mean per`,
    'second, p50 and p99 its latency percentiles. Any answer other than 2xx (or a socket error) fails the run.',
    'The autosave row writes the 75 comments in turn, PATCH /api/comments/update/{id}/ with about 200',
    'characters of new text each time, so every request writes a row and publishes the change. After each',
    'run the benchmark waits until the server uses (almost) no CPU for 0.3 s: autocannon drops the requests',
    'in flight at the end of a run, but the server still serves them.',
    '',
    '| Benchmark | Database | Connections | Duration | Requests/s | p50 (ms) | p99 (ms) | Non-2xx | Goal |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => {
      // No request completed: no latency to show, and no goal met.
      const [p50, p99, goal] =
        r.completed > 0 ? [r.p50, r.p99, apiGoal(r)] : ['—', '—', `none completed in ${r.seconds} s`];
      return `| ${r.title} | ${r.database} | ${r.connections} | ${r.seconds} s | ${r.requestsPerSecond} | ${p50} | ${p99} | ${r.non2xx} | ${goal} |`;
    }),
    '',
    'The page read runs a fixed number of SQL queries however large the strategy is',
    '(asserted in apps/server/test/strategies.test.ts). PGlite runs every query on one WASM',
    'thread, so under many concurrent connections its latency is mostly queueing; production',
    'uses a PostgreSQL server (`DATABASE_URL`).',
    '',
  ];
}

/** The RESULTS.md section of the API server's memory, from benchApi() results. */
export function memoryLines(results) {
  const cell = (bytes) => `${mib(bytes)} MiB`;
  const idleCell = (r) => {
    const goal = SERVER_GOALS.idleRssMiB[r.database];
    return `${cell(r.memory.idleRss)} (goal ≤ ${goal} MiB: ${verdict(r.memory.idleRss <= goal * 2 ** 20)})`;
  };
  const readyCell = (r) => {
    if (r.database !== 'PostgreSQL') return `${r.memory.readyMs} ms`;
    const goal = SERVER_GOALS.postgresReadyMs;
    return `${r.memory.readyMs} ms (goal ≤ ${goal} ms: ${verdict(r.memory.readyMs <= goal)})`;
  };
  const loadConnections = results[0].memory.loadRss.connections;
  return [
    '## API server memory',
    '',
    'The server runs as in production: the bundle under plain node (`node apps/server/dist/main.js`, built by `npm run build`).',
    'VmRSS of the API server process (/proc/PID/status). Idle: once it has started, been seeded and used (almost) no CPU for 0.3 s,',
    `then been left alone ${IDLE_SETTLE_MS / 1000} s more (V8 frees what start-up left behind by itself), before any request but /readyz.`,
    `Under load: the largest of samples every 100 ms during the measured page-read run at ${loadConnections} connections.`,
    'Start to ready: from spawning the process (database already seeded) to its first 200 from /readyz, asked every 10 ms.',
    '',
    `| API server memory (VmRSS) | ${results.map((r) => r.database).join(' | ')} |`,
    `|---|${results.map(() => '---|').join('')}`,
    `| Idle, started and seeded | ${results.map(idleCell).join(' | ')} |`,
    `| Under load (max, GET /api/strategy/{id} at ${loadConnections} connections) | ${results.map((r) => cell(r.memory.loadRss.bytes)).join(' | ')} |`,
    `| Start to ready | ${results.map(readyCell).join(' | ')} |`,
    '',
  ];
}
