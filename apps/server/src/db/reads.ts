/**
 * Two independent reads of one request: together on the pool (each query takes its own
 * connection), one after the other on a transaction, whose single connection must not be given a
 * second query while one runs (node-postgres warns, and its next major version throws).
 */
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Queryable } from './client';

export async function readBoth<A, B>(
  db: Queryable,
  first: () => Promise<A>,
  second: () => Promise<B>,
): Promise<[A, B]> {
  if (!(db instanceof PgTransaction)) return Promise.all([first(), second()]);
  const firstResult = await first();
  return [firstResult, await second()];
}
