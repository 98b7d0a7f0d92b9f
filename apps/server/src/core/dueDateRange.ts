/**
 * Which locked due dates a request names (the historical view of the progress page): an instant,
 * a wall clock (one moment) in the strategy's time zone, or a bare day (its first to last
 * millisecond there, 23 to 25 hours). The locked comments and the locked readings read it alike.
 */
import type { DateTimeInput } from '@keystone/contract';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { notificationSettings } from '../db/schema';
import { instantOf, parseWallClock } from '../lib/schedule';

/** The first and last instant (epoch milliseconds) the date covers. */
export async function dueDateRange(
  db: Queryable,
  strategyId: number,
  date: DateTimeInput,
): Promise<[number, number]> {
  if (date.kind === 'instant') return [date.epochMs, date.epochMs];
  const [settings] = await db
    .select({ timeZone: notificationSettings.timeZone })
    .from(notificationSettings)
    .where(eq(notificationSettings.strategyId, strategyId));
  const timeZone = settings?.timeZone ?? 'UTC';
  const at = (time: string) => instantOf(parseWallClock(`${date.date} ${time}`), timeZone);
  if (date.time !== null) return [at(date.time), at(date.time)];
  return [at('00:00:00'), at('23:59:59') + 999];
}
