/**
 * A person's calendar feed (issue 32, DESIGN §12): a private iCalendar (RFC 5545) address with the
 * due dates of their strategies and the reminder moments before each, for Google Calendar,
 * Outlook and Apple Calendar to subscribe to. The address carries its own secret, so calendar
 * apps fetch it without signing in; it is shown once (only a hash is kept) and can be replaced
 * or turned off.
 */
import { z } from './z';

/** Every feed token starts with it, so secret scanners can recognise a leaked calendar address. */
export const CALENDAR_TOKEN_PREFIX = 'kst_cal_';
/**
 * How often one address may be fetched an hour. Calendar apps poll every few hours; a hundred
 * leaves room for several devices while a loop on a leaked address is stopped.
 */
export const CALENDAR_FETCHES_PER_HOUR = 100;
/** How far the feed reaches: due dates from this many days back to a year ahead. */
export const CALENDAR_PAST_DAYS = 92;
export const CALENDAR_FUTURE_DAYS = 366;

export const CALENDAR_MESSAGES = {
  created:
    'Copy your calendar address now: it will not be shown again. Anyone with it can read your due dates.',
  replaced:
    'Your calendar has a new address. The old one no longer works: add the new one to your calendar app.',
  turnedOff: 'Your calendar address is turned off. Calendar apps that use it get nothing more.',
  notFound: 'This calendar address does not exist or has been turned off.',
  /** The feed's name, as calendar apps list it. */
  feedName: 'Keystone due dates',
  /** An event's title: the due date of a strategy's progress update. */
  dueTitle: (strategyTitle: string) => `Progress update due: ${strategyTitle}`,
  dueDescription: (link: string) =>
    `Keystone asks for a progress update on each initiative by this time. Write yours: ${link}`,
  reminderDescription: (strategyTitle: string) => `Reminder: progress update due for ${strategyTitle}`,
  /** A reminder's own event: its title is reminderDescription. */
  reminderEventDescription: (link: string) =>
    `Keystone reminds the team before a progress update is due. Write yours: ${link}`,
  /** One line each on how to add the address, in the profile settings. */
  howToGoogle: 'Google Calendar: Other calendars, +, From URL, paste the address.',
  howToOutlook: 'Outlook: Add calendar, Subscribe from web, paste the address.',
  howToApple: 'Apple Calendar: File, New Calendar Subscription, paste the address.',
} as const;

/** The words of the "Calendar" section of profile settings. */
export const CALENDAR_LABELS = {
  heading: 'Calendar',
  intro:
    'Add the due dates of your strategies, with their reminders, to your own calendar. The address is private: anyone who has it can read your due dates.',
  create: 'Get a calendar address',
  replace: 'Replace the address',
  turnOff: 'Turn off',
  addressLabel: 'Your calendar address',
  copyAddress: 'Copy your calendar address',
  howToHeading: 'How to add it',
  on: (createdAt: string) => `Your calendar address was made on ${createdAt}.`,
  lastRead: (fetchedAt: string | null) =>
    fetchedAt ? `A calendar app last read it on ${fetchedAt}.` : 'No calendar app has read it yet.',
  replaceTitle: 'Replace your calendar address?',
  replaceMessage:
    'The current address stops working at once. Calendars that use it keep the events they have but get no updates until you add the new address.',
  turnOffTitle: 'Turn off your calendar address?',
  turnOffMessage:
    'The address stops working at once. Calendars that use it keep the events they have but get no updates.',
  loadFailed: 'Your calendar address could not be read.',
  failed: 'That did not work. Try again.',
} as const;

export const calendarFeedSchema = z
  .object({
    created_at: z.string(),
    /** When a calendar app last read it (written at most hourly), or null. */
    last_fetched_at: z.string().nullable(),
  })
  .meta({ id: 'CalendarFeed' });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

export const calendarFeedStatusResponse = z
  .object({ feed: calendarFeedSchema.nullable() })
  .meta({ id: 'CalendarFeedStatus' });
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusResponse>;

export const createCalendarFeedResponse = z
  .object({
    detail: z.string(),
    /** The address, shown this once: https://…/api/calendar/feed/kst_cal_….ics */
    url: z.string(),
    feed: calendarFeedSchema,
  })
  .meta({ id: 'CreatedCalendarFeed' });
export type CreatedCalendarFeed = z.infer<typeof createCalendarFeedResponse>;
