/** The strategies a person is the only active, signed-up master of: they cannot be deactivated. */
import { STRATEGY_MESSAGES } from '@keystone/contract';
import { and, eq, inArray, ne, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { strategies, strategyMasters, users } from '../../db/schema';

const otherMasters = alias(strategyMasters, 'other_masters');

/**
 * Locks the rows of the strategies the person is a master of (as team changes do), so nobody
 * removes the other masters while the deactivation commits, then answers the titles of those left
 * without another master. Two statements: the check must read what was committed before the lock.
 */
export async function strategiesOnlyMasteredBy(db: Queryable, userId: number): Promise<string[]> {
  const mastered = db
    .select({ id: strategyMasters.strategyId })
    .from(strategyMasters)
    .where(eq(strategyMasters.userId, userId));
  await db
    .select({ id: strategies.id })
    .from(strategies)
    .where(inArray(strategies.id, mastered))
    .orderBy(strategies.id)
    .for('update');
  const anotherMaster = db
    .select({ one: sql`1` })
    .from(otherMasters)
    .innerJoin(users, eq(users.id, otherMasters.userId))
    .where(
      and(
        eq(otherMasters.strategyId, strategies.id),
        ne(otherMasters.userId, userId),
        eq(users.isActive, true),
        eq(users.isPlaceholder, false),
      ),
    );
  const rows = await db
    .select({ title: strategies.title })
    .from(strategies)
    .where(and(inArray(strategies.id, mastered), notExists(anotherMaster)))
    .orderBy(strategies.id);
  return rows.map((row) => row.title || STRATEGY_MESSAGES.untitledStrategy);
}
