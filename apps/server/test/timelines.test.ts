/**
 * An initiative's timeline (spec §2, §5, §7): GET /api/initiative/{id}/timelines/, POST
 * /api/timeline/create/, PATCH /api/timeline/update/{id}/, DELETE /api/timeline/delete/{id}/.
 * Who may do what follows DESIGN §4 (edit initiative: owner, sponsor, strategy master).
 */
import { CHARTER_MESSAGES, LIMITS, MESSAGES, NO_LINE_BREAK_MESSAGE, type Timeline } from '@keystone/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { timelines } from '../src/db/schema';
import { charterSuite } from './helpers/charter';
import { strategyApi } from './helpers/strategies';
import { EDITORS, INITIATIVE_NOT_FOUND, ROLE_NAMES, ROLES, VIEWERS } from './helpers/strategyPermissionCalls';
import type { ApiResponse } from './helpers/testServer';

const { invalidDate, dateOutOfRange, endBeforeStart, timelineNotFound } = CHARTER_MESSAGES;

/** A 400 naming one field with one message, as every validation error does. */
function expectRefused(response: ApiResponse, field: string, message: string) {
  expect({ status: response.status, body: response.body }).toEqual({
    status: 400,
    body: { detail: message, errors: { [field]: [message] } },
  });
}

/** A day `years` from this year, on 15 June. */
const yearsAway = (years: number) => `${new Date().getUTCFullYear() + years}-06-15`;

describe('timelines', () => {
  const suite = charterSuite();
  let master: string;
  beforeAll(() => {
    master = suite.people.master.key;
  });

  const listed = (initiative = suite.fixture.initiative) => suite.charter.rows(master, initiative);
  const create = (body: object, initiative = suite.fixture.initiative) =>
    suite.charter.createTimeline(master, { initiative, ...body });
  const update = (id: number, body: unknown) => suite.charter.updateTimeline(master, id, body);
  const storedRow = async (id: number) => (await listed()).find((row) => row.id === id);

  describe('who may do what (DESIGN §4)', () => {
    const roles = ROLES.map((role) => [ROLE_NAMES[role], role] as const);

    it.each(roles)(
      'should answer the list to the %s only when they see the strategy',
      async (_name, role) => {
        const row = await suite.charter.addTimeline(master, suite.fixture.initiative, {
          description: `Seen by ${role}`,
        });
        const response = await suite.charter.timelines(suite.people[role].key, suite.fixture.initiative);
        if (VIEWERS.includes(role)) {
          expect(response.status).toBe(200);
          expect(response.body).toContainEqual(row);
        } else {
          expect({ status: response.status, body: response.body }).toEqual({
            status: 404,
            body: { detail: INITIATIVE_NOT_FOUND },
          });
        }
      },
    );

    it.each(roles)(
      'should let the %s create, update and delete rows only as an editor',
      async (_name, role) => {
        const key = suite.people[role].key;
        const existing = await suite.charter.addTimeline(master, suite.fixture.initiative, {
          description: 'Kick-off',
          start_date: '2026-04-01',
          end_date: '2026-04-30',
        });
        const before = await listed();

        const created = await suite.charter.createTimeline(key, {
          initiative: suite.fixture.initiative,
          description: `Beta by ${role}`,
          start_date: '2026-05-01',
          end_date: '2026-05-31',
        });
        const updated = await suite.charter.updateTimeline(key, existing.id, {
          description: 'Kick-off, moved',
          end_date: '2026-06-30',
        });
        const deleted = await suite.charter.deleteTimeline(key, existing.id);

        if (EDITORS.includes(role)) {
          expect(created.status, JSON.stringify(created.body)).toBe(201);
          expect(created.body).toEqual({
            id: expect.any(Number),
            model: 'timeline',
            description: `Beta by ${role}`,
            start_date: '2026-05-01',
            end_date: '2026-05-31',
            initiative: suite.fixture.initiative,
            version: 1,
          });
          expect(updated.status, JSON.stringify(updated.body)).toBe(200);
          expect(updated.body).toEqual({
            ...existing,
            description: 'Kick-off, moved',
            end_date: '2026-06-30',
            version: existing.version + 1,
          });
          expect(deleted.status).toBe(204);
          const after = await listed();
          expect(after).toContainEqual(created.body);
          expect(after.map((row) => row.id)).not.toContain(existing.id);
          return;
        }
        const refusal = (detail: string) =>
          VIEWERS.includes(role) ? { detail: MESSAGES.noPermission } : { detail };
        const status = VIEWERS.includes(role) ? 403 : 404;
        expect([created, updated, deleted].map((response) => [response.status, response.body])).toEqual([
          [status, refusal(INITIATIVE_NOT_FOUND)],
          [status, refusal(timelineNotFound)],
          [status, refusal(timelineNotFound)],
        ]);
        expect(await listed()).toEqual(before);
      },
    );

    it('should answer a hidden initiative and row exactly as ones that do not exist', async () => {
      const row = await suite.charter.addTimeline(master, suite.fixture.initiative);
      const missing = 2_147_483_647;
      const calls = (initiative: number, id: number) => (key: string) =>
        Promise.all([
          suite.charter.timelines(key, initiative),
          suite.charter.createTimeline(key, { initiative }),
          suite.charter.updateTimeline(key, id, { description: 'x' }),
          suite.charter.deleteTimeline(key, id),
        ]).then((answers) => answers.map((answer) => [answer.status, answer.body]));
      const absent = await calls(missing, missing)(master);
      for (const role of ['noRole', 'otherOrganisation'] as const) {
        expect(await calls(suite.fixture.initiative, row.id)(suite.people[role].key), role).toEqual(absent);
      }
      expect(absent.map(([status]) => status)).toEqual([404, 404, 404, 404]);
      expect(await storedRow(row.id)).toEqual(row);
    });

    it('should keep a row on its initiative whatever an update names', async () => {
      const row = await suite.charter.addTimeline(master, suite.fixture.initiative);
      const response = await update(row.id, { initiative: suite.fixture.sibling, description: 'Stays' });
      expect(response.status).toBe(200);
      expect(response.body.initiative).toBe(suite.fixture.initiative);
      expect(await suite.charter.rows(master, suite.fixture.sibling)).toEqual([]);
    });
  });

  describe('dates (spec §5)', () => {
    const BAD_DATES: Array<[string, unknown, string]> = [
      ['a day that does not exist', '2026-02-30', invalidDate],
      ['a word', 'yesterday', invalidDate],
      ['a number', 12345, invalidDate],
      ['a day without leading zeros', '2026-1-1', invalidDate],
      ['a day written the American way', '03/10/2026', invalidDate],
      ['a day 100 years ahead', yearsAway(100), dateOutOfRange],
      ['a day 100 years back', yearsAway(-100), dateOutOfRange],
    ];

    it.each(BAD_DATES)(
      'should refuse %s in either date on create and update',
      async (_case, value, message) => {
        const row = await suite.charter.addTimeline(master, suite.fixture.initiative, {
          start_date: '2026-03-10',
          end_date: '2026-03-20',
        });
        const before = await listed();
        for (const field of ['start_date', 'end_date']) {
          expectRefused(await create({ [field]: value }), field, message);
          expectRefused(await update(row.id, { [field]: value }), field, message);
        }
        expect(await listed()).toEqual(before);
      },
    );

    it('should accept days up to 49 years either side of today', async () => {
      const row = await suite.charter.addTimeline(master, suite.fixture.initiative, {
        start_date: yearsAway(-49),
        end_date: yearsAway(49),
      });
      expect(row).toMatchObject({ start_date: yearsAway(-49), end_date: yearsAway(49) });
    });

    it('should refuse an end before the start on create, and accept the same day', async () => {
      const before = await listed();
      const refused = await create({ start_date: '2026-03-10', end_date: '2026-03-09' });
      expectRefused(refused, 'end_date', endBeforeStart);
      expect(await listed()).toEqual(before);
      const sameDay = await create({ start_date: '2026-03-10', end_date: '2026-03-10' });
      expect(sameDay.status).toBe(201);
    });

    it('should compare an update with the dates already stored', async () => {
      const row = await suite.charter.addTimeline(master, suite.fixture.initiative, {
        start_date: '2026-03-10',
        end_date: '2026-03-20',
      });
      expectRefused(await update(row.id, { end_date: '2026-03-09' }), 'end_date', endBeforeStart);
      expectRefused(await update(row.id, { start_date: '2026-03-21' }), 'end_date', endBeforeStart);
      expect(await storedRow(row.id)).toEqual(row);

      // Both moved together is fine, and the new pair is what counts next.
      const moved = await update(row.id, { start_date: '2026-03-21', end_date: '2026-03-25' });
      expect(moved.body).toEqual({ ...row, start_date: '2026-03-21', end_date: '2026-03-25', version: 2 });
      expectRefused(await update(row.id, { end_date: '2026-03-20' }), 'end_date', endBeforeStart);
      expect(await storedRow(row.id)).toEqual(moved.body);
    });

    it('should clear a date with null, after which any end is accepted', async () => {
      const row = await suite.charter.addTimeline(master, suite.fixture.initiative, {
        start_date: '2026-03-10',
        end_date: '2026-03-20',
      });
      const cleared = await update(row.id, { start_date: null });
      expect(cleared.body).toEqual({ ...row, start_date: null, version: 2 });
      const earlier = await update(row.id, { end_date: '2026-01-01' });
      expect(earlier.body).toEqual({ ...row, start_date: null, end_date: '2026-01-01', version: 3 });
      await update(row.id, { end_date: null });
      expect(await storedRow(row.id)).toEqual({ ...row, start_date: null, end_date: null, version: 4 });

      const blank = await create({ description: null, start_date: null, end_date: null });
      expect(blank.body).toMatchObject({ description: null, start_date: null, end_date: null });
    });

    it('should store an ISO timestamp as its UTC day, and compare the days', async () => {
      const created = await create({
        start_date: '2026-03-10T12:00:00Z',
        end_date: '2026-03-10T23:30:00-05:00',
      });
      expect(created.body).toMatchObject({ start_date: '2026-03-10', end_date: '2026-03-11' });
      expect(await storedRow(created.body.id)).toEqual(created.body);

      // 23:30 on the 10th in New York is the 11th; 01:00 on the 11th in Athens is still the 10th.
      expectRefused(
        await create({ start_date: '2026-03-10T23:30:00-05:00', end_date: '2026-03-11T01:00:00+02:00' }),
        'end_date',
        endBeforeStart,
      );
      const updated = await update(created.body.id, { end_date: '2026-04-01T00:00:00.000Z' });
      expect(updated.body.end_date).toBe('2026-04-01');
    });
  });

  describe('description (spec §5: one line, rich text)', () => {
    it.each([
      ['a <br>', 'Alpha<br>Beta'],
      ['two paragraphs', '<p>Alpha</p><p>Beta</p>'],
      ['a newline', 'Alpha\nBeta'],
    ])('should refuse %s on create and update', async (_case, description) => {
      const row = await suite.charter.addTimeline(master, suite.fixture.initiative, {
        description: 'One line',
      });
      const before = await listed();
      expectRefused(await create({ description }), 'description', NO_LINE_BREAK_MESSAGE);
      expectRefused(await update(row.id, { description }), 'description', NO_LINE_BREAK_MESSAGE);
      expect(await listed()).toEqual(before);
    });

    it('should store the description sanitised', async () => {
      const hostile =
        '<strong>Launch</strong> <a href="javascript:alert(1)" onclick="x()">now</a><script>alert(1)</script>';
      const clean = '<strong>Launch</strong> <a target="_blank" rel="noopener noreferrer nofollow">now</a>';
      const created = await create({ description: hostile });
      expect(created.body.description).toBe(clean);
      const row: Timeline = created.body;
      const updated = await update(row.id, { description: `<em>Go</em><img src=x onerror=alert(1)>` });
      expect(updated.body.description).toBe('<em>Go</em>');
      expect(await storedRow(row.id)).toEqual({ ...row, description: '<em>Go</em>', version: 2 });
    });

    it('should count 900 plain characters, markup and entities aside, and refuse 901', async () => {
      const full = `<strong>${'a'.repeat(450)}</strong>${'&amp;'.repeat(449)}😀`;
      const created = await create({ description: full });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.description).toBe(full);
      expectRefused(await create({ description: `${full}b` }), 'description', MESSAGES.charactersReached);
      const row: Timeline = created.body;
      expectRefused(
        await update(row.id, { description: `b${full}` }),
        'description',
        MESSAGES.charactersReached,
      );
      expect(await storedRow(row.id)).toEqual(row);
    });
  });

  describe('rows', () => {
    it(`should hold at most ${LIMITS.timelinesPerInitiative} rows per initiative, even when added at once`, async () => {
      const limit = LIMITS.timelinesPerInitiative;
      const { sibling } = suite.fixture;
      for (let index = 0; index < limit - 5; index += 1) {
        await suite.charter.addTimeline(master, sibling, { description: `Step ${index}` });
      }
      const racing = await Promise.all(
        Array.from({ length: 10 }, (_, index) => create({ description: `Race ${index}` }, sibling)),
      );
      const statuses = racing.map((response) => response.status).sort();
      expect(statuses).toEqual([...Array(5).fill(201), ...Array(5).fill(409)]);
      const refusal = racing.find((response) => response.status === 409)!;
      expect(refusal.body).toEqual({ detail: `An initiative can have at most ${limit} timeline rows.` });

      const rows = await listed(sibling);
      expect(rows).toHaveLength(limit);
      const ids = rows.map((row) => row.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));

      expect((await suite.charter.deleteTimeline(master, ids[0]!)).status).toBe(204);
      expect((await create({}, sibling)).status).toBe(201);
      expect((await create({}, sibling)).status).toBe(409);
    });

    it('should answer 404 for a deleted row', async () => {
      const row = await suite.charter.addTimeline(master, suite.fixture.initiative);
      expect((await suite.charter.deleteTimeline(master, row.id)).status).toBe(204);
      for (const response of [
        await update(row.id, { description: 'Back?' }),
        await suite.charter.deleteTimeline(master, row.id),
      ]) {
        expect({ status: response.status, body: response.body }).toEqual({
          status: 404,
          body: { detail: timelineNotFound },
        });
      }
      expect((await listed()).map((one) => one.id)).not.toContain(row.id);
    });

    it('should delete the rows of a deleted initiative', async () => {
      const doomed = await strategyApi(suite.server).addInitiative(master, suite.fixture.area);
      const row = await suite.charter.addTimeline(master, doomed.id, { description: 'Doomed' });
      expect(
        (await suite.server.api('DELETE', `/api/initiative/delete/${doomed.id}/`, { token: master })).status,
      ).toBe(204);
      expect((await suite.charter.timelines(master, doomed.id)).status).toBe(404);
      const again = await update(row.id, { description: 'Still here?' });
      expect({ status: again.status, body: again.body }).toEqual({
        status: 404,
        body: { detail: timelineNotFound },
      });
      expect(await suite.server.database.db.select().from(timelines).where(eq(timelines.id, row.id))).toEqual(
        [],
      );
    });
  });
});
