// `npm start`: builds the web app and the server bundle when missing or older than their sources,
// then runs the bundle in this very process (no child process, no TypeScript compiler): a signal
// sent to `npm start` or to this script reaches the server itself, which shuts down gracefully.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServerIfStale, buildWebIfStale } from './build-if-stale.mjs';

buildWebIfStale();
const dist = await buildServerIfStale();
await import(pathToFileURL(path.join(dist, 'main.js')).href);
