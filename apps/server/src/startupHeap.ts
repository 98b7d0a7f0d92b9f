/**
 * Keeps V8's young generation small while the server starts. V8 grows it when most of what it
 * allocates survives, and at start-up nearly everything does (modules, schemas, PGlite's file
 * system): it grew to two 16 MiB semi-spaces that only a memory-reducing collection gives back,
 * seconds later or not at all, so the idle process measured 20–30 MiB larger at random
 * (bench/RESULTS.md, "Embedded database memory"). Growth buys nothing for objects that live on
 * anyway, so it is off until the server is ready, then back to V8's own for request traffic,
 * whose short-lived objects are what a larger young generation is for.
 *
 * main.ts imports it before the rest of the server, so that it runs before any other module is
 * evaluated.
 */
import v8 from 'node:v8';

const FLAG = '--semi-space-growth-factor';
/** V8's default (`node --v8-options`). */
const V8_DEFAULT_GROWTH = 2;

/** An operator's own setting (on the command line or in NODE_OPTIONS) is left alone. */
const setByOperator = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((arg) =>
  arg.startsWith(FLAG),
);

if (!setByOperator) v8.setFlagsFromString(`${FLAG}=1`);

/** The server is ready: the young generation may grow again. */
export function endStartupHeap(): void {
  if (!setByOperator) v8.setFlagsFromString(`${FLAG}=${V8_DEFAULT_GROWTH}`);
}
