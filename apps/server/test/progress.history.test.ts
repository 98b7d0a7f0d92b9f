/**
 * The locked history (spec §2 "Progress update page", §4 "Progress view", §7; DESIGN §6):
 * GET /api/locked-comment-dates/{id}/, POST /api/locked-comments/ and GET /api/status-history/{id}/.
 * The tests run in order: the clock is moved through two due dates of one strategy, whose focus
 * areas and initiatives are ordered unlike their ids, so page order is really checked.
 */
import {
  type Comment,
  type InitiativeStatus,
  MESSAGES,
  PROGRESS_MESSAGES,
  type Strategy,
} from '@keystone/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { pageComments, progressSuite } from './helpers/progressApi';
import { ROLE_NAMES, ROLES, STRATEGY_NOT_FOUND, VIEWERS } from './helpers/strategyPermissionCalls';

/** Berlin, due every Monday at 00:30, which is still Sunday in UTC (winter time, +01:00). */
const FIRST_DUE = '2026-03-01T23:30:00.000Z';
const SECOND_DUE = '2026-03-08T23:30:00.000Z';
const ZERO = { IN: 0, CO: 0, BL: 0, DE: 0, OT: 0 };

describe('locked history', () => {
  const suite = progressSuite('2026-02-20T12:00:00.000Z');
  /** The other focus area's only initiative. */
  let other: number;
  /** A second strategy on the same rhythm: its comments are locked at the same instants. */
  let neighbour: number;
  /** What each due date should have locked, in page order. */
  const lockedAt: Record<string, Comment[]> = {};
  const masterKey = () => suite.people.master.key;
  const page = () => suite.strategies.page(masterKey(), suite.fixture.strategy);
  const lookUp = (date: unknown, key = masterKey(), strategy: unknown = suite.fixture.strategy) =>
    suite.progress.lockedComments(key, { strategy_id: strategy, date });

  const statusesOf = (strategy: Strategy) =>
    new Map(strategy.focus_areas.flatMap((area) => area.initiatives.map((item) => [item.id, item.status])));
  /** The current comments as the due date at `date` should lock them. */
  async function expectedLock(date: string): Promise<Comment[]> {
    const before = await page();
    const statuses = statusesOf(before);
    return pageComments(before).map((comment) => ({
      ...comment,
      is_locked: true,
      locked_at: date,
      initiative_status: statuses.get(comment.initiative) as InitiativeStatus,
    }));
  }
  const write = async (initiative: number, type: Comment['comment_type'], text: string) => {
    const strategy = await page();
    const comment = pageComments(strategy).find(
      (item) => item.initiative === initiative && item.comment_type === type,
    )!;
    await suite.progress.commentOk(masterKey(), comment.id, text);
  };
  const setStatus = async (initiative: number, status: InitiativeStatus) =>
    expect((await suite.progress.setStatus(masterKey(), initiative, status)).status).toBe(200);

  beforeAll(async () => {
    const key = masterKey();
    const { strategy, sibling } = suite.fixture;
    const created = await suite.server.api('POST', '/api/focusarea/create/', {
      token: key,
      body: { strategy },
    });
    expect(created.status).toBe(201);
    other = created.body.initiatives[0].id;
    // Page order: the new focus area first, then the sibling before the first initiative.
    expect(
      (
        await suite.server.api('PATCH', `/api/focusarea/sort/${created.body.id}/`, {
          token: key,
          body: { sort_index: 0 },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await suite.server.api('PATCH', `/api/initiative/sort/${sibling}/`, {
          token: key,
          body: { sort_index: 0 },
        })
      ).status,
    ).toBe(200);
    const order = (await page()).focus_areas.map((item) =>
      item.initiatives.map((initiative) => initiative.id),
    );
    expect(order).toEqual([[other], [sibling, suite.fixture.initiative]]);

    const rhythm = { time_zone: 'Europe/Berlin', first_progress_update: '2026-03-02T00:30:00' };
    const settings = await suite.progress.saveSettings(key, strategy, rhythm);
    expect(settings.next_progress_update).toBe('2026-03-02T00:30:00+01:00');
    neighbour = (await suite.strategies.create(key, { title: 'Neighbour' })).id;
    await suite.progress.saveSettings(key, neighbour, rhythm);
  });

  it('should have no history before the first due date', async () => {
    const dates = await suite.progress.lockedDates(masterKey(), suite.fixture.strategy);
    expect({ status: dates.status, body: dates.body }).toEqual({ status: 200, body: [] });
    const history = await suite.progress.statusHistory(masterKey(), suite.fixture.strategy);
    expect({ status: history.status, body: history.body }).toEqual({ status: 200, body: [] });
    const comments = await lookUp(FIRST_DUE);
    expect({ status: comments.status, body: comments.body }).toEqual({ status: 200, body: [] });
  });

  it('should lock every current comment with its initiative status at the first due date', async () => {
    await write(suite.fixture.initiative, 'PR', '<p>First progress</p>');
    await write(suite.fixture.initiative, 'RB', '<p>First roadblock</p>');
    await write(suite.fixture.sibling, 'NS', '<p>Sibling next steps</p>');
    await setStatus(suite.fixture.initiative, 'OT');
    await setStatus(suite.fixture.sibling, 'BL');
    lockedAt[FIRST_DUE] = await expectedLock(FIRST_DUE);
    expect(lockedAt[FIRST_DUE]).toHaveLength(9);

    // The strategy and its neighbour, both due at that instant.
    expect(await suite.reach('2026-03-02T00:00:00.000Z')).toEqual({ dueDates: 2, reminders: 0 });

    const dates = await suite.progress.lockedDates(masterKey(), suite.fixture.strategy);
    expect({ status: dates.status, body: dates.body }).toEqual({ status: 200, body: [FIRST_DUE] });
    const comments = await lookUp(FIRST_DUE);
    expect({ status: comments.status, body: comments.body }).toEqual({
      status: 200,
      body: lockedAt[FIRST_DUE],
    });
  });

  it('should list the dates newest first after a second due date', async () => {
    await write(suite.fixture.initiative, 'PR', '<p>Second progress</p>');
    await setStatus(suite.fixture.initiative, 'DE');
    await setStatus(other, 'CO');
    lockedAt[SECOND_DUE] = await expectedLock(SECOND_DUE);

    expect(await suite.reach('2026-03-09T08:00:00.000Z')).toEqual({ dueDates: 2, reminders: 0 });

    const dates = await suite.progress.lockedDates(masterKey(), suite.fixture.strategy);
    expect({ status: dates.status, body: dates.body }).toEqual({
      status: 200,
      body: [SECOND_DUE, FIRST_DUE],
    });
    const settings = await suite.progress.settingsOk(masterKey(), suite.fixture.strategy);
    expect(settings).toMatchObject({
      last_progress_update: '2026-03-09T00:30:00+01:00',
      next_progress_update: '2026-03-16T00:30:00+01:00',
    });
  });

  it.each([
    ['the exact ISO string of the list', FIRST_DUE, FIRST_DUE],
    ['the same instant without milliseconds', '2026-03-01T23:30:00Z', FIRST_DUE],
    ['the same instant with the Berlin offset', '2026-03-02T00:30:00+01:00', FIRST_DUE],
    ['the same instant with another offset', '2026-03-01T18:30:00-05:00', FIRST_DUE],
    ['the second date', SECOND_DUE, SECOND_DUE],
    ['the wall clock of the first date in Berlin, without an offset', '2026-03-02T00:30:00', FIRST_DUE],
    ['the day of the first date in Berlin', '2026-03-02', FIRST_DUE],
    ['the day of the second date in Berlin', '2026-03-09', SECOND_DUE],
  ])('should answer %s with the comments locked then, in page order', async (_case, date, due) => {
    const response = await lookUp(date);
    expect({ status: response.status, body: response.body }).toEqual({ status: 200, body: lockedAt[due] });
  });

  it('should keep each date as it was locked: later edits and statuses do not reach it', async () => {
    const first = (await lookUp(FIRST_DUE)).body as Comment[];
    const second = (await lookUp(SECOND_DUE)).body as Comment[];
    const firstOwn = first.filter((comment) => comment.initiative === suite.fixture.initiative);
    const secondOwn = second.filter((comment) => comment.initiative === suite.fixture.initiative);
    expect(
      firstOwn.map((comment) => [comment.comment_type, comment.comment, comment.initiative_status]),
    ).toEqual([
      ['PR', '<p>First progress</p>', 'OT'],
      ['RB', '<p>First roadblock</p>', 'OT'],
      ['NS', '', 'OT'],
    ]);
    expect(
      secondOwn.map((comment) => [comment.comment_type, comment.comment, comment.initiative_status]),
    ).toEqual([
      ['PR', '<p>Second progress</p>', 'DE'],
      ['RB', '', 'DE'],
      ['NS', '', 'DE'],
    ]);
    // Different rows: the second date's comments were created fresh at the first.
    const ids = new Set(first.map((comment) => comment.id));
    expect(second.some((comment) => ids.has(comment.id))).toBe(false);
  });

  it.each([
    ['a date with nothing locked', '2026-03-05T00:00:00.000Z'],
    ['a second off a due date', '2026-03-01T23:30:01.000Z'],
    ['the UTC day of a due date that is another day in Berlin', '2026-03-01'],
    ['a day without a due date', '2026-03-03'],
  ])('should answer %s with []', async (_case, date) => {
    const response = await lookUp(date);
    expect({ status: response.status, body: response.body }).toEqual({ status: 200, body: [] });
  });

  it('should give each strategy only its own history', async () => {
    const dates = await suite.progress.lockedDates(masterKey(), neighbour);
    expect(dates.body).toEqual([SECOND_DUE, FIRST_DUE]);
    const own = (await suite.strategies.page(masterKey(), neighbour)).focus_areas[0]!.initiatives[0]!.id;
    const comments = (await lookUp(FIRST_DUE, masterKey(), neighbour)).body as Comment[];
    expect(comments.map((comment) => [comment.initiative, comment.comment_type])).toEqual([
      [own, 'PR'],
      [own, 'RB'],
      [own, 'NS'],
    ]);
    const empty = await suite.strategies.create(masterKey(), { title: 'No rhythm' });
    expect((await suite.progress.lockedDates(masterKey(), empty.id)).body).toEqual([]);
    expect((await suite.progress.statusHistory(masterKey(), empty.id)).body).toEqual([]);
    expect((await lookUp(FIRST_DUE, masterKey(), empty.id)).body).toEqual([]);
  });

  it('should count the initiatives of each status at each date, oldest first', async () => {
    const response = await suite.progress.statusHistory(masterKey(), suite.fixture.strategy);
    expect({ status: response.status, body: response.body }).toEqual({
      status: 200,
      body: [
        { date: FIRST_DUE, counts: { ...ZERO, IN: 1, BL: 1, OT: 1 } },
        { date: SECOND_DUE, counts: { ...ZERO, CO: 1, BL: 1, DE: 1 } },
      ],
    });
  });

  it('should record the last status on each initiative, and the last update only where it had text', async () => {
    const initiatives = (await page()).focus_areas.flatMap((area) => area.initiatives);
    const own = initiatives.find((item) => item.id === suite.fixture.initiative)!;
    expect(own).toMatchObject({
      last_status: 'DE',
      last_progress_update: SECOND_DUE,
      last_progress_comment: '<p>Second progress</p>',
    });
    // Next steps at the first due date, nothing at the second: its last update stays the first.
    const sibling = initiatives.find((item) => item.id === suite.fixture.sibling)!;
    expect(sibling).toMatchObject({
      last_status: 'BL',
      last_progress_update: FIRST_DUE,
      last_progress_comment: '',
    });
    // Empty at both due dates: no update yet, whatever its status.
    expect(initiatives.find((item) => item.id === other)).toMatchObject({
      last_status: 'CO',
      last_progress_update: null,
      last_progress_comment: null,
    });
  });

  describe('who may read it', () => {
    it.each(ROLES.map((role) => [ROLE_NAMES[role], role] as const))(
      'should show the history to the %s only when they see the strategy',
      async (_name, role) => {
        const callsAs = async (key: string) => [
          await suite.progress.lockedDates(key, suite.fixture.strategy),
          await lookUp(FIRST_DUE, key),
          await suite.progress.statusHistory(key, suite.fixture.strategy),
        ];
        const asMaster = await callsAs(masterKey());
        const responses = await callsAs(suite.people[role].key);
        responses.forEach((response, index) => {
          const expected = VIEWERS.includes(role)
            ? { status: 200, body: asMaster[index]!.body }
            : { status: 404, body: { detail: STRATEGY_NOT_FOUND } };
          expect({ status: response.status, body: response.body }).toEqual(expected);
        });
        expect(asMaster.map((response) => response.body.length)).toEqual([2, 9, 2]);
      },
    );

    it("should answer another organisation's strategy and a missing one with 404", async () => {
      const rival = suite.people.otherOrganisation;
      const theirs = (await suite.strategies.create(rival.key, { title: 'Theirs' })).id;
      for (const strategy of [theirs, 2_147_483_647]) {
        for (const response of [
          await suite.progress.lockedDates(masterKey(), strategy),
          await lookUp(FIRST_DUE, masterKey(), strategy),
          await suite.progress.statusHistory(masterKey(), strategy),
        ]) {
          expect({ status: response.status, body: response.body }).toEqual({
            status: 404,
            body: { detail: STRATEGY_NOT_FOUND },
          });
        }
      }
      // And the other way round.
      const mine = await lookUp(FIRST_DUE, rival.key);
      expect({ status: mine.status, body: mine.body }).toEqual({
        status: 404,
        body: { detail: STRATEGY_NOT_FOUND },
      });
    });

    it('should refuse a call without a token with 403', async () => {
      for (const response of [
        await suite.server.api('GET', `/api/locked-comment-dates/${suite.fixture.strategy}/`),
        await suite.server.api('GET', `/api/status-history/${suite.fixture.strategy}/`),
        await suite.server.api('POST', '/api/locked-comments/', {
          body: { strategy_id: suite.fixture.strategy, date: FIRST_DUE },
        }),
      ]) {
        expect({ status: response.status, body: response.body }).toEqual({
          status: 403,
          body: { detail: MESSAGES.credentialsMissing },
        });
      }
    });
  });

  describe('bad input', () => {
    const invalidDate = {
      detail: PROGRESS_MESSAGES.invalidDateTime,
      errors: { date: [PROGRESS_MESSAGES.invalidDateTime] },
    };
    it.each([
      ['garbage', 'garbage'],
      ['an empty text', ''],
      ['a month 13', '2026-13-01'],
      ['a 30 February', '2026-02-30'],
      ['a time without a date', '23:30'],
      ['a number', 42],
      ['null', null],
      ['an object', { $gt: '' }],
      ['41 characters', `${FIRST_DUE}${'0'.repeat(17)}`],
    ])('should refuse a date that is %s with 400', async (_case, date) => {
      const response = await lookUp(date);
      expect({ status: response.status, body: response.body }).toEqual({ status: 400, body: invalidDate });
    });

    it('should refuse a missing date and a bad strategy id with 400', async () => {
      const missing = await suite.progress.lockedComments(masterKey(), {
        strategy_id: suite.fixture.strategy,
      });
      expect({ status: missing.status, body: missing.body }).toEqual({ status: 400, body: invalidDate });
      for (const strategy of ['abc', 0, -1, 1.5, null, true]) {
        const response = await lookUp(FIRST_DUE, masterKey(), strategy);
        expect(response.status, String(strategy)).toBe(400);
        expect(Object.keys(response.body.errors), String(strategy)).toEqual(['strategy_id']);
      }
      const noStrategy = await suite.progress.lockedComments(masterKey(), { date: FIRST_DUE });
      expect(noStrategy.status).toBe(400);
      expect(Object.keys(noStrategy.body.errors)).toEqual(['strategy_id']);
    });

    it('should refuse a bad id in the path with 400', async () => {
      for (const path of ['/api/locked-comment-dates/abc/', '/api/status-history/0/']) {
        const response = await suite.server.api('GET', path, { token: masterKey() });
        expect({ status: response.status, body: response.body }, path).toEqual({
          status: 400,
          body: {
            detail: 'A valid id is required.',
            errors: { non_field_errors: ['A valid id is required.'] },
          },
        });
      }
    });
  });
});
