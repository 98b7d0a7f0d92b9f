/**
 * GET /api/portfolio/ (issue 18): every strategy the user can see with its status counts now and
 * at the last due dates, the next due date, the initiatives whose current update is empty and the
 * measures off track (issue 30), in a fixed number of queries. The tests run in order on a fake
 * clock moved through six due dates.
 */
import { type Comment, type InitiativeStatus, MESSAGES, type PortfolioStrategy } from '@keystone/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { measureApi } from './helpers/measures';
import { pageComments, progressSuite } from './helpers/progressApi';
import { personOf, signedInUser } from './helpers/strategies';

/** Berlin, due every Monday at 09:00 (winter time, +01:00). */
const DUE_DATES = [
  '2026-03-02T08:00:00.000Z',
  '2026-03-09T08:00:00.000Z',
  '2026-03-16T08:00:00.000Z',
  '2026-03-23T08:00:00.000Z',
  '2026-03-30T07:00:00.000Z', // summer time from 29 March: 09:00 is +02:00
];
const ZERO = { IN: 0, CO: 0, BL: 0, DE: 0, OT: 0 };

describe('GET /api/portfolio/', () => {
  const suite = progressSuite('2026-02-20T12:00:00.000Z');
  const masterKey = () => suite.people.master.key;
  const overview = (key: string) => suite.server.api('GET', '/api/portfolio/', { token: key });
  async function overviewOk(key: string): Promise<PortfolioStrategy[]> {
    const response = await overview(key);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  }
  const grow = async (key = masterKey()) =>
    (await overviewOk(key)).find((strategy) => strategy.id === suite.fixture.strategy);

  const write = async (initiative: number, type: Comment['comment_type'], text: string) => {
    const page = await suite.strategies.page(masterKey(), suite.fixture.strategy);
    const comment = pageComments(page).find(
      (item) => item.initiative === initiative && item.comment_type === type,
    )!;
    await suite.progress.commentOk(masterKey(), comment.id, text);
  };
  const setStatus = async (initiative: number, status: InitiativeStatus) =>
    expect((await suite.progress.setStatus(masterKey(), initiative, status)).status).toBe(200);

  beforeAll(async () => {
    const { strategy } = suite.fixture;
    const key = masterKey();
    const rename = (id: number, title: string) =>
      suite.server.api('PATCH', `/api/initiative/update/${id}/`, { token: key, body: { title } });
    expect((await rename(suite.fixture.initiative, 'Launch app')).status).toBe(200);
    expect((await rename(suite.fixture.sibling, 'Tidy up')).status).toBe(200);
    await suite.server.api('PATCH', `/api/focusarea/update/${suite.fixture.area}/`, {
      token: key,
      body: { title: 'Customers' },
    });
    await suite.progress.saveSettings(key, strategy, {
      time_zone: 'Europe/Berlin',
      first_progress_update: '2026-03-02T09:00:00',
    });
  });

  it('should answer an empty list to someone without a strategy, and nothing of another organisation', async () => {
    expect(await overviewOk(suite.people.noRole.key)).toEqual([]);
    expect(await overviewOk(suite.people.otherOrganisation.key)).toEqual([]);
    // Each organisation sees only its own, even where a strategy of the other is on the same rhythm.
    const foreign = await suite.strategies.create(suite.people.otherOrganisation.key, { title: 'Foreign' });
    expect((await overviewOk(suite.people.otherOrganisation.key)).map((item) => item.id)).toEqual([
      foreign.id,
    ]);
    expect((await overviewOk(masterKey())).map((item) => item.id)).toEqual([suite.fixture.strategy]);
  });

  it('should show a new strategy: everything Inactive, no trend, the next due date, every update empty', async () => {
    expect(await grow()).toEqual({
      id: suite.fixture.strategy,
      title: 'Grow',
      counts: { ...ZERO, IN: 2 },
      trend: [],
      next_due_date: '2026-03-02T09:00:00+01:00',
      time_zone: 'Europe/Berlin',
      empty_updates: [
        { id: suite.fixture.initiative, title: 'Launch app', focus_area_title: 'Customers' },
        { id: suite.fixture.sibling, title: 'Tidy up', focus_area_title: 'Customers' },
      ],
      measure_count: 0,
      measures_off_track: [],
    });
  });

  it('should show it to everyone with a role, as the strategies list does', async () => {
    for (const role of ['owner', 'sponsor', 'teamMember'] as const) {
      expect((await grow(suite.people[role].key))?.id, role).toBe(suite.fixture.strategy);
    }
  });

  it('should count an update with any visible text as written, and blank markup as empty', async () => {
    await write(suite.fixture.initiative, 'NS', '<p>Call the <strong>supplier</strong></p>');
    await write(suite.fixture.sibling, 'PR', '<p> &nbsp; </p><p></p>');
    await setStatus(suite.fixture.initiative, 'OT');
    await setStatus(suite.fixture.sibling, 'BL');
    const strategy = await grow();
    expect(strategy?.counts).toEqual({ ...ZERO, OT: 1, BL: 1 });
    expect(strategy?.empty_updates.map((item) => item.id)).toEqual([suite.fixture.sibling]);
  });

  it('should show the counts of the last four due dates, oldest first, and start afresh after each', async () => {
    const statuses: [InitiativeStatus, InitiativeStatus][] = [
      ['OT', 'BL'],
      ['DE', 'BL'],
      ['DE', 'OT'],
      ['CO', 'OT'],
      ['CO', 'CO'],
    ];
    for (const [index, due] of DUE_DATES.entries()) {
      const [first, second] = statuses[index]!;
      await setStatus(suite.fixture.initiative, first);
      await setStatus(suite.fixture.sibling, second);
      if (index > 0) await write(suite.fixture.sibling, 'RB', `<p>Roadblock ${index}</p>`);
      await suite.reach(due);
    }
    const strategy = await grow();
    expect(strategy?.trend).toEqual([
      { date: DUE_DATES[1], counts: { ...ZERO, DE: 1, BL: 1 } },
      { date: DUE_DATES[2], counts: { ...ZERO, DE: 1, OT: 1 } },
      { date: DUE_DATES[3], counts: { ...ZERO, CO: 1, OT: 1 } },
      { date: DUE_DATES[4], counts: { ...ZERO, CO: 2 } },
    ]);
    expect(strategy?.counts).toEqual({ ...ZERO, CO: 2 });
    expect(strategy?.next_due_date).toBe('2026-04-06T09:00:00+02:00');
    // The due date locked the written comments: both current updates are fresh and empty again.
    expect(strategy?.empty_updates.map((item) => item.id)).toEqual([
      suite.fixture.initiative,
      suite.fixture.sibling,
    ]);
  });

  it('should give a strategy without a schedule no next due date', async () => {
    const plain = await suite.strategies.create(masterKey(), { title: 'No rhythm' });
    const strategy = (await overviewOk(masterKey())).find((item) => item.id === plain.id);
    expect(strategy).toMatchObject({ next_due_date: null, time_zone: 'UTC', trend: [], counts: { IN: 1 } });
    // The most recently worked-on strategy comes first, as in the strategies list.
    expect((await overviewOk(masterKey()))[0]?.id).toBe(plain.id);
  });

  it('should refuse a missing key and the key of a deactivated person', async () => {
    const anonymous = await suite.server.api('GET', '/api/portfolio/');
    expect(anonymous.status).toBe(403);
    const gone = await signedInUser(suite.server, { organisationId: suite.people.master.organisationId });
    await suite.server.database.db.execute(sql`update users set is_active = false where id = ${gone.id}`);
    const refused = await overview(gone.key);
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 403,
      body: { detail: MESSAGES.invalidToken },
    });
  });

  it('should count the measures and list those whose latest value is off track, in page order', async () => {
    const measures = measureApi(suite.server);
    const key = masterKey();
    const { initiative, sibling, area } = suite.fixture;
    // Stay at or above 90 %, with the default amber band of 10 %: 85 is behind, 50 off track.
    const atLeast = { unit: 'percent', baseline: '80', target: '90', direction: 'at_least' };
    const define = (owner: { initiative: number } | { focus_area: number }, title: string) =>
      measures.define(key, owner, { ...atLeast, unit_label: '', title });
    // Defined out of page order, so the list's order is the page's and not the ids'.
    const share = await define({ initiative: sibling }, 'Share');
    const reach = await define({ initiative }, 'Reach');
    const satisfaction = await define({ focus_area: area }, 'Satisfaction');
    const behind = await define({ initiative }, 'Behind');
    await define({ initiative }, 'Unread');
    expect(await grow()).toMatchObject({ measure_count: 5, measures_off_track: [] });

    const write = async (id: number, value: string) =>
      expect((await measures.write(key, id, { value })).status).toBe(200);
    await write(share.id, '50');
    await write(reach.id, '10');
    await write(satisfaction.id, '20');
    await write(behind.id, '85');
    expect((await grow())?.measures_off_track).toEqual([
      {
        id: satisfaction.id,
        title: 'Satisfaction',
        initiative: null,
        initiative_title: '',
        focus_area_title: 'Customers',
      },
      {
        id: reach.id,
        title: 'Reach',
        initiative,
        initiative_title: 'Launch app',
        focus_area_title: 'Customers',
      },
      {
        id: share.id,
        title: 'Share',
        initiative: sibling,
        initiative_title: 'Tidy up',
        focus_area_title: 'Customers',
      },
    ]);

    // The due date locks the readings: the locked values count until newer ones are written.
    await suite.reach('2026-04-06T07:00:00.000Z');
    const locked = await grow();
    expect(locked?.measures_off_track.map((measure) => measure.id)).toEqual([
      satisfaction.id,
      reach.id,
      share.id,
    ]);
    await write(reach.id, '95');
    await write(share.id, '88');
    expect((await grow())?.measures_off_track.map((measure) => measure.title)).toEqual(['Satisfaction']);
    // Nobody else's strategies: another organisation sees none of them.
    expect(await overviewOk(suite.people.otherOrganisation.key)).not.toContainEqual(
      expect.objectContaining({ id: suite.fixture.strategy }),
    );
  });

  it('should read 1 or 20 strategies in the same number of queries', async () => {
    const { server } = suite;
    const reader = await signedInUser(server, { organisationId: suite.people.master.organisationId });
    await suite.strategies.create(reader.key, { title: 'First' });
    await overviewOk(reader.key);
    server.queries.length = 0;
    expect(await overviewOk(reader.key)).toHaveLength(1);
    const oneCount = server.queries.length;

    // Nineteen more: one with five due dates of history, the others with more focus areas.
    await suite.strategies.assignOk(masterKey(), {
      strategy_id: suite.fixture.strategy,
      strategy_masters: [personOf(suite.people.master), personOf(reader)],
    });
    for (let i = 0; i < 18; i++) {
      const created = await suite.strategies.create(reader.key, { title: `Strategy ${i}` });
      if (i % 3 === 0) await suite.strategies.addFocusArea(reader.key, created.id);
    }
    server.queries.length = 0;
    const twenty = await overviewOk(reader.key);
    expect(twenty).toHaveLength(20);
    expect(twenty.find((item) => item.id === suite.fixture.strategy)?.trend).toHaveLength(4);
    expect(server.queries.length).toBe(oneCount);
    // The key, the strategies, their focus areas and initiatives, their trends, and (issue 30) their
    // measures: one strategy above has five measures with readings, the others none.
    expect(oneCount).toBeLessThanOrEqual(5);
  });
});
