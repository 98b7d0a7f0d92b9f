/**
 * A person's calendar address: one per person, its secret shown once and kept only as a SHA-256
 * (a copy of the database, or a backup, never yields a working address; the calendar app keeps
 * the address, and a lost one is replaced in one click). A new address replaces the old at once.
 */
import {
  CALENDAR_MESSAGES,
  CALENDAR_TOKEN_PREFIX,
  type CalendarFeed,
  type CalendarFeedStatus,
  type CreatedCalendarFeed,
} from '@keystone/contract';
import { eq } from 'drizzle-orm';
import type { Actor } from '../../core/actor';
import type { AppContext } from '../../core/context';
import { calendarFeeds } from '../../db/schema';
import { randomSecret, sha256 } from '../../lib/secrets';

type FeedRow = typeof calendarFeeds.$inferSelect;

const present = (row: FeedRow): CalendarFeed => ({
  created_at: row.createdAt.toISOString(),
  last_fetched_at: row.lastFetchedAt?.toISOString() ?? null,
});

export async function calendarStatus(ctx: AppContext, user: Actor): Promise<CalendarFeedStatus> {
  const [row] = await ctx.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, user.id));
  return { feed: row ? present(row) : null };
}

/**
 * A new secret for the person; the row's old hash is overwritten, so the old address is 404 from
 * now on. `feedPath` is the feed's path for a token (the route knows its declaration).
 */
export async function createCalendarAddress(
  ctx: AppContext,
  user: Actor,
  feedPath: (token: string) => string,
): Promise<CreatedCalendarFeed> {
  const token = `${CALENDAR_TOKEN_PREFIX}${randomSecret()}`;
  const values = { tokenHash: sha256(token), createdAt: ctx.clock.now(), lastFetchedAt: null };
  const [before] = await ctx.db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, user.id));
  const [row] = await ctx.db
    .insert(calendarFeeds)
    .values({ userId: user.id, ...values })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: values })
    .returning();
  return {
    detail: before ? CALENDAR_MESSAGES.replaced : CALENDAR_MESSAGES.created,
    url: `${ctx.config.appUrl}${feedPath(token)}`,
    feed: present(row!),
  };
}

export async function turnOffCalendarAddress(ctx: AppContext, user: Actor): Promise<{ detail: string }> {
  await ctx.db.delete(calendarFeeds).where(eq(calendarFeeds.userId, user.id));
  return { detail: CALENDAR_MESSAGES.turnedOff };
}
