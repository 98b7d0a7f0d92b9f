/** A strategy's notification settings row, with the defaults its columns hold. */
import type { Queryable } from '../db/client';
import { notificationSettings } from '../db/schema';

/**
 * Every strategy has its settings row from the start (created with it, backfilled by migration
 * 0003); progress/settings.ts creates one still missing when it reads them.
 */
export async function createSettings(db: Queryable, strategyId: number): Promise<void> {
  await db.insert(notificationSettings).values({ strategyId }).onConflictDoNothing();
}
