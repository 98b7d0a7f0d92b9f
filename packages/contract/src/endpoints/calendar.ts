/**
 * A person's calendar feed: its state, a new address (replacing the old), turning it off (only
 * while signed in: a token must not make itself a reader of someone's schedule), and the feed
 * itself, read by calendar apps with the secret in its path.
 */
import { detailResponse } from '../auth';
import { calendarFeedStatusResponse, createCalendarFeedResponse } from '../calendar';
import type { Endpoint } from '../endpoint';
import { z } from '../z';

export const calendarApi = {
  status: {
    method: 'GET',
    path: '/api/calendar/',
    tag: 'calendar',
    summary: 'Whether I have a calendar address, since when, and when it was last read',
    auth: true,
    sessionOnly: true,
    answer: calendarFeedStatusResponse,
  },
  create: {
    method: 'POST',
    path: '/api/calendar/',
    tag: 'calendar',
    summary: 'A new private calendar address for me, shown once (any earlier one stops working)',
    auth: true,
    sessionOnly: true,
    answer: createCalendarFeedResponse,
    status: 201,
  },
  turnOff: {
    method: 'DELETE',
    path: '/api/calendar/',
    tag: 'calendar',
    summary: 'Turn my calendar address off',
    auth: true,
    sessionOnly: true,
    answer: detailResponse,
  },
  feed: {
    method: 'GET',
    path: '/api/calendar/feed/{token}.ics',
    tag: 'calendar',
    summary:
      'The iCalendar feed of a calendar address (no header: the secret is the path); an unknown or turned-off address, or a deactivated person, is 404',
    auth: false,
    params: z.object({ token: z.string().max(200) }),
    file: 'text/calendar',
    rateLimit: 'perCalendarAddress',
    errors: [404],
  },
} satisfies Record<string, Endpoint>;
