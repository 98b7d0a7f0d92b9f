// PDF exports under abuse (security audit of 2026-11-28, finding 1): the audit's worst charter
// (7 charter fields of 900 one-character paragraphs, a 900-character work plan, 50 timeline rows
// of 900 characters), six users each asking for 20 exports of it at once, while another user
// reads GET /api/strategies/ every 200 ms. Measures that reader's latency, the server's peak RSS
// and how the exports were answered (made, or refused with 503 and Retry-After).
// `node bench/pdf.mjs` runs it alone; `npm run bench` records it in RESULTS.md.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { startCluster } from '../scripts/pg-cluster.mjs';
import { verdict } from './format.mjs';
import { rss, sampleMaxRss } from './memory.mjs';
import { createUsers, summary } from './realtime.mjs';
import { apiCall, login, startServer } from './server.mjs';

export const GOALS = { readerP99Ms: 200 };
const EXPORTERS = 6;
const EXPORTS_EACH = 20;
const READ_EVERY_MS = 200;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The audit's worst charter, on the first initiative of the demo strategy. */
async function worstCharter(url, key, strategyId) {
  const page = await apiCall(url, key, 'GET', `/api/strategy/${strategyId}/`);
  const initiative = page.focus_areas[0].initiatives[0].id;
  const paragraphs = Array.from({ length: 900 }, (_, i) => `<p>${'abcdefghij'[i % 10]}</p>`).join('');
  const fields = [
    'problem_statement',
    'in_scope',
    'out_scope',
    'risks_and_dependencies',
    'deliverables',
    'impact',
    'investment',
  ];
  const body = Object.fromEntries(fields.map((field) => [field, paragraphs]));
  await apiCall(url, key, 'PATCH', `/api/initiative/update/${initiative}/`, {
    ...body,
    work_plan: 'plan '.repeat(180).trim(),
  });
  for (let row = 0; row < 50; row++) {
    await apiCall(url, key, 'POST', '/api/timeline/create/', {
      initiative,
      description: `Step ${row} ${'of the plan '.repeat(80)}`.slice(0, 900),
      start_date: '2026-01-05',
      end_date: '2026-02-01',
    });
  }
  return initiative;
}

/**
 * GET /api/strategies/ every READ_EVERY_MS (each after the last answered) until stop(); returns the
 * latencies. The reader runs in a worker thread of its own, as another person's browser would: in
 * this thread its timings would include the benchmark's own work of starting 120 fetches and
 * reading their answers.
 */
function reader(url, key) {
  const source = `
    const { parentPort, workerData } = require('node:worker_threads');
    const { url, key, every } = workerData;
    const latencies = [];
    let running = true;
    parentPort.on('message', () => { running = false; });
    (async () => {
      while (running) {
        const started = performance.now();
        const response = await fetch(url + '/api/strategies/', { headers: { authorization: 'Token ' + key } });
        await response.arrayBuffer();
        if (!response.ok) throw new Error('GET /api/strategies/: ' + response.status);
        latencies.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, every));
      }
      parentPort.postMessage(latencies);
    })();
  `;
  const worker = new Worker(source, { eval: true, workerData: { url, key, every: READ_EVERY_MS } });
  const done = new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    async stop() {
      worker.postMessage('stop');
      const latencies = await done;
      await worker.terminate();
      return latencies;
    },
  };
}

async function exportOnce(url, key, initiative) {
  const started = performance.now();
  const response = await fetch(`${url}/api/initiative/${initiative}/pdf/`, {
    headers: { authorization: `Token ${key}` },
  });
  const bytes = (await response.arrayBuffer()).byteLength;
  return {
    status: response.status,
    ms: performance.now() - started,
    bytes,
    retryAfter: Number(response.headers.get('retry-after') ?? 0),
  };
}

export async function benchPdf() {
  const loadAtStart = os.loadavg()[0];
  const cluster = await startCluster();
  try {
    const server = await startServer({ databaseUrl: cluster.url });
    try {
      const master = await login(server.url);
      const { strategyId, users } = await createUsers(cluster.url, EXPORTERS + 1);
      const initiative = await worstCharter(server.url, master, strategyId);
      const [readerUser, ...exporters] = users;
      const idleRss = rss(server.pid);
      // One export alone, by the demo master (the six keep their 20 a minute): how long the worst
      // charter takes and its size; the first starts a worker thread.
      const single = await exportOnce(server.url, master, initiative);
      if (single.status !== 200) throw new Error(`a single export answered ${single.status}`);
      const warm = await exportOnce(server.url, master, initiative);
      await sleep(1000);

      // The reader alone first: what the machine gives it without exports, for comparison.
      const alone = reader(server.url, readerUser.key);
      await sleep(6000);
      const aloneLatencies = await alone.stop();

      const memory = sampleMaxRss(server.pid, 50);
      const reading = reader(server.url, readerUser.key);
      await sleep(1000);
      const started = performance.now();
      const answers = await Promise.all(
        exporters.flatMap((user) =>
          Array.from({ length: EXPORTS_EACH }, () => exportOnce(server.url, user.key, initiative)),
        ),
      );
      const wallMs = performance.now() - started;
      await sleep(1000);
      const readLatencies = await reading.stop();
      const peakRss = memory.stop();
      const unexpected = answers.filter((answer) => answer.status !== 200 && answer.status !== 503);
      if (unexpected.length > 0)
        throw new Error(`exports answered ${unexpected.map((a) => a.status).join(', ')}`);
      const made = answers.filter((answer) => answer.status === 200);
      const refused = answers.filter((answer) => answer.status === 503);
      return {
        loadAverage: [loadAtStart.toFixed(1), os.loadavg()[0].toFixed(1)],
        single: {
          ms: Math.round(single.ms),
          warmMs: Math.round(warm.ms),
          kb: Math.round(single.bytes / 1024),
        },
        made: made.length,
        madeMs: made.length > 0 ? summary(made.map((answer) => answer.ms)) : undefined,
        refused: refused.length,
        refusedMs: refused.length > 0 ? summary(refused.map((answer) => answer.ms)) : undefined,
        retryAfter: [...new Set(refused.map((answer) => answer.retryAfter))].sort((a, b) => a - b),
        wallMs: Math.round(wallMs),
        reader: summary(readLatencies),
        readerAlone: summary(aloneLatencies),
        rss: { idle: idleRss, peak: peakRss, after: rss(server.pid) },
      };
    } finally {
      await server.stop();
    }
  } finally {
    cluster.stop();
  }
}

const mb = (bytes) => `${Math.round(bytes / 2 ** 20)} MiB`;

export function pdfLines(r) {
  const goal = `p99 < ${GOALS.readerP99Ms} ms: ${verdict(r.reader.p99 < GOALS.readerP99Ms)}`;
  const timing = (s) => (s ? `${s.p50} / ${s.p99} / ${s.max}` : '–');
  return [
    '## PDF exports under load',
    '',
    `The audit's worst charter (7 fields of 900 one-character paragraphs, a 900-character work plan, 50`,
    `timeline rows of 900 characters: ${r.single.kb} KB of PDF) on the bundle over a throw-away PostgreSQL`,
    `cluster, with the default limits (PDF_RENDERS, PDF_QUEUE, PDF_RENDERS_PER_ORGANISATION). Alone it took`,
    `${r.single.ms} ms (the first, which starts a worker thread), then ${r.single.warmMs} ms. Then ${EXPORTERS} users of one`,
    `organisation each asked for it ${EXPORTS_EACH} times at once while another user read GET /api/strategies/`,
    `every ${READ_EVERY_MS} ms (from a thread of its own, apart from the exports' client). \`node bench/pdf.mjs\` runs this part alone. Load average at start / end: ${r.loadAverage.join(' / ')}.`,
    '',
    '| PDF exports | Count | p50 / p99 / max (ms) | Goal |',
    '|---|---|---|---|',
    `| Made (200) | ${r.made} | ${timing(r.madeMs)} | |`,
    `| Refused (503, Retry-After ${r.retryAfter.join(', ') || '–'} s) | ${r.refused} | ${timing(r.refusedMs)} | |`,
    `| All ${EXPORTERS * EXPORTS_EACH}, wall time | | ${r.wallMs} | |`,
    `| The reader's GET /api/strategies/ meanwhile | ${r.reader.count} | ${timing(r.reader)} | ${goal} |`,
    `| The same reader alone, just before | ${r.readerAlone.count} | ${timing(r.readerAlone)} | |`,
    '',
    `Server RSS: ${mb(r.rss.idle)} before any export, ${mb(r.rss.peak)} at the peak, ${mb(r.rss.after)} a second after.`,
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(pdfLines(await benchPdf()).join('\n'));
}
