/**
 * Notification settings (spec §3, §7; DESIGN §6): what a save keeps, and the first and next
 * progress update it computes. The clock stands still at the suite's NOW, so the next due date
 * each save computes is known.
 */
import type { NotificationSettings } from '@keystone/contract';
import { describe, expect, it } from 'vitest';
import { nameOf } from './helpers/charter';
import { settingsSuite } from './helpers/settingsSuite';

describe('notification settings', () => {
  const { suite, masterKey, freshStrategy, read, save, schedule } = settingsSuite();

  describe('saving', () => {
    it('should save every field and answer with what GET shows afterwards', async () => {
      const strategy = await freshStrategy();
      const saved = await save(strategy, {
        first_progress_update: '2026-12-07T09:00:00',
        time_zone: 'Europe/Berlin',
        update_frequency_number: 2,
        update_frequency_unit: 'month',
        send_to_sponsors: false,
        send_to_owners: false,
        send_to_team_members: false,
        additional_recipients: 'ann@example.com, bob@example.org',
        team_reminders: [
          { offset_number: 2, offset_unit: 'day' },
          { offset_number: 3, offset_unit: 'hour' },
        ],
        reminder_send_to_master: false,
        reminder_send_to_sponsors: true,
        reminder_send_to_owners: false,
        reminder_send_to_team_members: false,
      });
      expect(saved).toEqual({
        id: expect.any(Number),
        strategy,
        first_progress_update: '2026-12-07T09:00:00+01:00',
        next_progress_update: '2026-12-07T09:00:00+01:00',
        last_progress_update: null,
        time_zone: 'Europe/Berlin',
        update_frequency_number: 2,
        update_frequency_unit: 'month',
        update_time: '09:00',
        send_to_master: true,
        send_to_sponsors: false,
        send_to_owners: false,
        send_to_team_members: false,
        additional_recipients: 'ann@example.com, bob@example.org',
        team_reminders: [
          { id: expect.any(Number), notification_settings: saved.id, offset_number: 2, offset_unit: 'day' },
          { id: expect.any(Number), notification_settings: saved.id, offset_number: 3, offset_unit: 'hour' },
        ],
        reminder_send_to_master: false,
        reminder_send_to_sponsors: true,
        reminder_send_to_owners: false,
        reminder_send_to_team_members: false,
        version: 2,
        strategy_masters: [
          { id: suite.people.master.id, name: nameOf('master'), email: suite.people.master.email },
        ],
      });
      expect(await read(strategy)).toEqual(saved);
    });

    it('should leave the fields a save does not name as they were', async () => {
      const strategy = await freshStrategy();
      const before = await save(strategy, {
        time_zone: 'Asia/Tokyo',
        send_to_owners: false,
        additional_recipients: 'ann@example.com',
        team_reminders: [{ offset_number: 1, offset_unit: 'day' }],
      });
      const after = await save(strategy, { reminder_send_to_sponsors: true });
      expect(after).toEqual({ ...before, reminder_send_to_sponsors: true, version: before.version + 1 });
    });

    it('should accept the exact body GET returned and change nothing', async () => {
      const strategy = await freshStrategy();
      await save(strategy, {
        first_progress_update: '2026-01-05T09:00:00',
        time_zone: 'Europe/Berlin',
        update_frequency_number: 2,
        update_frequency_unit: 'week',
        send_to_team_members: false,
        additional_recipients: 'ann@example.com, bob@example.org',
        team_reminders: [
          { offset_number: 1, offset_unit: 'day' },
          { offset_number: 5, offset_unit: 'hour' },
        ],
        reminder_send_to_sponsors: true,
      });
      const fetched = await read(strategy);
      const response = await suite.progress.updateSettings(masterKey(), strategy, fetched);
      expect(response.status).toBe(200);
      // The reminders are written anew (the list is replaced), so only their ids may differ.
      const withoutReminderIds = (settings: NotificationSettings) => ({
        ...settings,
        team_reminders: settings.team_reminders.map(({ id: _id, ...rest }) => rest),
      });
      expect(withoutReminderIds(response.body)).toEqual(withoutReminderIds(fetched));
      expect(await read(strategy)).toEqual(response.body);
    });

    it('should replace the whole reminder list, keeping its order, and clear it with []', async () => {
      const strategy = await freshStrategy();
      const five = [
        { offset_number: 3, offset_unit: 'day' },
        { offset_number: 1, offset_unit: 'hour' },
        { offset_number: 1000, offset_unit: 'hour' },
        { offset_number: 1, offset_unit: 'day' },
        { offset_number: 12, offset_unit: 'hour' },
      ] as const;
      const saved = await save(strategy, { team_reminders: five });
      expect(saved.team_reminders).toEqual(
        five.map((reminder) => ({ id: expect.any(Number), notification_settings: saved.id, ...reminder })),
      );
      const replaced = await save(strategy, { team_reminders: [{ offset_number: 2, offset_unit: 'hour' }] });
      expect(replaced.team_reminders).toEqual([
        { id: expect.any(Number), notification_settings: saved.id, offset_number: 2, offset_unit: 'hour' },
      ]);
      const cleared = await save(strategy, { team_reminders: [] });
      expect(cleared.team_reminders).toEqual([]);
      expect(await read(strategy)).toEqual(cleared);
    });

    it.each([
      [
        'in capitals, with spaces',
        ' Ann@Example.com ,  bob@example.org ',
        'ann@example.com, bob@example.org',
      ],
      [
        'as editor paragraphs',
        '<p>ann@example.com</p><p>bob@example.org</p>',
        'ann@example.com, bob@example.org',
      ],
      ['twice', 'ann@example.com, ANN@example.com', 'ann@example.com'],
      ['separated by semicolons', 'ann@example.com; bob@example.org', 'ann@example.com, bob@example.org'],
      ['as an empty text', '', null],
      ['as empty markup', '<p></p>', null],
      ['as null', null, null],
    ])(
      'should store additional recipients given %s as plain comma-separated e-mails',
      async (_case, value, stored) => {
        const strategy = await freshStrategy();
        await save(strategy, { additional_recipients: 'zed@example.com' });
        const saved = await save(strategy, { additional_recipients: value });
        expect(saved.additional_recipients).toBe(stored);
        expect((await read(strategy)).additional_recipients).toBe(stored);
      },
    );
  });

  describe('the first progress update (DESIGN §6)', () => {
    it.each([
      [
        'a wall clock without an offset, read in the time zone',
        { time_zone: 'Europe/Berlin', first_progress_update: '2026-12-07T09:00:00' },
        '2026-12-07T09:00:00+01:00',
        '09:00',
      ],
      [
        'a wall clock in summer time',
        { time_zone: 'Europe/Berlin', first_progress_update: '2026-07-06T09:00' },
        '2026-07-06T09:00:00+02:00',
        '09:00',
      ],
      [
        'a wall clock with a space and seconds',
        { time_zone: 'America/New_York', first_progress_update: '2026-12-07 17:45:30' },
        '2026-12-07T17:45:30-05:00',
        '17:45',
      ],
      [
        'an instant in UTC',
        { time_zone: 'Europe/Berlin', first_progress_update: '2026-12-07T09:00:00Z' },
        '2026-12-07T10:00:00+01:00',
        '10:00',
      ],
      [
        'an instant with another offset',
        { time_zone: 'Europe/Berlin', first_progress_update: '2026-12-07T03:00:00-05:00' },
        '2026-12-07T09:00:00+01:00',
        '09:00',
      ],
      [
        'a date with update_time',
        { time_zone: 'America/New_York', first_progress_update: '2026-12-07', update_time: '14:30' },
        '2026-12-07T14:30:00-05:00',
        '14:30',
      ],
      [
        'a date alone (09:00 then)',
        { time_zone: 'Australia/Adelaide', first_progress_update: '2026-12-07' },
        '2026-12-07T09:00:00+10:30',
        '09:00',
      ],
      [
        'a date and time with update_time too (the time given with the date wins)',
        { time_zone: 'UTC', first_progress_update: '2026-12-07T08:00', update_time: '18:00' },
        '2026-12-07T08:00:00+00:00',
        '08:00',
      ],
    ])('should read %s', async (_case, body, first, time) => {
      const strategy = await freshStrategy();
      const saved = await save(strategy, body);
      expect(schedule(saved)).toEqual({
        first_progress_update: first,
        update_time: time,
        next_progress_update: first,
        last_progress_update: null,
      });
      expect(schedule(await read(strategy))).toEqual(schedule(saved));
    });

    it('should move the time of day with update_time alone, and keep it for a new date alone', async () => {
      const strategy = await freshStrategy();
      await save(strategy, { time_zone: 'America/New_York', first_progress_update: '2026-12-07T14:30:00' });
      const moved = await save(strategy, { update_time: '08:15' });
      expect(schedule(moved)).toEqual({
        first_progress_update: '2026-12-07T08:15:00-05:00',
        update_time: '08:15',
        next_progress_update: '2026-12-07T08:15:00-05:00',
        last_progress_update: null,
      });
      const redated = await save(strategy, { first_progress_update: '2026-12-14' });
      expect(schedule(redated)).toMatchObject({
        first_progress_update: '2026-12-14T08:15:00-05:00',
        update_time: '08:15',
      });
    });

    it('should ignore update_time while there is no first progress update', async () => {
      const strategy = await freshStrategy();
      const saved = await save(strategy, { update_time: '10:00' });
      expect(schedule(saved)).toEqual({
        first_progress_update: null,
        update_time: null,
        next_progress_update: null,
        last_progress_update: null,
      });
    });

    it('should keep the wall clock when the time zone changes', async () => {
      const strategy = await freshStrategy();
      await save(strategy, { time_zone: 'Europe/Berlin', first_progress_update: '2026-12-07T09:00:00' });
      const moved = await save(strategy, { time_zone: 'Asia/Tokyo' });
      expect(schedule(moved)).toEqual({
        first_progress_update: '2026-12-07T09:00:00+09:00',
        update_time: '09:00',
        next_progress_update: '2026-12-07T09:00:00+09:00',
        last_progress_update: null,
      });
    });

    it("should keep a wall clock skipped by DST when GET's answer is sent back unchanged", async () => {
      const strategy = await freshStrategy();
      // 02:30 does not exist in Berlin on 29 March 2026: the instant reads 03:30 summer time.
      const saved = await save(strategy, {
        time_zone: 'Europe/Berlin',
        first_progress_update: '2026-03-29T02:30:00',
        update_frequency_unit: 'day',
      });
      expect(schedule(saved)).toMatchObject({
        first_progress_update: '2026-03-29T03:30:00+02:00',
        update_time: '02:30',
      });
      const { id: _id, strategy: _strategy, strategy_masters: _masters, ...body } = saved;
      const again = await save(strategy, body);
      expect(schedule(again)).toEqual(schedule(saved));
      // The next day's due date is still 02:30, which exists then.
      expect(again.next_progress_update).toBe('2026-06-02T02:30:00+02:00');
    });

    it('should take a time zone under its older name and keep it under its current one', async () => {
      const strategy = await freshStrategy();
      expect((await save(strategy, { time_zone: 'Asia/Kolkata' })).time_zone).toBe('Asia/Kolkata');
      expect((await save(strategy, { time_zone: 'Europe/Kiev' })).time_zone).toBe('Europe/Kyiv');
    });

    it('should clear the rhythm with null: no next due date', async () => {
      const strategy = await freshStrategy();
      await save(strategy, { first_progress_update: '2026-12-07T09:00:00' });
      const cleared = await save(strategy, { first_progress_update: null });
      expect(cleared).toMatchObject({
        first_progress_update: null,
        update_time: null,
        next_progress_update: null,
        last_progress_update: null,
        update_frequency_number: 1,
        update_frequency_unit: 'week',
      });
      expect(await read(strategy)).toEqual(cleared);
    });
  });

  describe('the next progress update: the first due date strictly after now', () => {
    it.each([
      [
        'a first date in the future is the next one',
        { time_zone: 'Europe/Berlin', first_progress_update: '2026-12-07T09:00:00' },
        '2026-12-07T09:00:00+01:00',
      ],
      [
        'a weekly rhythm from the winter skips to the coming Monday in summer time',
        { time_zone: 'Europe/Berlin', first_progress_update: '2026-01-05T09:00:00' },
        '2026-06-08T09:00:00+02:00',
      ],
      [
        'a due time later today is today',
        { time_zone: 'Europe/Berlin', first_progress_update: '2026-01-05T15:00:00' },
        '2026-06-01T15:00:00+02:00',
      ],
      [
        'a due date exactly now is already past',
        { time_zone: 'Europe/Berlin', first_progress_update: '2026-05-25T14:00:00' },
        '2026-06-08T14:00:00+02:00',
      ],
      [
        'every 3 weeks counts from the first date',
        {
          time_zone: 'Europe/Berlin',
          first_progress_update: '2026-01-05T09:00:00',
          update_frequency_number: 3,
        },
        '2026-06-22T09:00:00+02:00',
      ],
      [
        'daily goes to tomorrow once today has passed',
        { first_progress_update: '2026-05-30T09:00:00', update_frequency_unit: 'day' },
        '2026-06-02T09:00:00+00:00',
      ],
      [
        'monthly from the 31st lands on the last day of a short month',
        { first_progress_update: '2026-01-31T09:00:00', update_frequency_unit: 'month' },
        '2026-06-30T09:00:00+00:00',
      ],
      [
        'an instant in the past is followed on the wall clock of the zone',
        { time_zone: 'America/New_York', first_progress_update: '2026-01-02T14:00:00Z' },
        '2026-06-05T09:00:00-04:00',
      ],
    ])('%s', async (_case, body, next) => {
      const strategy = await freshStrategy();
      const saved = await save(strategy, body);
      expect(saved.next_progress_update).toBe(next);
      // Nothing before now is processed backwards.
      expect(saved.last_progress_update).toBeNull();
      expect((await read(strategy)).next_progress_update).toBe(next);
    });

    it('should recompute the next due date when the rhythm changes', async () => {
      const strategy = await freshStrategy();
      await save(strategy, { time_zone: 'Europe/Berlin', first_progress_update: '2026-01-05T09:00:00' });
      const monthly = await save(strategy, { update_frequency_unit: 'month' });
      expect(monthly.next_progress_update).toBe('2026-06-05T09:00:00+02:00');
      const daily = await save(strategy, { update_frequency_unit: 'day', update_frequency_number: 2 });
      // Every other day from Monday, January 5th: May 31st was one (day 146), June 2nd is next.
      expect(daily.next_progress_update).toBe('2026-06-02T09:00:00+02:00');
      const later = await save(strategy, {
        update_frequency_unit: 'week',
        update_frequency_number: 1,
        update_time: '16:00',
      });
      expect(later.next_progress_update).toBe('2026-06-01T16:00:00+02:00');
    });
  });
});
