/**
 * The due-date engine (DESIGN §6) driven by a clock the test moves: at a due date the current
 * comments are locked with the status of that moment and fresh ones take their place; due dates
 * missed while no server ran are processed late, in order, once each; a changed rhythm recomputes
 * the next due date; a comment edit racing the lock loses; the scheduler's claim on the settings
 * row holds a save back without losing it. The reminders are in progress.engine.reminders.test.ts.
 */
import { PROGRESS_MESSAGES } from '@keystone/contract';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { notificationSettings } from '../src/db/schema';
import {
  currentComments,
  DAY_MS,
  engineSuite,
  eventually,
  initiativesOf,
  outbox,
  sleep,
  writeUpdate,
} from './helpers/progress';

const REPORT = /^Progress report: /;

describe('progress due dates and reminders', () => {
  const { api, clock, fixture, reportRecipients, reportsTo, runDue, runDueAtQuery, server } = engineSuite();

  it('should lock the current comments at the due date and put fresh ones in their place', async () => {
    const f = await fixture();
    clock.set('2026-05-30T12:00:00Z');
    const saved = await api.setRhythm(f.master.key, f.strategy, {
      first_progress_update: '2026-06-01T09:00:00',
      time_zone: 'Europe/Berlin',
      update_frequency_number: 1,
      update_frequency_unit: 'week',
    });
    expect(saved.next_progress_update).toBe('2026-06-01T09:00:00+02:00');
    expect(saved.last_progress_update).toBeNull();

    const before = await api.page(f.owner.key, f.strategy);
    const launchIds = await writeUpdate(api, f.owner.key, before, f.initiative, [
      '<p>Beta shipped</p>',
      '<p>Waiting for legal</p>',
      '<p>Open the store listing</p>',
    ]);
    // Markup and blanks with no visible text: not an update.
    const blockedIds = await writeUpdate(api, f.master.key, before, f.blocked, ['<p> </p>', '<p></p>', '']);
    const idleIds = currentComments(before, f.idle).map((comment) => comment.id);
    expect((await api.setStatus(f.owner.key, f.initiative, 'OT')).status).toBe(200);
    expect((await api.setStatus(f.master.key, f.blocked, 'BL')).status).toBe(200);

    // One millisecond before the due date nothing happens.
    clock.set(Date.parse('2026-06-01T07:00:00Z') - 1);
    expect(await runDue()).toEqual({ dueDates: 0, reminders: 0 });
    expect(await api.lockedDates(f.master.key, f.strategy)).toEqual([]);
    expect(currentComments(await api.page(f.owner.key, f.strategy), f.initiative).map((c) => c.id)).toEqual(
      launchIds,
    );

    clock.set('2026-06-01T07:00:00Z');
    expect(await runDue()).toEqual({ dueDates: 1, reminders: 0 });

    const due = '2026-06-01T07:00:00.000Z';
    expect(await api.lockedDates(f.teamMember.key, f.strategy)).toEqual([due]);
    const locked = await api.lockedComments(f.teamMember.key, f.strategy, due);
    // Page order: focus area, initiative, then Progress, Roadblocks, Next steps.
    expect(locked.map((c) => [c.id, c.initiative, c.comment_type, c.initiative_status])).toEqual([
      [launchIds[0], f.initiative, 'PR', 'OT'],
      [launchIds[1], f.initiative, 'RB', 'OT'],
      [launchIds[2], f.initiative, 'NS', 'OT'],
      [blockedIds[0], f.blocked, 'PR', 'BL'],
      [blockedIds[1], f.blocked, 'RB', 'BL'],
      [blockedIds[2], f.blocked, 'NS', 'BL'],
      [idleIds[0], f.idle, 'PR', 'IN'],
      [idleIds[1], f.idle, 'RB', 'IN'],
      [idleIds[2], f.idle, 'NS', 'IN'],
    ]);
    expect(locked.every((c) => c.is_locked && c.locked_at === due)).toBe(true);
    expect(locked.slice(0, 3).map((c) => c.comment)).toEqual([
      '<p>Beta shipped</p>',
      '<p>Waiting for legal</p>',
      '<p>Open the store listing</p>',
    ]);

    const after = await api.page(f.owner.key, f.strategy);
    const oldIds = new Set([...launchIds, ...blockedIds, ...idleIds]);
    for (const initiative of initiativesOf(after)) {
      expect(initiative.comments.map((c) => [c.comment_type, c.comment, c.is_locked, c.locked_at])).toEqual([
        ['PR', '', false, null],
        ['RB', '', false, null],
        ['NS', '', false, null],
      ]);
      expect(initiative.comments.some((c) => oldIds.has(c.id))).toBe(false);
    }
    // Only an update with text is one: the empty ones leave "no update yet" as it was.
    const byId = new Map(initiativesOf(after).map((initiative) => [initiative.id, initiative]));
    expect(byId.get(f.initiative)).toMatchObject({
      last_status: 'OT',
      last_progress_update: due,
      last_progress_comment: '<p>Beta shipped</p>',
    });
    expect(byId.get(f.blocked)).toMatchObject({
      last_status: 'BL',
      last_progress_update: null,
      last_progress_comment: null,
    });
    expect(byId.get(f.idle)).toMatchObject({
      last_status: 'IN',
      last_progress_update: null,
      last_progress_comment: null,
    });

    expect(await api.settingsOk(f.teamMember.key, f.strategy)).toMatchObject({
      next_progress_update: '2026-06-08T09:00:00+02:00',
      last_progress_update: '2026-06-01T09:00:00+02:00',
    });
    expect(
      (await server.api('GET', `/api/status-history/${f.strategy}/`, { token: f.sponsor.key })).body,
    ).toEqual([{ date: due, counts: { IN: 1, CO: 0, BL: 1, DE: 0, OT: 1 } }]);

    // History stays as it was: a locked comment refuses edits, and a later status change does not
    // reach the status recorded at the due date.
    const refused = await api.writeComment(f.owner.key, launchIds[0]!, '<p>Rewritten</p>');
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(PROGRESS_MESSAGES.commentLocked);
    expect((await api.setStatus(f.owner.key, f.initiative, 'DE')).status).toBe(200);
    const again = await api.lockedComments(f.master.key, f.strategy, due);
    expect(again.slice(0, 3).map((c) => [c.comment, c.initiative_status])).toEqual([
      ['<p>Beta shipped</p>', 'OT'],
      ['<p>Waiting for legal</p>', 'OT'],
      ['<p>Open the store listing</p>', 'OT'],
    ]);
    // The fresh comments take edits.
    const fresh = currentComments(after, f.initiative)[0]!;
    expect((await api.writeComment(f.owner.key, fresh.id, '<p>Next week</p>')).status).toBe(200);

    expect(await reportsTo(f)).toHaveLength(reportRecipients(f).length);
    expect(await runDue()).toEqual({ dueDates: 0, reminders: 0 });
  });

  it('should process due dates missed while down late, each once and in order', async () => {
    const f = await fixture();
    clock.set('2026-06-30T12:00:00Z');
    await api.setRhythm(f.master.key, f.strategy, {
      first_progress_update: '2026-07-01T09:00:00',
      time_zone: 'UTC',
      update_frequency_number: 1,
      update_frequency_unit: 'day',
    });
    const page = await api.page(f.owner.key, f.strategy);
    await writeUpdate(api, f.owner.key, page, f.initiative, ['<p>Day one</p>', '<p>None</p>', '<p>More</p>']);
    expect((await api.setStatus(f.owner.key, f.initiative, 'CO')).status).toBe(200);

    // The server was down from June 30 until after the third due date.
    clock.set('2026-07-03T10:00:00Z');
    expect(await runDue()).toEqual({ dueDates: 3, reminders: 0 });

    const dates = ['2026-07-03T09:00:00.000Z', '2026-07-02T09:00:00.000Z', '2026-07-01T09:00:00.000Z'];
    expect(await api.lockedDates(f.master.key, f.strategy)).toEqual(dates);
    const perDate = await Promise.all(
      dates.map((date) => api.lockedComments(f.master.key, f.strategy, date)),
    );
    for (const [index, comments] of perDate.entries()) {
      expect(comments, dates[index]).toHaveLength(9);
      expect(comments.every((c) => c.locked_at === dates[index] && c.is_locked)).toBe(true);
    }
    // The text written before the downtime belongs to the first date; the later ones were empty.
    const launchPr = (comments: (typeof perDate)[number]) =>
      comments.find((c) => c.initiative === f.initiative && c.comment_type === 'PR')!;
    expect(perDate.map((comments) => launchPr(comments).comment)).toEqual(['', '', '<p>Day one</p>']);
    expect(perDate.map((comments) => launchPr(comments).initiative_status)).toEqual(['CO', 'CO', 'CO']);
    const ids = perDate.flat().map((c) => c.id);
    expect(new Set(ids).size).toBe(27);

    // Three reports per recipient, oldest due date first.
    const reports = await reportsTo(f);
    expect(reports).toHaveLength(3 * reportRecipients(f).length);
    const toMaster = reports.filter((line) => line.startsWith(`${f.master.email}:`));
    expect(toMaster.map((line) => /\((\d\d\/\d\d\/\d{4}) at/.exec(line)?.[1])).toEqual([
      '07/01/2026',
      '07/02/2026',
      '07/03/2026',
    ]);

    expect(await api.settingsOk(f.master.key, f.strategy)).toMatchObject({
      next_progress_update: '2026-07-04T09:00:00+00:00',
      last_progress_update: '2026-07-03T09:00:00+00:00',
    });
    const history = (await server.api('GET', `/api/status-history/${f.strategy}/`, { token: f.master.key }))
      .body;
    expect(history.map((entry: { date: string }) => entry.date)).toEqual([...dates].reverse());

    const queued = (await outbox(server)).length;
    expect(await runDue()).toEqual({ dueDates: 0, reminders: 0 });
    expect(await api.lockedDates(f.master.key, f.strategy)).toHaveLength(3);
    expect((await outbox(server)).length).toBe(queued);
  });

  it('should recompute the next due date when the rhythm, time zone or frequency changes', async () => {
    const f = await fixture();
    clock.set('2026-06-10T12:00:00Z');
    const weekly = await api.setRhythm(f.master.key, f.strategy, {
      first_progress_update: '2026-06-01T09:00:00',
      time_zone: 'UTC',
      update_frequency_number: 1,
      update_frequency_unit: 'week',
    });
    // June 1 and 8 are past when saved: the next is June 15, and the past ones are not processed.
    expect(weekly).toMatchObject({
      first_progress_update: '2026-06-01T09:00:00+00:00',
      next_progress_update: '2026-06-15T09:00:00+00:00',
      last_progress_update: null,
      update_time: '09:00',
    });
    expect(await runDue()).toEqual({ dueDates: 0, reminders: 0 });
    expect(await api.lockedDates(f.master.key, f.strategy)).toEqual([]);

    const berlin = await api.setRhythm(f.master.key, f.strategy, { time_zone: 'Europe/Berlin' });
    expect(berlin.next_progress_update).toBe('2026-06-15T09:00:00+02:00');
    const threeWeeks = await api.setRhythm(f.master.key, f.strategy, { update_frequency_number: 3 });
    expect(threeWeeks.next_progress_update).toBe('2026-06-22T09:00:00+02:00');
    const monthly = await api.setRhythm(f.master.key, f.strategy, {
      update_frequency_number: 1,
      update_frequency_unit: 'month',
    });
    expect(monthly.next_progress_update).toBe('2026-07-01T09:00:00+02:00');
    const newYork = await api.setRhythm(f.master.key, f.strategy, { time_zone: 'America/New_York' });
    expect(newYork.next_progress_update).toBe('2026-07-01T09:00:00-04:00');
    const later = await api.setRhythm(f.master.key, f.strategy, { update_time: '17:30' });
    expect(later).toMatchObject({
      first_progress_update: '2026-06-01T17:30:00-04:00',
      next_progress_update: '2026-07-01T17:30:00-04:00',
      update_time: '17:30',
    });
    expect(await api.settingsOk(f.teamMember.key, f.strategy)).toMatchObject({
      next_progress_update: '2026-07-01T17:30:00-04:00',
      time_zone: 'America/New_York',
      update_frequency_unit: 'month',
    });

    // The recomputed date is the one the engine keeps.
    clock.set('2026-07-01T21:29:59Z');
    expect(await runDue()).toEqual({ dueDates: 0, reminders: 0 });
    clock.set('2026-07-01T21:30:00Z');
    expect(await runDue()).toEqual({ dueDates: 1, reminders: 0 });
    expect(await api.lockedDates(f.master.key, f.strategy)).toEqual(['2026-07-01T21:30:00.000Z']);

    const cleared = await api.setRhythm(f.master.key, f.strategy, { first_progress_update: null });
    expect(cleared).toMatchObject({ first_progress_update: null, next_progress_update: null });
    clock.set('2026-09-01T00:00:00Z');
    expect(await runDue()).toEqual({ dueDates: 0, reminders: 0 });
  });

  it('should refuse a comment edit that races the lock, keeping the text locked in history', async () => {
    const f = await fixture();
    clock.set('2026-11-01T12:00:00Z');
    await api.setRhythm(f.master.key, f.strategy, {
      first_progress_update: '2026-11-02T09:00:00',
      time_zone: 'UTC',
      update_frequency_number: 1,
      update_frequency_unit: 'day',
    });
    // Each round: an edit and the due date at the same moment. Whichever wins, a 200 means the
    // text is in history and in the report; a 409 means the text locked is the one from before.
    // The due date starts a little later each round, so both orders happen; in the 'read' rounds
    // it starts as soon as the edit has read the comment (still open), before the edit writes.
    const starts = ['read', 0, 'read', 2, 5, 10, 20, 40, 'read', 80] as const;
    for (const [round, start] of starts.entries()) {
      const due = new Date(Date.parse('2026-11-02T09:00:00Z') + round * DAY_MS);
      const page = await api.page(f.owner.key, f.strategy);
      const [comment] = currentComments(page, f.initiative);
      expect((await api.writeComment(f.owner.key, comment!.id, `<p>Before ${round}</p>`)).status).toBe(200);
      clock.set(due);
      // A successful autosave reads and writes in one statement (nothing can start in between),
      // so the 'read' rounds send an edit too large for one NOTIFY: it takes the checked path,
      // whose read of the comment comes before its write.
      const racing = `<p>Racing ${round}${start === 'read' ? ` ${'𝐀'.repeat(1750)}` : ''}</p>`;
      const pending =
        start === 'read' ? runDueAtQuery('from "comments" inner join "initiatives"') : undefined;
      const edit = api.writeComment(f.owner.key, comment!.id, racing);
      const [answer, pass] = await Promise.all([edit, pending ?? sleep(start as number).then(runDue)]);
      expect(pass.dueDates).toBe(1);
      // PGlite runs one statement at a time: the pass queued behind the edit's read goes first.
      if (start === 'read' && !process.env.TEST_DATABASE_URL)
        expect(answer.status, `round ${round}`).toBe(409);
      const locked = await api.lockedComments(f.owner.key, f.strategy, due.toISOString());
      const text = locked.find((c) => c.id === comment!.id)?.comment;
      if (answer.status === 200) expect(text, `round ${round}`).toBe(racing);
      else {
        expect(answer.status).toBe(409);
        expect(answer.body.detail).toBe(PROGRESS_MESSAGES.commentLocked);
        expect(text, `round ${round}`).toBe(`<p>Before ${round}</p>`);
      }
      // The report was written in the lock's transaction: it shows the text that was locked.
      const report = (await outbox(server)).filter(
        (mail) => mail.recipient === f.master.email && REPORT.test(mail.subject),
      )[round]!;
      expect(report.textBody, `round ${round}`).toContain(`Progress: ${text!.replace(/<\/?p>/g, '')}`);
      // After the due date the old comment is history for good.
      const late = await api.writeComment(f.owner.key, comment!.id, '<p>Too late</p>');
      expect(late.status).toBe(409);
      const still = await api.lockedComments(f.owner.key, f.strategy, due.toISOString());
      expect(still.find((c) => c.id === comment!.id)?.comment).toBe(text);
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'should refuse an edit that read the comment before the lock and writes after it (PostgreSQL)',
    async () => {
      const f = await fixture();
      clock.set('2026-12-01T12:00:00Z');
      await api.setRhythm(f.master.key, f.strategy, {
        first_progress_update: '2026-12-02T09:00:00',
        time_zone: 'UTC',
        update_frequency_unit: 'week',
      });
      const [comment] = currentComments(await api.page(f.owner.key, f.strategy), f.initiative);
      expect((await api.writeComment(f.owner.key, comment!.id, '<p>Before</p>')).status).toBe(200);

      // A third connection holds the comment row, so the due date's lock waits on it, then the
      // edit (which has already read the comment as open) waits behind the lock.
      const holder = new pg.Client({ connectionString: server.databaseUrl });
      await holder.connect();
      const waiting = async () =>
        Number(
          (
            await holder.query(
              `select count(*) from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
            )
          ).rows[0].count,
        );
      try {
        await holder.query('begin');
        await holder.query('select id from comments where id = $1 for update', [comment!.id]);
        clock.set('2026-12-02T09:00:00Z');
        const pass = runDue();
        await eventually(async () => (await waiting()) === 1, 'the due date waiting on the comment');
        const edit = api.writeComment(f.owner.key, comment!.id, '<p>Sneaked in</p>');
        await eventually(async () => (await waiting()) === 2, 'the edit waiting behind the due date');
        await holder.query('commit');
        const [answer, result] = await Promise.all([edit, pass]);
        expect(result.dueDates).toBe(1);
        expect(answer.status).toBe(409);
        expect(answer.body.detail).toBe(PROGRESS_MESSAGES.commentLocked);
      } finally {
        await holder.query('rollback').catch(() => undefined);
        await holder.end();
      }
      const locked = await api.lockedComments(f.owner.key, f.strategy, '2026-12-02T09:00:00Z');
      expect(locked.find((c) => c.id === comment!.id)?.comment).toBe('<p>Before</p>');
    },
  );

  it('should keep the scheduler’s claim on the settings row: a save waits and nothing is lost', async () => {
    const f = await fixture();
    clock.set('2027-01-01T12:00:00Z');
    await api.setRhythm(f.master.key, f.strategy, {
      first_progress_update: '2027-01-04T09:00:00',
      time_zone: 'UTC',
      update_frequency_unit: 'week',
    });
    clock.set('2027-01-04T09:00:00Z');
    // A save and a due date at the same moment: the due date is processed and the save applies.
    const [pass, saved] = await Promise.all([
      runDue(),
      api.update(f.master.key, f.strategy, { send_to_sponsors: false }),
    ]);
    expect(saved.status).toBe(200);
    expect(pass.dueDates).toBe(1);
    const settings = await api.settingsOk(f.master.key, f.strategy);
    expect(settings).toMatchObject({
      send_to_sponsors: false,
      next_progress_update: '2027-01-11T09:00:00+00:00',
      last_progress_update: '2027-01-04T09:00:00+00:00',
    });
    const [row] = await server.database.db
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.strategyId, f.strategy));
    expect(row!.nextDueIndex).toBe(1);
    expect(await api.lockedDates(f.master.key, f.strategy)).toEqual(['2027-01-04T09:00:00.000Z']);
    expect(await runDue()).toEqual({ dueDates: 0, reminders: 0 });
  });
});
