/**
 * Notification settings (spec §2 "Strategy settings page", §3, §5 "Settings", §7; DESIGN §4, §6):
 * GET /api/notification-settings/{id}/ for anyone who sees the strategy, PATCH
 * /api/notification-settings/update/{id}/ for its masters. The clock stands still at NOW, so the
 * next due date each save computes is known.
 */
import { MESSAGES, type NotificationSettings, PROGRESS_MESSAGES } from '@keystone/contract';
import { describe, expect, it } from 'vitest';
import { nameOf } from './helpers/charter';
import { progressSuite } from './helpers/progressApi';
import { ROLE_NAMES, ROLES, STRATEGY_NOT_FOUND, VIEWERS } from './helpers/strategyPermissionCalls';

/** A Monday: 14:00 in Berlin (summer time). */
const NOW = '2026-06-01T12:00:00.000Z';

describe('notification settings', () => {
  const suite = progressSuite(NOW);
  const masterKey = () => suite.people.master.key;
  /** A new strategy of the master's, for a test that needs settings of its own. */
  const freshStrategy = async () => (await suite.strategies.create(masterKey(), { title: 'Fresh' })).id;
  const read = (strategy: number) => suite.progress.settingsOk(masterKey(), strategy);
  const save = (strategy: number, body: object) => suite.progress.saveSettings(masterKey(), strategy, body);
  const schedule = (settings: NotificationSettings) => ({
    first_progress_update: settings.first_progress_update,
    update_time: settings.update_time,
    next_progress_update: settings.next_progress_update,
    last_progress_update: settings.last_progress_update,
  });

  describe('reading', () => {
    it('should give a new strategy the default settings, in the names of spec §3', async () => {
      const strategy = await freshStrategy();
      const response = await suite.progress.settings(masterKey(), strategy);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id: expect.any(Number),
        strategy,
        first_progress_update: null,
        next_progress_update: null,
        last_progress_update: null,
        time_zone: 'UTC',
        update_frequency_number: 1,
        update_frequency_unit: 'week',
        update_time: null,
        send_to_master: true,
        send_to_sponsors: true,
        send_to_owners: true,
        send_to_team_members: true,
        additional_recipients: null,
        team_reminders: [],
        reminder_send_to_master: true,
        reminder_send_to_sponsors: false,
        reminder_send_to_owners: true,
        reminder_send_to_team_members: true,
        strategy_masters: [
          { id: suite.people.master.id, name: nameOf('master'), email: suite.people.master.email },
        ],
      });
    });

    it.each(ROLES.map((role) => [ROLE_NAMES[role], role] as const))(
      'should show the settings to the %s only when they see the strategy',
      async (_name, role) => {
        const asMaster = await read(suite.fixture.strategy);
        const response = await suite.progress.settings(suite.people[role].key, suite.fixture.strategy);
        if (VIEWERS.includes(role)) {
          expect({ status: response.status, body: response.body }).toEqual({ status: 200, body: asMaster });
        } else {
          expect({ status: response.status, body: response.body }).toEqual({
            status: 404,
            body: { detail: STRATEGY_NOT_FOUND },
          });
        }
      },
    );

    it('should answer a missing strategy with 404, a bad id with 400 and no token with 403', async () => {
      for (const call of [
        suite.progress.settings(masterKey(), 2_147_483_647),
        suite.progress.updateSettings(masterKey(), 2_147_483_647, { update_frequency_number: 2 }),
      ]) {
        const response = await call;
        expect({ status: response.status, body: response.body }).toEqual({
          status: 404,
          body: { detail: STRATEGY_NOT_FOUND },
        });
      }
      const badId = await suite.progress.settings(masterKey(), 'abc');
      expect({ status: badId.status, body: badId.body }).toEqual({
        status: 400,
        body: {
          detail: 'A valid id is required.',
          errors: { non_field_errors: ['A valid id is required.'] },
        },
      });
      const before = await read(suite.fixture.strategy);
      for (const call of [
        suite.progress.settings(undefined, suite.fixture.strategy),
        suite.progress.updateSettings(undefined, suite.fixture.strategy, { update_frequency_number: 9 }),
      ]) {
        const response = await call;
        expect({ status: response.status, body: response.body }).toEqual({
          status: 403,
          body: { detail: MESSAGES.credentialsMissing },
        });
      }
      expect(await read(suite.fixture.strategy)).toEqual(before);
    });

    it("should answer a deleted strategy's settings with 404", async () => {
      const strategy = await freshStrategy();
      await save(strategy, { first_progress_update: '2026-12-07T09:00:00' });
      const deleted = await suite.server.api('DELETE', `/api/strategy/delete/${strategy}/`, {
        token: masterKey(),
      });
      expect(deleted.status).toBe(204);
      const response = await suite.progress.settings(masterKey(), strategy);
      expect({ status: response.status, body: response.body }).toEqual({
        status: 404,
        body: { detail: STRATEGY_NOT_FOUND },
      });
    });
  });

  describe('who may change them (DESIGN §4: masters only)', () => {
    it.each(ROLES.map((role) => [ROLE_NAMES[role], role] as const))(
      'should let the %s save only if a master',
      async (_name, role) => {
        const before = await read(suite.fixture.strategy);
        const frequency = before.update_frequency_number + 1;
        const response = await suite.progress.updateSettings(suite.people[role].key, suite.fixture.strategy, {
          update_frequency_number: frequency,
          additional_recipients: 'eve@evil.com',
        });
        if (role === 'master') {
          expect(response.status).toBe(200);
          expect(response.body).toEqual({
            ...before,
            update_frequency_number: frequency,
            additional_recipients: 'eve@evil.com',
          });
          expect(await read(suite.fixture.strategy)).toEqual(response.body);
          return;
        }
        const expected = VIEWERS.includes(role)
          ? { status: 403, body: { detail: MESSAGES.noPermission } }
          : { status: 404, body: { detail: STRATEGY_NOT_FOUND } };
        expect({ status: response.status, body: response.body }).toEqual(expected);
        expect(await read(suite.fixture.strategy)).toEqual(before);
      },
    );

    it('should let a second master save once added, and nobody after losing the role', async () => {
      const strategy = await freshStrategy();
      const { master, owner } = suite.people;
      const asOwner = () =>
        suite.progress.updateSettings(owner.key, strategy, { update_frequency_unit: 'day' });
      await suite.strategies.assignOk(master.key, {
        strategy_id: strategy,
        strategy_masters: [
          { id: master.id, email: master.email },
          { id: owner.id, email: owner.email },
        ],
      });
      const allowed = await asOwner();
      expect(allowed.status).toBe(200);
      expect(allowed.body.update_frequency_unit).toBe('day');
      expect(allowed.body.strategy_masters.map((person: { id: number }) => person.id).sort()).toEqual(
        [master.id, owner.id].sort(),
      );
      await suite.strategies.assignOk(master.key, {
        strategy_id: strategy,
        strategy_masters: [{ id: master.id, email: master.email }],
      });
      const refused = await asOwner();
      expect({ status: refused.status, body: refused.body }).toEqual({
        status: 404,
        body: { detail: STRATEGY_NOT_FOUND },
      });
    });
  });

  describe('validation (spec §5 "Settings")', () => {
    const sixReminders = Array.from({ length: 6 }, (_, index) => ({
      offset_number: index + 1,
      offset_unit: 'hour',
    }));
    const REFUSED: Array<[string, Record<string, unknown>, string, string]> = [
      ['an unknown time zone', { time_zone: 'Mars/Olympus' }, 'time_zone', PROGRESS_MESSAGES.unknownTimezone],
      ['a time zone that is not text', { time_zone: 42 }, 'time_zone', PROGRESS_MESSAGES.timezoneEmpty],
      ['a null time zone', { time_zone: null }, 'time_zone', PROGRESS_MESSAGES.timezoneEmpty],
      [
        'a frequency of 0',
        { update_frequency_number: 0 },
        'update_frequency_number',
        PROGRESS_MESSAGES.frequencyMin,
      ],
      [
        'a negative frequency',
        { update_frequency_number: -1 },
        'update_frequency_number',
        PROGRESS_MESSAGES.frequencyMin,
      ],
      [
        'a fractional frequency',
        { update_frequency_number: 1.5 },
        'update_frequency_number',
        PROGRESS_MESSAGES.frequencyMin,
      ],
      [
        'a fraction as text',
        { update_frequency_number: '2.5' },
        'update_frequency_number',
        PROGRESS_MESSAGES.frequencyMin,
      ],
      [
        'a null frequency',
        { update_frequency_number: null },
        'update_frequency_number',
        PROGRESS_MESSAGES.frequencyMin,
      ],
      [
        'a boolean frequency',
        { update_frequency_number: true },
        'update_frequency_number',
        PROGRESS_MESSAGES.frequencyMin,
      ],
      [
        'a frequency of 367',
        { update_frequency_number: 367 },
        'update_frequency_number',
        PROGRESS_MESSAGES.frequencyMax,
      ],
      [
        'the unit year',
        { update_frequency_unit: 'year' },
        'update_frequency_unit',
        PROGRESS_MESSAGES.frequencyUnit,
      ],
      [
        'a capitalised unit',
        { update_frequency_unit: 'Week' },
        'update_frequency_unit',
        PROGRESS_MESSAGES.frequencyUnit,
      ],
      [
        'a null unit',
        { update_frequency_unit: null },
        'update_frequency_unit',
        PROGRESS_MESSAGES.frequencyUnit,
      ],
      [
        'a reminder of 0',
        { team_reminders: [{ offset_number: 0, offset_unit: 'hour' }] },
        'team_reminders.0.offset_number',
        PROGRESS_MESSAGES.reminderMin,
      ],
      [
        'a reminder without its interval',
        { team_reminders: [{ offset_number: 1, offset_unit: 'day' }, { offset_unit: 'hour' }] },
        'team_reminders.1.offset_number',
        PROGRESS_MESSAGES.reminderRequired,
      ],
      [
        'a reminder with a null interval',
        { team_reminders: [{ offset_number: null, offset_unit: 'hour' }] },
        'team_reminders.0.offset_number',
        PROGRESS_MESSAGES.reminderRequired,
      ],
      [
        'a reminder with an empty interval',
        { team_reminders: [{ offset_number: '', offset_unit: 'hour' }] },
        'team_reminders.0.offset_number',
        PROGRESS_MESSAGES.reminderRequired,
      ],
      [
        'a reminder of 1001',
        { team_reminders: [{ offset_number: 1001, offset_unit: 'hour' }] },
        'team_reminders.0.offset_number',
        PROGRESS_MESSAGES.reminderMax,
      ],
      [
        'a reminder in minutes',
        { team_reminders: [{ offset_number: 1, offset_unit: 'minute' }] },
        'team_reminders.0.offset_unit',
        PROGRESS_MESSAGES.reminderUnit,
      ],
      [
        'six reminders',
        { team_reminders: sixReminders },
        'team_reminders',
        PROGRESS_MESSAGES.tooManyReminders,
      ],
      [
        'reminders that are not a list',
        { team_reminders: 'x' },
        'team_reminders',
        PROGRESS_MESSAGES.reminderRequired,
      ],
      ['null reminders', { team_reminders: null }, 'team_reminders', PROGRESS_MESSAGES.reminderRequired],
      [
        'a garbage date',
        { first_progress_update: 'garbage' },
        'first_progress_update',
        PROGRESS_MESSAGES.invalidDateTime,
      ],
      [
        'February 30th',
        { first_progress_update: '2026-02-30' },
        'first_progress_update',
        PROGRESS_MESSAGES.invalidDateTime,
      ],
      [
        'the hour 25',
        { first_progress_update: '2026-12-07T25:00:00' },
        'first_progress_update',
        PROGRESS_MESSAGES.invalidDateTime,
      ],
      [
        'the minute 60',
        { first_progress_update: '2026-12-07T09:60' },
        'first_progress_update',
        PROGRESS_MESSAGES.invalidDateTime,
      ],
      [
        'the hour 25 with an offset',
        { first_progress_update: '2026-12-07T25:00:00Z' },
        'first_progress_update',
        PROGRESS_MESSAGES.invalidDateTime,
      ],
      [
        'the month 13 with an offset',
        { first_progress_update: '2026-13-07T09:00:00+01:00' },
        'first_progress_update',
        PROGRESS_MESSAGES.invalidDateTime,
      ],
      [
        'a date as a number',
        { first_progress_update: 42 },
        'first_progress_update',
        PROGRESS_MESSAGES.invalidDateTime,
      ],
      [
        'a date a century away',
        { first_progress_update: '2126-01-01' },
        'first_progress_update',
        PROGRESS_MESSAGES.dateTimeOutOfRange,
      ],
      ['the time 25:00', { update_time: '25:00' }, 'update_time', PROGRESS_MESSAGES.invalidTime],
      ['a time without minutes', { update_time: '9' }, 'update_time', PROGRESS_MESSAGES.invalidTime],
      ['a time as a number', { update_time: 900 }, 'update_time', PROGRESS_MESSAGES.invalidTime],
      [
        'an invalid additional recipient',
        { additional_recipients: 'ann@example.com, not-an-email' },
        'additional_recipients',
        PROGRESS_MESSAGES.invalidRecipient('not-an-email'),
      ],
      [
        'recipients that are not text',
        { additional_recipients: 42 },
        'additional_recipients',
        PROGRESS_MESSAGES.invalidRecipient(''),
      ],
      [
        '51 additional recipients',
        {
          additional_recipients: Array.from({ length: 51 }, (_, index) => `r${index}@example.com`).join(', '),
        },
        'additional_recipients',
        PROGRESS_MESSAGES.tooManyRecipients,
      ],
      ['a flag as text', { send_to_owners: 'true' }, 'send_to_owners', 'Must be true or false.'],
      ['a null flag', { reminder_send_to_master: null }, 'reminder_send_to_master', 'Must be true or false.'],
    ];

    it.each(REFUSED)(
      'should refuse %s with 400 naming the field, saving nothing',
      async (_case, body, field, message) => {
        const before = await read(suite.fixture.strategy);
        // A valid change beside the wrong one is not saved either.
        const response = await suite.progress.updateSettings(masterKey(), suite.fixture.strategy, {
          update_frequency_unit: before.update_frequency_unit === 'day' ? 'month' : 'day',
          ...body,
        });
        expect({ status: response.status, body: response.body }).toEqual({
          status: 400,
          body: { detail: message, errors: { [field]: [message] } },
        });
        expect(await read(suite.fixture.strategy)).toEqual(before);
      },
    );

    it.each([
      ['empty', ''],
      ['blank', '   '],
    ])('should refuse an %s time zone with "Timezone should not be empty."', async (_case, timeZone) => {
      const before = await read(suite.fixture.strategy);
      const response = await suite.progress.updateSettings(masterKey(), suite.fixture.strategy, {
        time_zone: timeZone,
      });
      expect(response.status).toBe(400);
      expect(response.body.detail).toBe(PROGRESS_MESSAGES.timezoneEmpty);
      expect(response.body.errors).toEqual({ time_zone: [PROGRESS_MESSAGES.timezoneEmpty] });
      expect(await read(suite.fixture.strategy)).toEqual(before);
    });

    it('should list every wrong field, the first one as the detail', async () => {
      const response = await suite.progress.updateSettings(masterKey(), suite.fixture.strategy, {
        update_frequency_number: 0,
        team_reminders: [{ offset_number: 0, offset_unit: 'hour' }],
      });
      expect({ status: response.status, body: response.body }).toEqual({
        status: 400,
        body: {
          detail: PROGRESS_MESSAGES.frequencyMin,
          errors: {
            update_frequency_number: [PROGRESS_MESSAGES.frequencyMin],
            'team_reminders.0.offset_number': [PROGRESS_MESSAGES.reminderMin],
          },
        },
      });
    });

    it('should take whole numbers written as text, as a form sends them', async () => {
      const strategy = await freshStrategy();
      const saved = await save(strategy, {
        update_frequency_number: ' 3 ',
        team_reminders: [{ offset_number: '4', offset_unit: 'day' }],
      });
      expect(saved.update_frequency_number).toBe(3);
      expect(saved.team_reminders).toEqual([
        { id: expect.any(Number), notification_settings: saved.id, offset_number: 4, offset_unit: 'day' },
      ]);
      expect(await read(strategy)).toEqual(saved);
    });

    it("should ignore unknown fields and the server's own (id, strategy, next/last, send_to_master)", async () => {
      const strategy = await freshStrategy();
      const other = await freshStrategy();
      const before = await save(strategy, { first_progress_update: '2026-12-07T09:00:00' });
      const otherBefore = await read(other);
      const response = await suite.progress.updateSettings(masterKey(), strategy, {
        id: otherBefore.id,
        strategy: other,
        next_progress_update: '2030-01-01T00:00:00Z',
        last_progress_update: '2026-05-01T00:00:00Z',
        send_to_master: false,
        strategy_masters: [],
        organisation_id: suite.people.otherOrganisation.organisationId,
        colour: 'red',
      });
      expect({ status: response.status, body: response.body }).toEqual({ status: 200, body: before });
      expect(await read(strategy)).toEqual(before);
      expect(await read(other)).toEqual(otherBefore);
    });
  });

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
      expect(after).toEqual({ ...before, reminder_send_to_sponsors: true });
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
