/** Writes every change inside a strategy makes to the strategy's own row. */
import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { strategies } from '../db/schema';

/**
 * Locks the strategy's row for the transaction. Writes take locks parent first (the strategy, then
 * its focus areas, initiatives, timelines), as adds, moves, deletes and timeline edits do, so two
 * writes of one strategy never wait on each other in opposite orders (a deadlock, answered 500).
 */
export async function lockStrategyRow(db: Queryable, strategyId: number): Promise<void> {
  await db.select({ id: strategies.id }).from(strategies).where(eq(strategies.id, strategyId)).for('update');
}

/** Marks the strategy as changed, so lists show the most recently worked-on first. */
export async function touchStrategy(db: Queryable, strategyId: number): Promise<void> {
  await db.update(strategies).set({ updatedAt: sql`now()` }).where(eq(strategies.id, strategyId));
}
