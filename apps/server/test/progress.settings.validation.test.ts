/**
 * Notification settings (spec §5 "Settings", §7): what PATCH /api/notification-settings/update/{id}/
 * refuses, and with which message.
 */
import { PROGRESS_MESSAGES } from '@keystone/contract';
import { describe, expect, it } from 'vitest';
import { settingsSuite } from './helpers/settingsSuite';

describe('notification settings', () => {
  const { suite, masterKey, freshStrategy, read, save } = settingsSuite();

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
});
