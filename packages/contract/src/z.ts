/**
 * zod as every schema of the contract imports it, so that its set-up runs before any schema
 * exists whatever order a bundler gives the modules (the package is free of side effects but for
 * this file, so the web's bundles keep only the schemas they use). In a browser zod must not
 * probe whether it may compile fast parsers with Function(): our Content Security Policy
 * (script-src 'self') refuses it and the browser reports a violation on every page. It decides
 * when each object schema is built, hence before them. The server keeps the compiled parsers.
 */
import { z } from 'zod';

if ('document' in globalThis) z.config({ jitless: true });

export { z };
