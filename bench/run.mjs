// `npm run bench`: runs every benchmark on loopback and rewrites the measured part of bench/RESULTS.md.
//
//   node bench/run.mjs [part…] [--quick] [--no-build] [--preset=desktop|tablet]
//
// Parts: accounts, api (page read, autosave and server memory on PGlite and PostgreSQL),
// realtime, cluster (four instances behind HAProxy, 10,000 sockets, both brokers), pdf (exports
// under abuse), browser, bundles, lighthouse; none named means all. `--quick` shortens every run
// (2 s loads, one Lighthouse run a page) for development; `--no-build` uses apps/web/dist as it is;
// `--preset=` runs Lighthouse with one preset only. Only a full run (every
// part, not --quick) writes RESULTS.md; any other prints its sections.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startCluster } from '../scripts/pg-cluster.mjs';
import { benchAccounts } from './accounts.mjs';
import { apiLines, benchApi, memoryLines } from './api.mjs';
import { benchBundles, buildWeb, bundleLines } from './bundles.mjs';
import { benchCluster, clusterLines } from './cluster.mjs';
import { benchLighthouse, lighthouseLines, PRESETS } from './lighthouse.mjs';
import { benchPdf, pdfLines } from './pdf.mjs';
import { benchRealtime, realtimeLines } from './realtime.mjs';
import { benchWebPages, browserLines } from './webPages.mjs';

/** Where RESULTS.md's hand-written notes begin; a full run rewrites only what is above it. */
const HAND_WRITTEN =
  '<!-- Everything below is written by hand and kept by `npm run bench`, which rewrites only what is above. -->';

const PARTS = ['accounts', 'api', 'realtime', 'cluster', 'pdf', 'browser', 'bundles', 'lighthouse'];
const WEB_PARTS = ['browser', 'bundles', 'lighthouse'];

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const named = args.filter((arg) => !arg.startsWith('--'));
const presetFlags = Object.keys(PRESETS).map((preset) => `--preset=${preset}`);
const presets = presetFlags
  .filter((flag) => args.includes(flag))
  .map((flag) => flag.slice('--preset='.length));
const unknown = [
  ...named.filter((part) => !PARTS.includes(part)),
  ...args.filter((arg) => arg.startsWith('--') && !['--quick', '--no-build', ...presetFlags].includes(arg)),
];
if (unknown.length > 0) {
  console.error(
    `unknown: ${unknown.join(' ')}; parts are ${PARTS.join(', ')}; flags --quick, --no-build, ${presetFlags.join(', ')}`,
  );
  process.exit(2);
}
const parts = named.length > 0 ? named : PARTS;
const selected = (part) => parts.includes(part);
const load = quick ? { seconds: 2, warmup: 1 } : { seconds: 10, warmup: 3 };

const started = Date.now();
const loadAtStart = os.loadavg()[0];
const step = (label) => console.error(`[${Math.round((Date.now() - started) / 1000)} s] ${label}`);
const sections = [];

if (WEB_PARTS.some(selected) && !args.includes('--no-build')) {
  step('npm run build');
  buildWeb();
}
// The browser parts drive Debian's Chromium, which a fresh machine may not have yet.
if (['browser', 'lighthouse'].some(selected)) {
  execFileSync('bash', [fileURLToPath(new URL('../scripts/ensure-chromium.sh', import.meta.url))], {
    stdio: 'inherit',
  });
}

const apiRows = [];
if (selected('accounts')) {
  step('accounts');
  apiRows.push(await benchAccounts(load));
}
if (selected('api')) {
  step('api on PGlite');
  const results = [await benchApi(load)];
  const cluster = await startCluster();
  try {
    step('api on PostgreSQL');
    results.push(await benchApi({ ...load, databaseUrl: cluster.url }));
  } finally {
    cluster.stop();
  }
  apiRows.push(...results.flatMap((result) => result.rows));
  sections.push(apiLines(apiRows, load), memoryLines(results));
} else if (apiRows.length > 0) {
  sections.push(apiLines(apiRows, load));
}
if (selected('browser')) {
  step('browser');
  sections.push(browserLines(await benchWebPages(quick ? { runs: 2 } : {})));
}
if (selected('bundles')) {
  step('bundles');
  sections.push(bundleLines(benchBundles()));
}
if (selected('lighthouse')) {
  step('lighthouse');
  const options = { runs: quick ? 1 : 3, ...(presets.length > 0 ? { presets } : {}) };
  sections.push(lighthouseLines(await benchLighthouse(options)));
}
if (selected('realtime')) {
  step('realtime');
  const options = quick ? { iterations: 50, warmup: 5, extraSocketsPerInstance: 200 } : {};
  sections.push(realtimeLines(await benchRealtime(options)));
}
if (selected('cluster')) {
  const results = [];
  for (const broker of ['postgres', 'redis']) {
    step(`cluster (${broker})`);
    results.push(await benchCluster({ broker, quick, ...(quick ? { sockets: 1000 } : {}) }));
  }
  sections.push(clusterLines(results));
}
if (selected('pdf')) {
  step('pdf');
  sections.push(pdfLines(await benchPdf()));
}
step('done');

const cpus = os.cpus();
const machine = `${cpus.length} × ${cpus[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
const lines = [
  '# Benchmark results',
  '',
  `Produced by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)} (${machine}) in ${minutes} min;`,
  `load average at start / end ${loadAtStart.toFixed(1)} / ${os.loadavg()[0].toFixed(1)}. Everything runs on 127.0.0.1.`,
  '`node bench/run.mjs PART…` runs some parts alone (accounts, api, realtime, cluster, pdf, browser, bundles, lighthouse),',
  'printing their sections; `--quick` shortens every run for development.',
  '',
  ...sections.flat(),
];
const full = !quick && parts.length === PARTS.length && presets.length === 0;
if (full) {
  // The notes written by hand below the marker record why figures moved: they are kept.
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'RESULTS.md');
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const notes = previous.includes(HAND_WRITTEN)
    ? previous.slice(previous.indexOf(HAND_WRITTEN))
    : `${HAND_WRITTEN}\n`;
  writeFileSync(file, `${lines.join('\n').trimEnd()}\n\n${notes}`);
}
console.log(lines.join('\n'));
if (!full) console.error('(not written to bench/RESULTS.md: only a full run without --quick is)');
