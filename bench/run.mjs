// `npm run bench`: runs every benchmark on loopback and rewrites bench/RESULTS.md.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchAccounts } from './accounts.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const accounts = await benchAccounts();

const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const lines = [
  '# Benchmark results',
  '',
  `Produced by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)} (${machine}).`,
  "Server started with `npm start`'s code path on an embedded PGlite database, load from autocannon on loopback.",
  '',
  '| Benchmark | Connections | Duration | Requests/s | p50 (ms) | p99 (ms) | Non-2xx |',
  '|---|---|---|---|---|---|---|',
  `| ${accounts.title} (PGlite) | ${accounts.connections} | ${accounts.seconds} s | ${accounts.requestsPerSecond} | ${accounts.p50} | ${accounts.p99} | ${accounts.non2xx} |`,
  '',
];
writeFileSync(path.join(here, 'RESULTS.md'), lines.join('\n'));
console.log(lines.join('\n'));
