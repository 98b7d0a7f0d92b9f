/**
 * @fastify/rate-limit's counters kept in the database, so a limit holds across every instance
 * behind a load balancer (the plugin's own store counts per process). Fixed windows measured by
 * the database's clock, the one clock all instances share.
 */
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimitHits } from '../db/schema';

interface Counted {
  current: number;
  ttl: number;
}
type Callback = (error: Error | null, result: Counted) => void;

/** What the plugin really passes to `child` (its typings name other fields). */
interface ChildOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

/** Expired windows are deleted now and then by whichever instance counts. */
const CLEAN_UP_EVERY = 500;

/** The prefix of a route's counters: a burst of sign-ups does not use up the address's logins. */
export const counterScope = (method: string | string[] | undefined, url: string | undefined) =>
  `${[method].flat().join(',')} ${url ?? ''}|`;

/**
 * Takes back one hit of the counter in its current window: a sign-in that succeeded is not a
 * guess, so only failures use up the address's limit (and a busy office behind one address is
 * never refused). Every attempt is counted first, so a burst of parallel guesses is still held.
 */
export async function releaseHit(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimitHits)
    .set({ hits: sql`greatest(${rateLimitHits.hits} - 1, 0)` })
    .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.resetsAt, sql`now()`)));
}

let counted = 0;

/**
 * Counts one hit of `key` in its fixed window of `timeWindowMs` (one statement): how many hits
 * the window has so far, and the milliseconds until it ends.
 */
export async function countHit(db: Db, key: string, timeWindowMs: number): Promise<Counted> {
  const expired = sql`${rateLimitHits.resetsAt} <= now()`;
  const [row] = await db
    .insert(rateLimitHits)
    .values({
      key,
      hits: 1,
      resetsAt: sql`now() + ${timeWindowMs} * interval '1 millisecond'`,
    })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${rateLimitHits.hits} + 1 end`,
        resetsAt: sql`case when ${expired} then excluded.resets_at else ${rateLimitHits.resetsAt} end`,
      },
    })
    .returning({
      hits: rateLimitHits.hits,
      ttl: sql<string>`ceil(extract(epoch from (${rateLimitHits.resetsAt} - now())) * 1000)`,
    });
  counted += 1;
  if (counted % CLEAN_UP_EVERY === 0) {
    await db.delete(rateLimitHits).where(lt(rateLimitHits.resetsAt, sql`now() - interval '1 hour'`));
  }
  return { current: row?.hits ?? 1, ttl: Math.max(0, Number(row?.ttl ?? 0)) };
}

/** The store class the plugin instantiates (it calls `new Store(options)`), bound to `db`. */
export function databaseRateLimitStore(db: Db) {
  return class DatabaseRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly scope = '',
    ) {}

    incr(key: string, callback: Callback, timeWindowMs: number): void {
      countHit(db, `${this.scope}${key}`, timeWindowMs).then(
        (result) => callback(null, result),
        (error: Error) => callback(error, { current: 0, ttl: 0 }),
      );
    }

    /** Counters are per route (counterScope). */
    child(routeOptions: object) {
      const { method, url } = (routeOptions as ChildOptions).routeInfo ?? {};
      return new DatabaseRateLimitStore(undefined, counterScope(method, url));
    }
  };
}
