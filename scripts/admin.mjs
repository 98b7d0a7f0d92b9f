// `npm run admin -- COMMAND …`: bundles the server when missing or stale, then runs the admin
// command (apps/server/dist/cli.js) in this process; it reads its arguments from process.argv.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServerIfStale } from './build-if-stale.mjs';

const dist = await buildServerIfStale();
await import(pathToFileURL(path.join(dist, 'cli.js')).href);
