/**
 * Several server instances on one PostgreSQL database share the due-date work (DESIGN §6): each
 * due date and each reminder is claimed by one of them (FOR UPDATE SKIP LOCKED), so it is
 * processed once and its mails are queued and delivered once. PostgreSQL only (the
 * `server-postgres` project); PGlite is one process and reports this file as skipped.
 */
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../../../testing/serverProcess';
import { type BuiltApp, buildApp } from '../src/app';
import { type Database, openDatabase } from '../src/db/client';
import { eventually, FakeClock, outbox, progressApi, sleep } from './helpers/progress';
import { type Member, signedInUser, strategyApi } from './helpers/strategies';
import { getTestServer, type TestServer } from './helpers/testServer';

const STRATEGIES = 20;

describe.runIf(process.env.TEST_DATABASE_URL)(
  'progress on two instances sharing one PostgreSQL database',
  () => {
    // Times after the real date, so the server processes' own clocks find nothing due at start.
    const clock = new FakeClock('2027-03-01T12:00:00Z');
    let a: TestServer;
    let b: BuiltApp;
    let bDatabase: Database;
    let master: Member;
    let api: ReturnType<typeof progressApi>;
    let rounds = 0;
    const rhythms: number[] = [];

    beforeAll(async () => {
      a = await getTestServer({ schedulerPollMs: 3_600_000 }, { clock });
      // A second app on its own connection pool to the same database: another instance.
      bDatabase = await openDatabase({ databaseUrl: a.databaseUrl, dataDir: '' });
      b = await buildApp(a.ctx.config, bDatabase, { clock });
      await b.app.ready();
      // Passes run when the tests say, on both instances at once.
      await Promise.all([a.scheduler.stop(), b.scheduler.stop()]);
      api = progressApi(a);
      master = await signedInUser(a, { firstName: 'Mia', lastName: 'Master' });
    });
    afterAll(async () => {
      await b?.app.close();
      await bDatabase?.close();
      await a?.close();
    });
    afterEach(async () => {
      for (const strategy of rhythms.splice(0))
        await api.setRhythm(master.key, strategy, { first_progress_update: null });
    });

    /** `STRATEGIES` strategies with the same rhythm; each report also goes to its own address. */
    async function strategiesWithRhythm(rhythm: Record<string, unknown>) {
      rounds += 1;
      const created: { id: number; title: string; guest: string }[] = [];
      for (let index = 0; index < STRATEGIES; index += 1) {
        const title = `Race ${rounds}.${index}`;
        const { id } = await strategyApi(a).create(master.key, { title });
        const guest = `guest-${rounds}-${index}@example.com`;
        await api.setRhythm(master.key, id, { ...rhythm, additional_recipients: guest });
        rhythms.push(id);
        created.push({ id, title, guest });
      }
      return created;
    }

    const both = () => Promise.all([a.scheduler.runDue(), b.scheduler.runDue()]);
    const total = (results: { dueDates: number; reminders: number }[]) => ({
      dueDates: results.reduce((sum, result) => sum + result.dueDates, 0),
      reminders: results.reduce((sum, result) => sum + result.reminders, 0),
    });

    /** Received mails to `to` whose subject matches, counted by subject. */
    const subjectsTo = (to: string, subject: RegExp) => {
      const counts: Record<string, number> = {};
      for (const mail of a.smtp.mailsTo(to).filter((m) => subject.test(m.subject)))
        counts[mail.subject] = (counts[mail.subject] ?? 0) + 1;
      return counts;
    };

    it('should process each missed due date of many strategies once when both instances run at once', async () => {
      clock.set('2027-03-01T12:00:00Z');
      const strategies = await strategiesWithRhythm({
        first_progress_update: '2027-03-02T09:00:00',
        time_zone: 'UTC',
        update_frequency_number: 1,
        update_frequency_unit: 'day',
      });
      const queuedBefore = (await outbox(a)).length;

      // Both instances wake after three due dates of every strategy have passed.
      clock.set('2027-03-04T10:00:00Z');
      const results = await both();
      expect(total(results)).toEqual({ dueDates: 3 * STRATEGIES, reminders: 0 });

      const dates = ['2027-03-04T09:00:00.000Z', '2027-03-03T09:00:00.000Z', '2027-03-02T09:00:00.000Z'];
      for (const strategy of strategies) {
        expect(await api.lockedDates(master.key, strategy.id), strategy.title).toEqual(dates);
        for (const date of dates)
          expect(await api.lockedComments(master.key, strategy.id, date)).toHaveLength(3);
        expect((await api.settingsOk(master.key, strategy.id)).next_progress_update).toBe(
          '2027-03-05T09:00:00+00:00',
        );
      }

      // One report per strategy, recipient and due date in the outbox…
      const queued = (await outbox(a)).slice(queuedBefore);
      expect(queued).toHaveLength(2 * 3 * STRATEGIES);
      const keys = queued.map((mail) => `${mail.recipient} ${mail.subject}`);
      expect(new Set(keys).size).toBe(keys.length);
      // …and at the SMTP server, whichever instance's outbox sent it.
      const guests = strategies.map((strategy) => strategy.guest);
      await eventually(
        () =>
          guests.every((guest) => a.smtp.mailsTo(guest).length >= 3) &&
          a.smtp.mailsTo(master.email).length >= 60,
        'every report delivered',
        20_000,
      );
      await sleep(1500);
      for (const strategy of strategies) {
        const reports = subjectsTo(strategy.guest, /^Progress report: /);
        expect(Object.values(reports), strategy.guest).toEqual([1, 1, 1]);
        expect(Object.keys(reports).every((subject) => subject.includes(strategy.title))).toBe(true);
      }
      expect(Object.values(subjectsTo(master.email, /^Progress report: /))).toEqual(
        Array(3 * STRATEGIES).fill(1),
      );

      expect(total(await both())).toEqual({ dueDates: 0, reminders: 0 });
      expect((await outbox(a)).length - queuedBefore).toBe(2 * 3 * STRATEGIES);
    });

    it('should send each reminder once when both instances run at once', async () => {
      clock.set('2027-04-01T12:00:00Z');
      const strategies = await strategiesWithRhythm({
        first_progress_update: '2027-04-05T09:00:00',
        time_zone: 'Europe/Berlin',
        update_frequency_unit: 'week',
        team_reminders: [
          { offset_number: 2, offset_unit: 'day' },
          { offset_number: 1, offset_unit: 'day' },
        ],
      });
      const before = a.smtp.mailsTo(master.email).length;

      clock.set('2027-04-03T09:00:00+02:00');
      expect(total(await both())).toEqual({ dueDates: 0, reminders: STRATEGIES });
      expect(total(await both())).toEqual({ dueDates: 0, reminders: 0 });
      clock.set('2027-04-04T09:00:00+02:00');
      expect(total(await both())).toEqual({ dueDates: 0, reminders: STRATEGIES });

      await eventually(
        () => a.smtp.mailsTo(master.email).length >= before + 2 * STRATEGIES,
        'every reminder',
      );
      await sleep(1500);
      const reminders = subjectsTo(master.email, /^Reminder: /);
      for (const strategy of strategies) {
        expect(
          reminders[`Reminder: progress update for ${strategy.title} due in 2 days`],
          strategy.title,
        ).toBe(1);
        expect(
          reminders[`Reminder: progress update for ${strategy.title} due in 24 hours`],
          strategy.title,
        ).toBe(1);
      }
      // Reminders are not for the added addresses.
      expect(strategies.flatMap((strategy) => a.smtp.mailsTo(strategy.guest))).toEqual([]);
    });

    it('should not wait for a due date another instance holds, and leave it to that instance', async () => {
      clock.set('2027-05-01T12:00:00Z');
      const strategies = await strategiesWithRhythm({
        first_progress_update: '2027-05-03T09:00:00',
        time_zone: 'UTC',
        update_frequency_unit: 'week',
      });
      const held = strategies[0]!;
      // Another instance is in the middle of this strategy's due date: it holds its settings row.
      const other = new pg.Client({ connectionString: a.databaseUrl });
      await other.connect();
      try {
        await other.query('begin');
        await other.query('select id from notification_settings where strategy_id = $1 for update', [
          held.id,
        ]);
        clock.set('2027-05-03T09:00:00Z');
        const pass = a.scheduler.runDue();
        const outcome = await Promise.race([pass, sleep(5000).then(() => 'still waiting' as const)]);
        expect(outcome).toEqual({ dueDates: STRATEGIES - 1, reminders: 0 });
        expect(await api.lockedDates(master.key, held.id)).toEqual([]);
        expect(await api.lockedDates(master.key, strategies[1]!.id)).toEqual(['2027-05-03T09:00:00.000Z']);
        await other.query('rollback');
        // The "other instance" gave up (crashed): the due date is still there for the next pass.
        expect(await b.scheduler.runDue()).toEqual({ dueDates: 1, reminders: 0 });
        expect(await api.lockedDates(master.key, held.id)).toEqual(['2027-05-03T09:00:00.000Z']);
      } finally {
        await other.query('rollback').catch(() => undefined);
        await other.end();
      }
    });

    describe('as separate server processes with test clocks', () => {
      let processes: ServerProcess[] = [];

      beforeAll(async () => {
        const env = { DATABASE_URL: a.databaseUrl, SMTP_URL: a.ctx.config.smtpUrl, TEST_CLOCK: '1' };
        processes = await Promise.all([startServerProcess(env), startServerProcess(env)]);
      }, 90_000);
      afterAll(async () => {
        await Promise.all(processes.map((instance) => instance.stop()));
      });

      it('should process each due date once when both processes’ clocks move past it together', async () => {
        clock.set('2027-06-01T12:00:00Z');
        const strategies = await strategiesWithRhythm({
          first_progress_update: '2027-06-02T09:00:00',
          time_zone: 'America/New_York',
          update_frequency_unit: 'week',
        });
        const moved = await Promise.all(
          processes.map((instance) =>
            instance.api('POST', '/api/test/clock', { body: { now: '2027-06-16T14:00:00Z' } }),
          ),
        );
        for (const answer of moved) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        // June 2, 9 and 16 at 09:00 EDT, for every strategy, split between the two processes.
        expect(moved.reduce((sum, answer) => sum + answer.body.dueDates, 0)).toBe(3 * STRATEGIES);
        for (const strategy of strategies)
          expect(await api.lockedDates(master.key, strategy.id)).toEqual([
            '2027-06-16T13:00:00.000Z',
            '2027-06-09T13:00:00.000Z',
            '2027-06-02T13:00:00.000Z',
          ]);
        await eventually(
          () => strategies.every((strategy) => a.smtp.mailsTo(strategy.guest).length >= 3),
          'every report',
          20_000,
        );
        await sleep(1500);
        for (const strategy of strategies)
          expect(Object.values(subjectsTo(strategy.guest, /^Progress report: /)), strategy.guest).toEqual([
            1, 1, 1,
          ]);
      });
    });
  },
);
