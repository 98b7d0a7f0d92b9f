/**
 * The calendar feed a calendar app reads: the due dates of every strategy the address's person may
 * see (DESIGN §4) that has a reporting rhythm, from a few months back to a year ahead, each with
 * alarms at the strategy's reminder moments, and each reminder moment as a short event of its own
 * too: Google Calendar ignores the alarms of a subscribed feed and Apple Calendar drops them by
 * default, so only an event shows the reminder times everywhere. Moments come from
 * lib/schedule.ts, the same arithmetic the mails follow, so the calendar and the mails never
 * disagree.
 */
import {
  CALENDAR_FUTURE_DAYS,
  CALENDAR_MESSAGES,
  CALENDAR_PAST_DAYS,
  CALENDAR_TOKEN_PREFIX,
  PRODUCT_NAME,
} from '@keystone/contract';
import { and, eq, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { AppContext } from '../../core/context';
import { notFound } from '../../core/errors';
import { visibleTo } from '../../core/strategyAccess';
import type { Queryable } from '../../db/client';
import { calendarFeeds, notificationSettings, strategies, teamReminders, users } from '../../db/schema';
import { type CalendarEvent, writeCalendar } from '../../lib/icalendar';
import { dueAt, firstDueAfter, reminderAt, type Schedule } from '../../lib/schedule';
import { sha256 } from '../../lib/secrets';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** A due date is a moment; a short event shows it in every calendar view. */
const EVENT_MINUTES = 30;
const REMINDER_MINUTES = 15;
/** Enough for a daily rhythm over the whole window; a guard, not a limit anyone meets. */
const MAX_EVENTS_PER_STRATEGY = 500;
const REFRESH_HOURS = 1;

/** The person behind an address, or null for an unknown or turned-off one or a deactivated person. */
async function ownerOf(db: Queryable, token: string) {
  if (!token.startsWith(CALENDAR_TOKEN_PREFIX)) return null;
  const [row] = await db
    .select({ id: users.id, organisationId: users.organisationId })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(and(eq(calendarFeeds.tokenHash, sha256(token)), eq(users.isActive, true)));
  return row ?? null;
}

/** The last read, written at most hourly (as a key's last use is), so polling stays reads. */
async function noteFetched(db: Queryable, userId: number, now: Date): Promise<void> {
  await db
    .update(calendarFeeds)
    .set({ lastFetchedAt: now })
    .where(
      and(
        eq(calendarFeeds.userId, userId),
        or(
          isNull(calendarFeeds.lastFetchedAt),
          lt(calendarFeeds.lastFetchedAt, new Date(now.getTime() - HOUR_MS)),
        ),
      ),
    );
}

async function rhythmsOf(db: Queryable, person: { id: number; organisationId: number }) {
  const rows = await db
    .select({
      strategyId: strategies.id,
      title: strategies.title,
      strategyUpdatedAt: strategies.updatedAt,
      settingsId: notificationSettings.id,
      settingsUpdatedAt: notificationSettings.updatedAt,
      version: notificationSettings.version,
      first: notificationSettings.firstProgressUpdate,
      timeZone: notificationSettings.timeZone,
      every: notificationSettings.updateFrequencyNumber,
      unit: notificationSettings.updateFrequencyUnit,
    })
    .from(strategies)
    .innerJoin(notificationSettings, eq(notificationSettings.strategyId, strategies.id))
    .where(
      and(
        eq(strategies.organisationId, person.organisationId),
        visibleTo(db, person.id),
        isNotNull(notificationSettings.firstProgressUpdate),
      ),
    )
    .orderBy(strategies.id);
  const reminders =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(teamReminders)
          .where(
            inArray(
              teamReminders.settingsId,
              rows.map((row) => row.settingsId),
            ),
          );
  return rows.map((row) => ({
    ...row,
    reminders: reminders.filter((reminder) => reminder.settingsId === row.settingsId),
  }));
}

type Rhythm = Awaited<ReturnType<typeof rhythmsOf>>[number];

function eventsOf(
  rhythm: Rhythm,
  window: { from: Date; to: Date },
  appUrl: string,
  host: string,
): CalendarEvent[] {
  const schedule: Schedule = {
    first: rhythm.first!,
    timeZone: rhythm.timeZone,
    every: rhythm.every,
    unit: rhythm.unit,
  };
  const link = `${appUrl}/progress-update/${rhythm.strategyId}`;
  const lastModified = new Date(
    Math.max(rhythm.strategyUpdatedAt.getTime(), rhythm.settingsUpdatedAt.getTime()),
  );
  // One per offset: two reminders at the same offset are one moment.
  const offsets = [...new Map(rhythm.reminders.map((r) => [`${r.offsetNumber}${r.offsetUnit}`, r])).values()];
  const events: CalendarEvent[] = [];
  let { index } = firstDueAfter(schedule, window.from);
  for (; events.length < MAX_EVENTS_PER_STRATEGY; index += 1) {
    const due = dueAt(schedule, index);
    if (due > window.to) break;
    const reminders = offsets
      .map((reminder) => ({ reminder, at: reminderAt(due, reminder, rhythm.timeZone) }))
      .filter(({ at }) => at < due && at >= window.from)
      .sort((a, b) => a.at.getTime() - b.at.getTime());
    for (const { reminder, at } of reminders)
      events.push({
        // Named by its due date and its offset: the same reminder keeps its UID across fetches.
        uid: `strategy-${rhythm.strategyId}-due-${index}-reminder-${reminder.offsetNumber}-${reminder.offsetUnit}@${host}`,
        sequence: rhythm.version,
        lastModified,
        start: at,
        durationMinutes: REMINDER_MINUTES,
        summary: CALENDAR_MESSAGES.reminderDescription(rhythm.title),
        description: CALENDAR_MESSAGES.reminderEventDescription(link),
        url: link,
        alarms: [],
      });
    events.push({
      // The due date's number in its rhythm: a changed rhythm moves the same events (and raises SEQUENCE).
      uid: `strategy-${rhythm.strategyId}-due-${index}@${host}`,
      sequence: rhythm.version,
      lastModified,
      start: due,
      durationMinutes: EVENT_MINUTES,
      summary: CALENDAR_MESSAGES.dueTitle(rhythm.title),
      description: CALENDAR_MESSAGES.dueDescription(link),
      url: link,
      alarms: offsets
        .map((reminder) => reminderAt(due, reminder, rhythm.timeZone))
        .filter((at) => at < due)
        .sort((a, b) => a.getTime() - b.getTime())
        .map((at) => ({ at, description: CALENDAR_MESSAGES.reminderDescription(rhythm.title) })),
    });
  }
  return events;
}

/** The feed's iCalendar text; 404 (the same words for every case) when the address leads to no one. */
export async function calendarFeedText(ctx: AppContext, token: string): Promise<string> {
  const person = await ownerOf(ctx.db, token);
  if (!person) throw notFound(CALENDAR_MESSAGES.notFound);
  const now = ctx.clock.now();
  await noteFetched(ctx.db, person.id, now);
  const window = {
    from: new Date(now.getTime() - CALENDAR_PAST_DAYS * DAY_MS),
    to: new Date(now.getTime() + CALENDAR_FUTURE_DAYS * DAY_MS),
  };
  const host = new URL(ctx.config.appUrl).host;
  const rhythms = await rhythmsOf(ctx.db, person);
  return writeCalendar({
    productId: `-//${PRODUCT_NAME}//Calendar feed//EN`,
    name: CALENDAR_MESSAGES.feedName,
    refreshHours: REFRESH_HOURS,
    stamp: now,
    events: rhythms.flatMap((rhythm) => eventsOf(rhythm, window, ctx.config.appUrl, host)),
  });
}
