/**
 * A person's calendar feed (issue 32): the address shown once, replaced and turned off; the feed
 * read without a header and parsed by ical.js (a library no one here wrote): every due date of the
 * person's strategies at the right instant across a DST change, reminders as alarms, stable UIDs
 * whose SEQUENCE grows when the rhythm moves them, RFC 5545 escaping and folding; unknown,
 * turned-off and deactivated addresses 404; a flood of fetches 429.
 */
import { ACCESS_TOKEN_MESSAGES, CALENDAR_FETCHES_PER_HOUR, CALENDAR_MESSAGES } from '@keystone/contract';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { FakeClock, type ProgressApi, progressApi, progressFixture } from './helpers/progress';
import { signedInUser } from './helpers/strategies';
import { getTestServer, type TestServer } from './helpers/testServer';

const pathOf = (url: string) => new URL(url).pathname;

interface ParsedEvent {
  uid: string;
  summary: string;
  description: string;
  start: string;
  sequence: number;
  alarms: string[];
}

function parseFeed(text: string): ParsedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      start: event.startDate.toJSDate().toISOString(),
      sequence: event.sequence,
      alarms: component
        .getAllSubcomponents('valarm')
        .map((alarm) => (alarm.getFirstPropertyValue('trigger') as ICAL.Time).toJSDate().toISOString()),
    };
  });
}

describe('calendar feed', () => {
  const clock = new FakeClock('2026-10-01T12:00:00Z');
  let server: TestServer;
  let api: ProgressApi;

  /** The server's log lines: the feed's address is a secret and must not be in them. */
  const logged: string[] = [];
  beforeAll(async () => {
    const logStream = { write: (line: string) => void logged.push(line) };
    server = await getTestServer({ logLevel: 'info' }, { clock, logStream });
    api = progressApi(server);
    await server.scheduler.stop();
  });
  afterAll(() => server.close());

  const createAddress = async (key: string) => {
    const answer = await server.api('POST', '/api/calendar/', { token: key });
    expect(answer.status).toBe(201);
    return answer.body as { detail: string; url: string };
  };
  const fetchFeed = (url: string) => server.api('GET', pathOf(url));

  it("should give each due date of my strategies in UTC at its own zone's time, with reminders as alarms and as events", async () => {
    const title =
      'Growth; "north", \\ star — a title long enough that its line is folded past seventy-five octets ✓';
    const f = await progressFixture(server, { title });
    await api.setRhythm(f.master.key, f.strategy, {
      first_progress_update: '2026-10-19T09:00:00',
      time_zone: 'Europe/Berlin',
      update_frequency_unit: 'week',
      team_reminders: [
        { offset_number: 1, offset_unit: 'day' },
        { offset_number: 2, offset_unit: 'hour' },
      ],
    });

    expect((await server.api('GET', '/api/calendar/', { token: f.owner.key })).body).toEqual({ feed: null });
    const created = await createAddress(f.owner.key);
    expect(created.detail).toBe(CALENDAR_MESSAGES.created);
    expect(created.url).toMatch(/\/api\/calendar\/feed\/kst_cal_[\w-]{43}\.ics$/);

    const answer = await fetchFeed(created.url);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const text: string = answer.body;
    // CRLF line ends, and no line longer than 75 octets.
    expect(text.endsWith('\r\n')).toBe(true);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(text).toContain('\r\n ');

    const all = parseFeed(text);
    const isDue = (event: ParsedEvent) => event.summary === CALENDAR_MESSAGES.dueTitle(title);
    const events = all.filter(isDue);
    // Weekly on Mondays from October 19 to a year after today (October 1): the last is September 27, 2027.
    expect(events).toHaveLength(50);
    expect(events.at(-1)!.start).toBe('2027-09-27T07:00:00.000Z');
    const [first, second] = events;
    // 09:00 in Berlin: summer time on Oct 19 (UTC+2), winter time on Oct 26 (UTC+1).
    expect(first!.start).toBe('2026-10-19T07:00:00.000Z');
    expect(second!.start).toBe('2026-10-26T08:00:00.000Z');
    expect(first!.summary).toBe(CALENDAR_MESSAGES.dueTitle(title));
    expect(first!.description).toContain(`/progress-update/${f.strategy}`);
    // A day before at 09:00 Berlin, and two hours before.
    expect(second!.alarms).toEqual(['2026-10-25T08:00:00.000Z', '2026-10-26T06:00:00.000Z']);
    // Each reminder moment is an event too (calendars that drop a feed's alarms still show it).
    const reminders = all.filter((event) => !isDue(event));
    expect(reminders).toHaveLength(2 * events.length);
    expect(reminders.every((event) => event.summary === CALENDAR_MESSAGES.reminderDescription(title))).toBe(
      true,
    );
    expect(
      reminders.filter((event) => event.start.startsWith('2026-10-2')).map((event) => event.start),
    ).toEqual(['2026-10-25T08:00:00.000Z', '2026-10-26T06:00:00.000Z']);
    expect(reminders[0]!.description).toContain(`/progress-update/${f.strategy}`);
    expect(reminders[0]!.alarms).toEqual([]);
    expect(new Set(all.map((event) => event.uid)).size).toBe(all.length);

    // The status shows the read; the next fetch gives the same UIDs.
    const status = (await server.api('GET', '/api/calendar/', { token: f.owner.key })).body;
    expect(status.feed.last_fetched_at).toBe(clock.now().toISOString());
    const again = parseFeed((await fetchFeed(created.url)).body);
    expect(again.map((event) => event.uid)).toEqual(all.map((event) => event.uid));

    // A new time of day moves the same events (same UID) with a higher SEQUENCE.
    await api.setRhythm(f.master.key, f.strategy, { first_progress_update: '2026-10-19T15:30:00' });
    const moved = parseFeed((await fetchFeed(created.url)).body).filter(isDue);
    expect(moved[0]!.uid).toBe(first!.uid);
    expect(moved[0]!.start).toBe('2026-10-19T13:30:00.000Z');
    expect(moved[0]!.sequence).toBeGreaterThan(first!.sequence);

    // Someone of the organisation without a role in the strategy sees none of it.
    const outsider = await signedInUser(server, {
      organisationId: f.outsider.organisationId,
      email: 'cal-outsider@example.com',
    });
    const theirs = await createAddress(outsider.key);
    expect(parseFeed((await fetchFeed(theirs.url)).body)).toEqual([]);
  });

  it('should keep the address out of the server log', async () => {
    const owner = await signedInUser(server);
    const { url } = await createAddress(owner.key);
    const secret = pathOf(url)
      .split('/')
      .pop()!
      .replace(/\.ics$/, '');
    logged.length = 0;
    expect((await fetchFeed(url)).status).toBe(200);
    expect(logged.join('\n')).toContain('/api/calendar/feed/***');
    expect(logged.join('\n')).not.toContain(secret);
  });

  it('should stop an address when it is replaced or turned off, and for a deactivated person', async () => {
    const f = await progressFixture(server);
    const old = await createAddress(f.sponsor.key);
    const replaced = await createAddress(f.sponsor.key);
    expect(replaced.detail).toBe(CALENDAR_MESSAGES.replaced);
    expect(replaced.url).not.toBe(old.url);
    const gone = await fetchFeed(old.url);
    expect(gone.status).toBe(404);
    expect(gone.body.detail).toBe(CALENDAR_MESSAGES.notFound);
    expect((await fetchFeed(replaced.url)).status).toBe(200);

    // A person's session key, a guess and a malformed token lead nowhere.
    for (const token of [
      f.sponsor.key,
      'kst_cal_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      '%00',
      'x'.repeat(200),
    ]) {
      expect((await server.api('GET', `/api/calendar/feed/${token}.ics`)).status).toBe(404);
    }

    await server.database.db.update(users).set({ isActive: false }).where(eq(users.id, f.sponsor.id));
    expect((await fetchFeed(replaced.url)).status).toBe(404);
    await server.database.db.update(users).set({ isActive: true }).where(eq(users.id, f.sponsor.id));
    expect((await fetchFeed(replaced.url)).status).toBe(200);

    const off = await server.api('DELETE', '/api/calendar/', { token: f.sponsor.key });
    expect(off.body.detail).toBe(CALENDAR_MESSAGES.turnedOff);
    expect((await fetchFeed(replaced.url)).status).toBe(404);
    expect((await server.api('GET', '/api/calendar/', { token: f.sponsor.key })).body).toEqual({
      feed: null,
    });
  });

  it('should refuse the address management without a key, and a flood of fetches of one address', async () => {
    expect((await server.api('POST', '/api/calendar/')).status).toBe(403);
    const f = await progressFixture(server);
    // An access token, whatever its scope, never reads or makes a calendar address.
    const made = await server.api('POST', '/api/access-tokens/', {
      token: f.teamMember.key,
      body: { name: 'script', scope: 'read_write', expires_in_days: 30 },
    });
    const bearer = { authorization: `Bearer ${made.body.token}` };
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const refused = await server.api(method, '/api/calendar/', { headers: bearer });
      expect(refused.status).toBe(403);
      expect(refused.body.detail).toBe(ACCESS_TOKEN_MESSAGES.sessionOnly);
    }
    const { url } = await createAddress(f.teamMember.key);
    const answers = await Promise.all(
      Array.from({ length: CALENDAR_FETCHES_PER_HOUR + 1 }, () => fetchFeed(url)),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(CALENDAR_FETCHES_PER_HOUR);
    expect(statuses.at(-1)).toBe(429);
    // Another address is counted on its own.
    const other = await createAddress(f.owner.key);
    expect((await fetchFeed(other.url)).status).toBe(200);
  });
});
