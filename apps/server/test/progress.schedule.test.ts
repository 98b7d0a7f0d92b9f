/**
 * Due-date arithmetic (DESIGN §6) as pure functions: the wall-clock time of a rhythm stays put in
 * the strategy's time zone across DST changes, month steps from the 31st clamp to the month's last
 * day, and "the next due date" is strictly after the moment asked about.
 */
import { describe, expect, it } from 'vitest';
import {
  dueAt,
  firstDueAfter,
  formatWallClock,
  instantOf,
  isoInZone,
  nextReminder,
  parseWallClock,
  type ReminderOffset,
  reminderAt,
  type Schedule,
  wallClockAt,
} from '../src/lib/schedule';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const schedule = (first: string, timeZone: string, every: number, unit: Schedule['unit']): Schedule => ({
  first,
  timeZone,
  every,
  unit,
});

/** The first `count` due dates as UTC ISO strings. */
const dueDates = (rhythm: Schedule, count: number) =>
  Array.from({ length: count }, (_, index) => dueAt(rhythm, index).toISOString());

/** The due dates as wall clocks with offsets in the strategy's zone. */
const dueDatesInZone = (rhythm: Schedule, count: number) =>
  Array.from({ length: count }, (_, index) => isoInZone(dueAt(rhythm, index), rhythm.timeZone));

const wall = (value: string) => parseWallClock(value);
const at = (iso: string) => new Date(iso);

describe('due dates of a rhythm', () => {
  it('should step daily, every 3 days and weekly from the first update', () => {
    expect(dueDates(schedule('2026-03-01 09:00:00', 'UTC', 1, 'day'), 4)).toEqual([
      '2026-03-01T09:00:00.000Z',
      '2026-03-02T09:00:00.000Z',
      '2026-03-03T09:00:00.000Z',
      '2026-03-04T09:00:00.000Z',
    ]);
    expect(dueDates(schedule('2026-02-26 17:45:00', 'UTC', 3, 'day'), 3)).toEqual([
      '2026-02-26T17:45:00.000Z',
      '2026-03-01T17:45:00.000Z',
      '2026-03-04T17:45:00.000Z',
    ]);
    expect(dueDates(schedule('2026-12-21 09:00:00', 'UTC', 1, 'week'), 3)).toEqual([
      '2026-12-21T09:00:00.000Z',
      '2026-12-28T09:00:00.000Z',
      '2027-01-04T09:00:00.000Z',
    ]);
  });

  it('should step every 2 weeks, landing on the same weekday a year on', () => {
    const fortnightly = schedule('2026-01-05 09:00:00', 'UTC', 2, 'week');
    expect(dueDates(fortnightly, 3)).toEqual([
      '2026-01-05T09:00:00.000Z',
      '2026-01-19T09:00:00.000Z',
      '2026-02-02T09:00:00.000Z',
    ]);
    expect(dueAt(fortnightly, 26).toISOString()).toBe('2027-01-04T09:00:00.000Z');
    expect(dueAt(fortnightly, 26).getUTCDay()).toBe(1);
  });

  it('should clamp a monthly rhythm on the 31st to each month’s last day and come back to the 31st', () => {
    const monthly = schedule('2026-01-31 09:00:00', 'UTC', 1, 'month');
    expect(dueDates(monthly, 6)).toEqual([
      '2026-01-31T09:00:00.000Z',
      '2026-02-28T09:00:00.000Z',
      '2026-03-31T09:00:00.000Z',
      '2026-04-30T09:00:00.000Z',
      '2026-05-31T09:00:00.000Z',
      '2026-06-30T09:00:00.000Z',
    ]);
    // Counted from the first date, not from the clamped one before: a year on it is the 31st again.
    expect(dueAt(monthly, 12).toISOString()).toBe('2027-01-31T09:00:00.000Z');
    expect(dueAt(monthly, 13).toISOString()).toBe('2027-02-28T09:00:00.000Z');
    expect(dueAt(monthly, 14).toISOString()).toBe('2027-03-31T09:00:00.000Z');
  });

  it('should land on February 29 in a leap year', () => {
    expect(dueDates(schedule('2028-01-31 09:00:00', 'UTC', 1, 'month'), 3)).toEqual([
      '2028-01-31T09:00:00.000Z',
      '2028-02-29T09:00:00.000Z',
      '2028-03-31T09:00:00.000Z',
    ]);
    // Every 3 months from November 30 crosses the year and February.
    expect(dueDates(schedule('2027-11-30 08:00:00', 'UTC', 3, 'month'), 3)).toEqual([
      '2027-11-30T08:00:00.000Z',
      '2028-02-29T08:00:00.000Z',
      '2028-05-30T08:00:00.000Z',
    ]);
  });

  it('should clamp in the strategy’s zone, not in UTC', () => {
    // 09:00 on the 31st in Sydney is the 30th in UTC; the clamp follows Sydney's calendar.
    expect(dueDatesInZone(schedule('2026-01-31 09:00:00', 'Australia/Sydney', 1, 'month'), 4)).toEqual([
      '2026-01-31T09:00:00+11:00',
      '2026-02-28T09:00:00+11:00',
      '2026-03-31T09:00:00+11:00',
      '2026-04-30T09:00:00+10:00',
    ]);
  });
});

describe('due dates across DST changes', () => {
  it('should keep 09:00 in Berlin when clocks go forward on March 29 and back on October 25, 2026', () => {
    const spring = schedule('2026-03-22 09:00:00', 'Europe/Berlin', 1, 'week');
    expect(dueDates(spring, 2)).toEqual(['2026-03-22T08:00:00.000Z', '2026-03-29T07:00:00.000Z']);
    expect(dueDatesInZone(spring, 2)).toEqual(['2026-03-22T09:00:00+01:00', '2026-03-29T09:00:00+02:00']);

    const autumn = schedule('2026-10-18 09:00:00', 'Europe/Berlin', 1, 'week');
    expect(dueDates(autumn, 2)).toEqual(['2026-10-18T07:00:00.000Z', '2026-10-25T08:00:00.000Z']);
    expect(dueDatesInZone(autumn, 2)).toEqual(['2026-10-18T09:00:00+02:00', '2026-10-25T09:00:00+01:00']);
  });

  it('should keep 09:00 in New York when clocks go forward on March 8 and back on November 1, 2026', () => {
    const spring = schedule('2026-03-07 09:00:00', 'America/New_York', 1, 'day');
    expect(dueDates(spring, 2)).toEqual(['2026-03-07T14:00:00.000Z', '2026-03-08T13:00:00.000Z']);
    expect(dueDatesInZone(spring, 2)).toEqual(['2026-03-07T09:00:00-05:00', '2026-03-08T09:00:00-04:00']);

    const autumn = schedule('2026-10-31 09:00:00', 'America/New_York', 1, 'day');
    expect(dueDates(autumn, 2)).toEqual(['2026-10-31T13:00:00.000Z', '2026-11-01T14:00:00.000Z']);
    expect(dueDatesInZone(autumn, 2)).toEqual(['2026-10-31T09:00:00-04:00', '2026-11-01T09:00:00-05:00']);
  });

  it('should keep 09:00 in Sydney, where clocks go back in April and forward in October', () => {
    const april = schedule('2026-03-29 09:00:00', 'Australia/Sydney', 1, 'week');
    expect(dueDates(april, 2)).toEqual(['2026-03-28T22:00:00.000Z', '2026-04-04T23:00:00.000Z']);
    const october = schedule('2026-09-27 09:00:00', 'Australia/Sydney', 1, 'week');
    expect(dueDates(october, 2)).toEqual(['2026-09-26T23:00:00.000Z', '2026-10-03T22:00:00.000Z']);
  });

  it('should keep the wall-clock time for a whole year of weekly and monthly due dates', () => {
    for (const timeZone of ['Europe/Berlin', 'America/New_York', 'Australia/Sydney', 'Asia/Kolkata']) {
      const weekly = schedule('2026-01-04 09:00:00', timeZone, 1, 'week');
      const monthly = schedule('2026-01-15 18:30:00', timeZone, 1, 'month');
      for (let index = 0; index < 60; index += 1) {
        const week = wallClockAt(dueAt(weekly, index).getTime(), timeZone);
        expect([week.hour, week.minute], `${timeZone} week ${index}`).toEqual([9, 0]);
        expect(new Date(Date.UTC(week.year, week.month - 1, week.day)).getUTCDay()).toBe(0);
        const month = wallClockAt(dueAt(monthly, index).getTime(), timeZone);
        expect([month.day, month.hour, month.minute], `${timeZone} month ${index}`).toEqual([15, 18, 30]);
      }
    }
  });

  it('should move a time in the spring-forward gap forward by the gap, for that date only', () => {
    // 02:30 does not exist on March 29 in Berlin: it is 03:30 CEST; a week later it is 02:30 again.
    const berlin = schedule('2026-03-22 02:30:00', 'Europe/Berlin', 1, 'week');
    expect(dueDatesInZone(berlin, 3)).toEqual([
      '2026-03-22T02:30:00+01:00',
      '2026-03-29T03:30:00+02:00',
      '2026-04-05T02:30:00+02:00',
    ]);
    expect(dueAt(berlin, 1).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(new Date(instantOf(wall('2026-03-08 02:30'), 'America/New_York')).toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
  });

  it('should take the first occurrence of a time in the repeated autumn hour', () => {
    expect(new Date(instantOf(wall('2026-10-25 02:30'), 'Europe/Berlin')).toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
    expect(new Date(instantOf(wall('2026-11-01 01:30'), 'America/New_York')).toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    );
    const repeated = schedule('2026-10-18 02:30:00', 'Europe/Berlin', 1, 'week');
    expect(dueDatesInZone(repeated, 3)).toEqual([
      '2026-10-18T02:30:00+02:00',
      '2026-10-25T02:30:00+02:00',
      '2026-11-01T02:30:00+01:00',
    ]);
  });
});

describe('zones with unusual offsets', () => {
  it('should handle Asia/Kolkata at +05:30 and Asia/Kathmandu at +05:45', () => {
    const kolkata = schedule('2026-06-01 09:00:00', 'Asia/Kolkata', 1, 'day');
    expect(dueDates(kolkata, 2)).toEqual(['2026-06-01T03:30:00.000Z', '2026-06-02T03:30:00.000Z']);
    expect(isoInZone(dueAt(kolkata, 0), 'Asia/Kolkata')).toBe('2026-06-01T09:00:00+05:30');
    // 02:00 in Kolkata is the previous evening in UTC: the calendar day is Kolkata's.
    expect(dueAt(schedule('2026-06-01 02:00:00', 'Asia/Kolkata', 1, 'day'), 0).toISOString()).toBe(
      '2026-05-31T20:30:00.000Z',
    );
    expect(dueAt(schedule('2026-06-01 09:00:00', 'Asia/Kathmandu', 1, 'day'), 0).toISOString()).toBe(
      '2026-06-01T03:15:00.000Z',
    );
  });

  it('should write instants with the zone’s offset of that moment', () => {
    expect(isoInZone(at('2026-12-07T08:00:00Z'), 'Europe/Berlin')).toBe('2026-12-07T09:00:00+01:00');
    expect(isoInZone(at('2026-07-07T07:00:00Z'), 'Europe/Berlin')).toBe('2026-07-07T09:00:00+02:00');
    expect(isoInZone(at('2026-12-07T14:00:00Z'), 'America/New_York')).toBe('2026-12-07T09:00:00-05:00');
    expect(isoInZone(at('2026-01-01T00:00:00Z'), 'UTC')).toBe('2026-01-01T00:00:00+00:00');
    expect(isoInZone(at('2026-01-01T13:00:00Z'), 'Australia/Sydney')).toBe('2026-01-02T00:00:00+11:00');
  });

  it('should read and write wall clocks, midnight as hour 0', () => {
    expect(wallClockAt(Date.parse('2026-01-01T00:00:00Z'), 'UTC')).toEqual({
      year: 2026,
      month: 1,
      day: 1,
      hour: 0,
      minute: 0,
      second: 0,
    });
    expect(formatWallClock(wall('2026-03-05T07:08'))).toBe('2026-03-05 07:08:00');
    expect(formatWallClock(wall('2026-03-05 07:08:09'))).toBe('2026-03-05 07:08:09');
    expect(formatWallClock(wall('2026-03-05'))).toBe('2026-03-05 00:00:00');
  });
});

describe('the first due date after a moment', () => {
  const weekly = schedule('2026-01-05 09:00:00', 'UTC', 1, 'week');

  it('should be strictly after: a due instant itself is not "after" it', () => {
    const third = dueAt(weekly, 3);
    expect(firstDueAfter(weekly, third)).toEqual({ index: 4, at: dueAt(weekly, 4) });
    expect(firstDueAfter(weekly, new Date(third.getTime() - 1))).toEqual({ index: 3, at: third });
    expect(firstDueAfter(weekly, new Date(third.getTime() + 1))).toEqual({ index: 4, at: dueAt(weekly, 4) });
  });

  it('should be the first update itself until that moment, and the second from it', () => {
    const first = dueAt(weekly, 0);
    expect(firstDueAfter(weekly, at('2025-06-01T00:00:00Z'))).toEqual({ index: 0, at: first });
    expect(firstDueAfter(weekly, new Date(first.getTime() - 1)).index).toBe(0);
    expect(firstDueAfter(weekly, first)).toEqual({ index: 1, at: dueAt(weekly, 1) });
  });

  it('should agree with counting due dates one by one, for rhythms in several zones', () => {
    const rhythms = [
      schedule('2026-01-31 09:00:00', 'UTC', 1, 'month'),
      schedule('2026-01-31 23:30:00', 'Australia/Sydney', 1, 'month'),
      schedule('2026-02-28 09:00:00', 'America/New_York', 3, 'month'),
      schedule('2026-03-22 02:30:00', 'Europe/Berlin', 1, 'week'),
      schedule('2026-01-01 00:00:00', 'Asia/Kolkata', 5, 'day'),
      schedule('2026-01-06 09:00:00', 'UTC', 2, 'week'),
    ];
    for (const rhythm of rhythms) {
      const dates = Array.from({ length: 80 }, (_, index) => dueAt(rhythm, index).getTime());
      // Moments around each due date and in between, up to the last but one.
      for (let index = 0; index < dates.length - 1; index += 1) {
        for (const moment of [dates[index]! - 1, dates[index]!, dates[index]! + 1, dates[index]! + DAY / 3]) {
          const expected = dates.findIndex((date) => date > moment);
          const found = firstDueAfter(rhythm, new Date(moment));
          expect(found.index, `${JSON.stringify(rhythm)} after ${new Date(moment).toISOString()}`).toBe(
            expected,
          );
          expect(found.at.getTime()).toBe(dates[expected]);
        }
      }
    }
  });

  it('should find a due date years after the first one', () => {
    const monthly = schedule('2026-01-31 09:00:00', 'UTC', 1, 'month');
    expect(firstDueAfter(monthly, at('2030-03-01T00:00:00Z'))).toEqual({
      index: 50,
      at: at('2030-03-31T09:00:00Z'),
    });
    expect(firstDueAfter(monthly, at('2030-02-28T09:00:00Z')).at).toEqual(at('2030-03-31T09:00:00Z'));
  });
});

describe('reminders', () => {
  const hours = (offsetNumber: number): ReminderOffset => ({ offsetNumber, offsetUnit: 'hour' });
  const days = (offsetNumber: number): ReminderOffset => ({ offsetNumber, offsetUnit: 'day' });

  it('should count hours as elapsed time and days as calendar days across a DST change', () => {
    // Due Sunday March 29, 2026 at 09:00 CEST (07:00 UTC); the night before had an hour less.
    const berlinDue = dueAt(schedule('2026-03-29 09:00:00', 'Europe/Berlin', 1, 'week'), 0);
    expect(reminderAt(berlinDue, hours(24), 'Europe/Berlin').toISOString()).toBe('2026-03-28T07:00:00.000Z');
    expect(isoInZone(reminderAt(berlinDue, hours(24), 'Europe/Berlin'), 'Europe/Berlin')).toBe(
      '2026-03-28T08:00:00+01:00',
    );
    expect(isoInZone(reminderAt(berlinDue, days(1), 'Europe/Berlin'), 'Europe/Berlin')).toBe(
      '2026-03-28T09:00:00+01:00',
    );

    // Due Sunday November 1, 2026 at 09:00 EST; the night before had an hour more.
    const newYorkDue = at('2026-11-01T14:00:00Z');
    expect(isoInZone(reminderAt(newYorkDue, hours(24), 'America/New_York'), 'America/New_York')).toBe(
      '2026-10-31T10:00:00-04:00',
    );
    expect(isoInZone(reminderAt(newYorkDue, days(1), 'America/New_York'), 'America/New_York')).toBe(
      '2026-10-31T09:00:00-04:00',
    );
    expect(reminderAt(newYorkDue, hours(3), 'America/New_York').toISOString()).toBe(
      '2026-11-01T11:00:00.000Z',
    );
  });

  it('should move a day reminder that lands in the spring-forward gap forward by the gap', () => {
    const due = dueAt(schedule('2026-03-31 02:30:00', 'Europe/Berlin', 1, 'week'), 0);
    expect(isoInZone(reminderAt(due, days(2), 'Europe/Berlin'), 'Europe/Berlin')).toBe(
      '2026-03-29T03:30:00+02:00',
    );
  });

  it('should give the earliest reminder after the handled moment and before the due date', () => {
    const due = at('2026-06-10T09:00:00Z');
    const reminders = [days(1), hours(2), days(3)];
    expect(nextReminder(due, reminders, 'UTC', null)).toEqual(at('2026-06-07T09:00:00Z'));
    expect(nextReminder(due, reminders, 'UTC', at('2026-06-07T09:00:00Z'))).toEqual(
      at('2026-06-09T09:00:00Z'),
    );
    expect(nextReminder(due, reminders, 'UTC', at('2026-06-08T00:00:00Z'))).toEqual(
      at('2026-06-09T09:00:00Z'),
    );
    expect(nextReminder(due, reminders, 'UTC', at('2026-06-09T09:00:00Z'))).toEqual(
      at('2026-06-10T07:00:00Z'),
    );
    expect(nextReminder(due, reminders, 'UTC', at('2026-06-10T07:00:00Z'))).toBeNull();
    expect(nextReminder(due, [], 'UTC', null)).toBeNull();
    expect(nextReminder(null, reminders, 'UTC', null)).toBeNull();
  });
});
