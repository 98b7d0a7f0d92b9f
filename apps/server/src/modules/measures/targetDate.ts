/**
 * A measure's target date when its definer leaves it out (DESIGN §10): the strategy's last due
 * date within the coming year, else one year from today, as a day in the strategy's time zone.
 */
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { notificationSettings } from '../../db/schema';
import { dueAt, firstDueAfter, isoInZone, type Schedule } from '../../lib/schedule';

const dayIn = (instant: Date, timeZone: string) => isoInZone(instant, timeZone).slice(0, 10);

/** The same day a year later (29 February becomes 1 March). */
function yearAfter(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year + 1, month - 1, date)).toISOString().slice(0, 10);
}

export async function defaultTargetDate(db: Queryable, strategyId: number, now: Date): Promise<string> {
  const [settings] = await db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.strategyId, strategyId));
  const timeZone = settings?.timeZone ?? 'UTC';
  const yearOn = yearAfter(dayIn(now, timeZone));
  if (!settings?.firstProgressUpdate) return yearOn;
  const schedule: Schedule = {
    first: settings.firstProgressUpdate,
    timeZone,
    every: settings.updateFrequencyNumber,
    unit: settings.updateFrequencyUnit,
  };
  let last: string | null = null;
  // Daily updates give at most 366 due dates in a year; days sort as text.
  for (let { index } = firstDueAfter(schedule, now); ; index += 1) {
    const day = dayIn(dueAt(schedule, index), timeZone);
    if (day > yearOn) break;
    last = day;
  }
  return last ?? yearOn;
}
