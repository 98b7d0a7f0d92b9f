/**
 * The reminders of the due-date engine (DESIGN §6) driven by a clock the test moves: they go out
 * before their due date (late if need be, once) and never after it; one whose moment had passed
 * when the settings were saved is not sent, one added while its moment is still ahead is.
 */
import { describe, expect, it } from 'vitest';
import { sendNextReminder } from '../src/modules/progress/dueDates';
import { engineSuite } from './helpers/progress';

describe('progress due dates and reminders', () => {
  const { api, clock, fixture, remindersTo, reportRecipients, reportsTo, runDue, server } = engineSuite();

  it('should send a reminder missed while down once, late, while its due date is still ahead', async () => {
    const f = await fixture();
    clock.set('2026-08-05T12:00:00Z');
    await api.setRhythm(f.master.key, f.strategy, {
      first_progress_update: '2026-08-10T09:00:00',
      time_zone: 'UTC',
      update_frequency_unit: 'week',
      team_reminders: [
        { offset_number: 3, offset_unit: 'day' },
        { offset_number: 1, offset_unit: 'day' },
      ],
    });

    // Down from August 5 until after both reminder moments (Aug 7 and Aug 9, 09:00).
    clock.set('2026-08-09T20:00:00Z');
    expect(await runDue()).toEqual({ dueDates: 0, reminders: 1 });
    // Default reminder groups: masters, owners, team members; not sponsors.
    const reminderTo = [f.coMaster, f.master, f.otherOwner, f.owner, f.teamMember].map((p) => p.email).sort();
    const reminders = await remindersTo(f);
    expect(reminders.map((line) => line.split(':')[0]).sort()).toEqual(reminderTo);
    expect(new Set(reminders.map((line) => line.slice(line.indexOf(': ') + 2)))).toEqual(
      new Set([`Reminder: progress update for ${f.title} due in 13 hours`]),
    );
    expect(await runDue()).toEqual({ dueDates: 0, reminders: 0 });

    clock.set('2026-08-10T09:00:00Z');
    expect(await runDue()).toEqual({ dueDates: 1, reminders: 0 });
    expect(await remindersTo(f)).toHaveLength(reminderTo.length);

    // The next week's reminders go out one at a time, each when its moment comes.
    clock.set('2026-08-14T09:00:00Z');
    expect(await runDue()).toEqual({ dueDates: 0, reminders: 1 });
    expect((await remindersTo(f)).at(-1)).toMatch(/due in 3 days$/);
    clock.set('2026-08-16T08:59:59Z');
    expect(await runDue()).toEqual({ dueDates: 0, reminders: 0 });
    clock.set('2026-08-16T09:00:00Z');
    expect(await runDue()).toEqual({ dueDates: 0, reminders: 1 });
    expect((await remindersTo(f)).at(-1)).toMatch(/due in 24 hours$/);
    expect(await remindersTo(f)).toHaveLength(3 * reminderTo.length);
  });

  it('should never send a reminder after its due date has come', async () => {
    const f = await fixture();
    clock.set('2026-09-01T12:00:00Z');
    await api.setRhythm(f.master.key, f.strategy, {
      first_progress_update: '2026-09-03T09:00:00',
      time_zone: 'UTC',
      update_frequency_unit: 'week',
      team_reminders: [{ offset_number: 1, offset_unit: 'day' }],
    });

    // Even asked directly, before the due date is processed, the reminder step leaves it alone.
    expect(
      await sendNextReminder(server.ctx.db, new Date('2026-09-03T10:00:00Z'), 'http://localhost'),
    ).toBeNull();

    // Down over both the reminder moment and the due date: the report goes out, the reminder not.
    clock.set('2026-09-03T10:00:00Z');
    expect(await runDue()).toEqual({ dueDates: 1, reminders: 0 });
    expect(await remindersTo(f)).toEqual([]);
    expect(await reportsTo(f)).toHaveLength(reportRecipients(f).length);
    expect(await runDue()).toEqual({ dueDates: 0, reminders: 0 });

    // The next due date's reminder comes at its own moment, about that date.
    clock.set('2026-09-09T09:00:00Z');
    expect(await runDue()).toEqual({ dueDates: 0, reminders: 1 });
    expect((await remindersTo(f))[0]).toMatch(/due in 24 hours$/);
  });

  it('should not send a reminder whose moment had passed when the settings were saved', async () => {
    const f = await fixture();
    clock.set('2026-10-04T21:00:00Z');
    // Due October 5 at 09:00: the 1-day reminder (Oct 4, 09:00) is past, the 2-hour one ahead.
    await api.setRhythm(f.master.key, f.strategy, {
      first_progress_update: '2026-10-05T09:00:00',
      time_zone: 'UTC',
      update_frequency_unit: 'week',
      team_reminders: [
        { offset_number: 1, offset_unit: 'day' },
        { offset_number: 2, offset_unit: 'hour' },
      ],
    });
    expect(await runDue()).toEqual({ dueDates: 0, reminders: 0 });
    clock.set('2026-10-05T06:59:59Z');
    expect(await runDue()).toEqual({ dueDates: 0, reminders: 0 });
    expect(await remindersTo(f)).toEqual([]);
    clock.set('2026-10-05T07:00:00Z');
    expect(await runDue()).toEqual({ dueDates: 0, reminders: 1 });
    const reminders = await remindersTo(f);
    expect(reminders).toHaveLength(5);
    expect(reminders.every((line) => line.endsWith('due in 2 hours'))).toBe(true);
    clock.set('2026-10-05T09:00:00Z');
    expect(await runDue()).toEqual({ dueDates: 1, reminders: 0 });
    expect(await remindersTo(f)).toHaveLength(5);
  });

  it('should send a reminder added while its moment is still ahead', async () => {
    const f = await fixture();
    clock.set('2026-10-10T12:00:00Z');
    await api.setRhythm(f.master.key, f.strategy, {
      first_progress_update: '2026-10-12T09:00:00',
      time_zone: 'UTC',
      update_frequency_unit: 'week',
    });
    clock.set('2026-10-11T12:00:00Z');
    await api.setRhythm(f.master.key, f.strategy, {
      team_reminders: [{ offset_number: 2, offset_unit: 'hour' }],
    });
    clock.set('2026-10-12T06:59:59Z');
    expect(await runDue()).toEqual({ dueDates: 0, reminders: 0 });
    clock.set('2026-10-12T07:00:00Z');
    expect(await runDue()).toEqual({ dueDates: 0, reminders: 1 });
    expect((await remindersTo(f))[0]).toMatch(/due in 2 hours$/);
  });
});
