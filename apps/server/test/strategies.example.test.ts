/**
 * "Start from an example" (POST /api/strategy/example/): the sample strategy created for the
 * signed-in person only, recorded like any creation, and refused to those who may not create.
 */
import {
  EXAMPLE_STRATEGIES_PER_HOUR,
  EXAMPLE_STRATEGY_TEXTS,
  MESSAGES,
  type Measure,
} from '@keystone/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { getTestServer, type TestServer, type TestUser } from './helpers/testServer';

const EXAMPLE = '/api/strategy/example/';

interface Person {
  id: number;
  email: string;
}
interface Initiative {
  id: number;
  title: string;
  status: string;
  owners: Person[];
  sponsors: Person[];
  team_members: Person[];
}

describe('start from an example', () => {
  let server: TestServer;
  let dana: TestUser;
  let danaKey: string;

  beforeAll(async () => {
    server = await getTestServer();
    dana = await server.createUser({ firstName: 'Dana', lastName: 'Example' });
    danaKey = await server.loginAs(dana);
  });
  afterAll(() => server.close());

  const peopleCount = async (organisationId: number) =>
    (await server.database.db.select().from(users).where(eq(users.organisationId, organisationId))).length;

  it('should create the filled-in sample with its creator as master and sole owner, and nobody else', async () => {
    const before = await peopleCount(dana.organisationId);
    const response = await server.api('POST', EXAMPLE, { token: danaKey });
    expect(response.status).toBe(201);
    const strategy = response.body;
    expect(strategy.title).toBe('Acme 2027: from product to platform');
    expect(strategy.ambition).toContain('double recurring revenue');
    expect(strategy.strategy_masters.map((person: Person) => person.id)).toEqual([dana.id]);
    expect(strategy.focus_areas.map((area: { title: string }) => area.title)).toEqual([
      '<p>Delight our customers</p>',
      '<p>Grow recurring revenue</p>',
      '<p>Build a great place to work</p>',
    ]);
    const initiatives: Initiative[] = strategy.focus_areas.flatMap(
      (area: { initiatives: Initiative[] }) => area.initiatives,
    );
    expect(initiatives).toHaveLength(7);
    expect(initiatives.map((initiative) => initiative.status)).toEqual([
      'OT',
      'DE',
      'OT',
      'BL',
      'OT',
      'CO',
      'OT',
    ]);
    // The first initiative of each focus area comes with a charter to read.
    const chartered = strategy.focus_areas.map((area: { initiatives: Initiative[] }) => area.initiatives[0]!);
    for (const initiative of chartered) {
      expect(initiative.problem_statement).toMatch(/^<p>.+<\/p>$/);
      expect(initiative.impact).toMatch(/^<p>.+<\/p>$/);
    }
    for (const initiative of initiatives) {
      expect(initiative.title).not.toBe('');
      expect(initiative.owners.map((person) => person.id)).toEqual([dana.id]);
      expect(initiative.sponsors).toEqual([]);
      expect(initiative.team_members).toEqual([]);
    }
    // No colleague invented, invited or mailed.
    expect(await peopleCount(dana.organisationId)).toBe(before);
    expect(server.smtp.mails.filter((mail) => mail.to !== dana.email)).toEqual([]);

    // The list shows it, and the page reads it back the same.
    const list = await server.api('GET', '/api/strategies/', { token: danaKey });
    expect(list.body.map((item: { id: number }) => item.id)).toContain(strategy.id);
    const page = await server.api('GET', `/api/strategy/${strategy.id}`, { token: danaKey });
    expect(page.status).toBe(200);
    expect(page.body.focus_areas).toEqual(strategy.focus_areas);
  });

  it('should come with a past: statuses as last reported, two locked due dates, updates and drafts', async () => {
    const strategy = (await server.api('POST', EXAMPLE, { token: danaKey })).body;
    const today = new Date();
    const nineUtc = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 9);
    const [earlier, last] = [14, 7].map((days) => new Date(nineUtc - days * 86_400_000).toISOString()) as [
      string,
      string,
    ];
    const initiatives: (Initiative & {
      last_status: string | null;
      last_progress_update: string | null;
      comments: { comment_type: string; comment: string }[];
    })[] = strategy.focus_areas.flatMap((area: { initiatives: Initiative[] }) => area.initiatives);
    // The board shows the statuses reported at the last due date, not all Inactive.
    expect(initiatives.map((initiative) => initiative.last_status)).toEqual([
      'OT',
      'DE',
      'OT',
      'BL',
      'OT',
      'CO',
      'OT',
    ]);
    // Every one reported at the last due date but the advisory board, whose last update was empty.
    expect(initiatives.map((initiative) => initiative.last_progress_update)).toEqual([
      last,
      last,
      earlier,
      last,
      last,
      last,
      last,
    ]);
    // Some current updates are begun, the others still empty (as the portfolio counts them).
    const progressNow = initiatives.map(
      (initiative) => initiative.comments.find((comment) => comment.comment_type === 'PR')!.comment,
    );
    expect(progressNow.filter((text) => text !== '')).toHaveLength(2);

    const dates = await server.api('GET', `/api/locked-comment-dates/${strategy.id}/`, { token: danaKey });
    expect(dates.body).toEqual([last, earlier]);
    const history = await server.api('GET', `/api/status-history/${strategy.id}/`, { token: danaKey });
    expect(history.body).toEqual([
      { date: earlier, counts: { IN: 2, CO: 0, BL: 0, DE: 1, OT: 4 } },
      { date: last, counts: { IN: 0, CO: 1, BL: 1, DE: 1, OT: 4 } },
    ]);
    const locked = await server.api('POST', '/api/locked-comments/', {
      token: danaKey,
      body: { strategy_id: strategy.id, date: last },
    });
    const blocked = initiatives[3]!.id;
    expect(
      locked.body
        .filter((comment: { initiative: number }) => comment.initiative === blocked)
        .map((comment: { comment: string; initiative_status: string }) => [
          comment.comment,
          comment.initiative_status,
        ]),
    ).toEqual([
      ['<p>The plan and its upgrade path are built, behind a switch.</p>', 'BL'],
      ['<p>The billing provider moved its launch to next quarter.</p>', 'BL'],
      ['<p>Decide whether to launch on the old billing system.</p>', 'BL'],
    ]);

    const portfolio = await server.api('GET', '/api/portfolio/', { token: danaKey });
    const row = portfolio.body.find((item: { id: number }) => item.id === strategy.id);
    expect(row.trend).toEqual(history.body);
    expect(row.empty_updates).toHaveLength(4);
    // No rhythm is set for it, so nothing is ever mailed about it; its settings know the last due date.
    const settings = await server.api('GET', `/api/notification-settings/${strategy.id}/`, {
      token: danaKey,
    });
    expect(settings.body).toMatchObject({
      next_progress_update: null,
      last_progress_update: `${last.slice(0, 19)}+00:00`,
    });
  });

  it('should come with measures of each direction, read at its two locked due dates', async () => {
    const strategy = (await server.api('POST', EXAMPLE, { token: danaKey })).body;
    const today = new Date();
    const nineUtc = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 9);
    const [earlier, last] = [14, 7].map((days) => new Date(nineUtc - days * 86_400_000).toISOString());
    type Owner = { title: string; measures: Measure[] };
    const areas: (Owner & { initiatives: Owner[] })[] = strategy.focus_areas;
    const measures = areas.flatMap((area) => [
      ...area.measures,
      ...area.initiatives.flatMap((initiative) => initiative.measures),
    ]);
    expect(new Set(measures.map((measure) => measure.direction))).toEqual(
      new Set(['increase', 'decrease', 'at_least', 'at_most']),
    );
    // A focus area's and an initiative's, each with the readings of both past due dates.
    const revenue = areas.find((area) => area.title === '<p>Grow recurring revenue</p>')!.measures[0]!;
    expect(revenue).toMatchObject({ title: 'Annual recurring revenue', unit: 'currency', currency: 'EUR' });
    expect(revenue.history).toEqual([
      { due_date: earlier, value: '10400000', note: '' },
      { due_date: last, value: '10900000', note: '' },
    ]);
    expect(revenue.current.value).toBe('11150000');
    const onboarding = areas[0]!.initiatives[0]!.measures;
    expect(onboarding.map((measure) => [measure.title, measure.direction])).toEqual([
      ['Median time to first report', 'decrease'],
      ['Trial to paid conversion', 'increase'],
    ]);
    expect(onboarding[1]!.history.map((reading) => reading.value)).toEqual(['18.4', '19.6']);
    // Every measure was read at both due dates.
    expect(measures.every((measure) => measure.history.length === 2)).toBe(true);
  });

  it('should record every creation and title in the history, by the person who asked', async () => {
    const strategy = (await server.api('POST', EXAMPLE, { token: danaKey })).body;
    const history = await server.api('GET', `/api/strategy/${strategy.id}/activity/?limit=100`, {
      token: danaKey,
    });
    expect(history.status).toBe(200);
    const entries: { model: string; record_id: number; field: string | null; user: Person | null }[] =
      history.body.results;
    expect(entries.every((entry) => entry.user?.id === dana.id)).toBe(true);
    const recorded = (model: string, id: number, field: string | null) =>
      entries.some((entry) => entry.model === model && entry.record_id === id && entry.field === field);
    expect(recorded('strategy', strategy.id, null)).toBe(true);
    expect(recorded('strategy', strategy.id, 'title')).toBe(true);
    expect(recorded('strategy', strategy.id, 'ambition')).toBe(true);
    for (const area of strategy.focus_areas) {
      expect(recorded('focusArea', area.id, 'title')).toBe(true);
      for (const initiative of area.initiatives) {
        expect(recorded('initiative', initiative.id, 'title')).toBe(true);
        expect(recorded('initiative', initiative.id, 'status')).toBe(true);
        expect(recorded('initiative', initiative.id, 'owners')).toBe(true);
      }
    }
  });

  it('should keep it from another organisation and from colleagues without a role', async () => {
    const strategy = (await server.api('POST', EXAMPLE, { token: danaKey })).body;
    const stranger = await server.loginAs(await server.createUser());
    const colleague = await server.loginAs(await server.createUser({ organisationId: dana.organisationId }));
    for (const key of [stranger, colleague]) {
      expect((await server.api('GET', `/api/strategy/${strategy.id}`, { token: key })).status).toBe(404);
      const list = await server.api('GET', '/api/strategies/', { token: key });
      expect(list.body.map((item: { id: number }) => item.id)).not.toContain(strategy.id);
    }
  });

  it('should refuse a caller without a key, with a wrong key, or deactivated', async () => {
    expect((await server.api('POST', EXAMPLE)).status).toBe(403);
    expect((await server.api('POST', EXAMPLE, { token: 'not-a-key' })).status).toBe(403);
    const leaver = await server.createUser();
    const leaverKey = await server.loginAs(leaver);
    await server.database.db.update(users).set({ isActive: false }).where(eq(users.id, leaver.id));
    const refused = await server.api('POST', EXAMPLE, { token: leaverKey });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe(MESSAGES.invalidToken);
    const list = await server.api('GET', '/api/strategies/', { token: await server.loginAs(dana) });
    expect(list.status).toBe(200);
  });

  it('should ignore a body and refuse a huge one with a clear 4xx', async () => {
    const ignored = await server.api('POST', EXAMPLE, { token: danaKey, body: { title: 'Mine', user: 1 } });
    expect(ignored.status).toBe(201);
    expect(ignored.body.title).toBe('Acme 2027: from product to platform');
    const huge = await server.api('POST', EXAMPLE, {
      token: danaKey,
      body: { title: 'x'.repeat(2_000_000) },
    });
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
  });

  it('should stop a flood at the hourly limit per person, without stopping anyone else', async () => {
    const flooder = await server.createUser();
    const key = await server.loginAs(flooder);
    const statuses: number[] = [];
    for (let i = 0; i <= EXAMPLE_STRATEGIES_PER_HOUR; i++)
      statuses.push((await server.api('POST', EXAMPLE, { token: key })).status);
    expect(statuses.slice(0, EXAMPLE_STRATEGIES_PER_HOUR).every((status) => status === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Said in hours, not the sign-in limit's minute; with when to come back.
    const refused = await server.api('POST', EXAMPLE, { token: key });
    expect(refused.body.detail).toBe(EXAMPLE_STRATEGY_TEXTS.tooMany);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    const list = await server.api('GET', '/api/strategies/', { token: key });
    expect(list.body).toHaveLength(EXAMPLE_STRATEGIES_PER_HOUR);
    // A colleague behind the same address still gets one.
    const colleague = await server.createUser({ organisationId: flooder.organisationId });
    expect((await server.api('POST', EXAMPLE, { token: await server.loginAs(colleague) })).status).toBe(201);
    // A dozen examples, each with its two past due dates: longer than the usual 30 s on a busy machine.
  }, 120_000);
});
