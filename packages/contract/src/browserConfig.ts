/**
 * Imported first by the package's entry, before any schema exists. In a browser zod must not
 * probe whether it may compile fast parsers with Function(): our Content Security Policy
 * (script-src 'self') refuses it and the browser reports a violation on every page. It decides
 * when each object schema is built, hence before them. The server keeps the compiled parsers.
 */
import { z } from 'zod';

if ('document' in globalThis) z.config({ jitless: true });
