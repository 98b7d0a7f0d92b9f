/** The strategies a person is the only active, signed-up master of: they cannot be deactivated. */
import { STRATEGY_MESSAGES } from '@keystone/contract';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';

/**
 * Locks the rows of the strategies the person is a master of (as team changes do), so nobody
 * removes the other masters while the deactivation commits, then answers the titles of those left
 * without another master. Two statements: the check must read what was committed before the lock.
 */
export async function strategiesOnlyMasteredBy(db: Queryable, userId: number): Promise<string[]> {
  await db.execute(sql`
    select s.id from strategies s
    where s.id in (select strategy_id from strategy_masters where user_id = ${userId})
    order by s.id
    for update`);
  const result = await db.execute(sql`
    select s.title from strategies s
    where s.id in (select strategy_id from strategy_masters where user_id = ${userId})
      and not exists (
        select 1 from strategy_masters other join users u on u.id = other.user_id
        where other.strategy_id = s.id and other.user_id <> ${userId} and u.is_active and not u.is_placeholder
      )
    order by s.id`);
  const rows = (result as unknown as { rows: { title: string }[] }).rows;
  return rows.map((row) => row.title || STRATEGY_MESSAGES.untitledStrategy);
}
