/**
 * Live updates over /ws/streaming/ (spec §3 "Live update message", §4 "Live updates", DESIGN §5):
 * every write reaches every viewer of the strategy with the stored value, in order, and nobody
 * else; structural changes say what happened; refused writes say nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildRealtimeFixture,
  fence,
  lockApi,
  locksSocket,
  messagesOutside,
  type RealtimeFixture,
  socketPool,
  streamingSocket,
} from './helpers/realtime';
import type { TestSocket } from './helpers/sockets';
import { type Member, personOf, type StrategyApi, signedInUser, strategyApi } from './helpers/strategies';
import type { Role } from './helpers/strategyPermissionCalls';
import { getTestServer, type TestServer } from './helpers/testServer';

// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON messages
type Message = any;

describe('live updates over /ws/streaming/', () => {
  let server: TestServer;
  let f: RealtimeFixture;
  let strategies: StrategyApi;
  let baseUrl: string;
  /** Streaming sockets of everyone in the fixture. */
  const streams = {} as Record<Role, TestSocket>;
  /** Colleagues the team test adds and removes. */
  let joiner: Member;
  let leaver: Member;
  let joinerStream: TestSocket;
  let leaverStream: TestSocket;
  let joinerOwn: number;
  let leaverOwn: number;
  const pool = socketPool();

  beforeAll(async () => {
    server = await getTestServer();
    strategies = strategyApi(server);
    f = await buildRealtimeFixture(server);
    const organisationId = f.people.master.organisationId;
    joiner = await signedInUser(server, { organisationId, firstName: 'Jo', lastName: 'Joiner' });
    leaver = await signedInUser(server, { organisationId, firstName: 'Lee', lastName: 'Leaver' });
    joinerOwn = (await strategies.create(joiner.key)).id;
    leaverOwn = (await strategies.create(leaver.key)).id;
    await strategies.assignOk(f.people.master.key, {
      strategy_id: f.strategy,
      initiatives: [{ initiative_id: f.sibling, team_members: [personOf(leaver)] }],
    });
    baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
    for (const role of Object.keys(f.people) as Role[]) {
      streams[role] = await pool.add(streamingSocket(baseUrl, f.people[role].key));
    }
    joinerStream = await pool.add(streamingSocket(baseUrl, joiner.key));
    leaverStream = await pool.add(streamingSocket(baseUrl, leaver.key));
  });
  afterAll(async () => {
    await pool.closeAll();
    await server.close();
  });

  const key = (role: Role) => f.people[role].key;
  const idOf = (role: Role) => f.people[role].id;
  const patch = (role: Role, url: string, body: unknown) =>
    server.api('PATCH', url, { token: key(role), body });
  const VIEWERS: Role[] = ['master', 'owner', 'sponsor', 'teamMember'];

  /** What each viewer receives for a field edit. */
  const fieldUpdate = (model: string, resId: number, field: string, value: unknown, by: Role) => ({
    res_id: resId,
    model,
    field,
    value,
    user_id: idOf(by),
    strategy_id: f.strategy,
  });
  const structural = (model: string, resId: number, action: string, by: Role, strategyId = f.strategy) => ({
    res_id: resId,
    model,
    field: null,
    value: null,
    user_id: idOf(by),
    strategy_id: strategyId,
    action,
  });

  /** Every viewer (the author's own sockets included) receives exactly `expected`. */
  async function everyViewerReceives(expected: Message): Promise<void> {
    for (const role of VIEWERS) {
      const received = await streams[role].waitFor(
        (message) =>
          message.res_id === expected.res_id &&
          message.model === expected.model &&
          message.field === expected.field &&
          message.action === expected.action &&
          JSON.stringify(message.value) === JSON.stringify(expected.value),
      );
      expect({ role, received }).toEqual({ role, received: expected });
    }
  }

  /** The people without a role in the strategy got nothing of it, ever. */
  async function outsidersGotNothing(): Promise<void> {
    for (const role of ['noRole', 'otherOrganisation'] as Role[]) {
      await fence(server.api, streams[role], key(role), f.own[role]);
      expect({ role, messages: messagesOutside(streams[role], f.own[role]) }).toEqual({ role, messages: [] });
    }
  }

  it('strategy title and ambition: the stored values, sanitised', async () => {
    const response = await patch('master', `/api/strategy/update/${f.strategy}/`, {
      title: '  Grow faster  ',
      ambition: '<p>Be <strong>first</strong><script>alert(1)</script><img src=x onerror="alert(2)"></p>',
    });
    expect(response.status).toBe(200);
    const page = await strategies.page(key('master'), f.strategy);
    expect(page.title).toBe('Grow faster');
    expect(page.ambition).toContain('<strong>first</strong>');

    await everyViewerReceives(fieldUpdate('strategy', f.strategy, 'title', 'Grow faster', 'master'));
    await everyViewerReceives(fieldUpdate('strategy', f.strategy, 'ambition', page.ambition, 'master'));
    const ambition = streams.teamMember.messages.find((message) => message.field === 'ambition');
    expect(ambition.value).not.toMatch(/script|onerror|alert/);
    await outsidersGotNothing();
  });

  it('focus area title', async () => {
    const response = await patch('master', `/api/focusarea/update/${f.area}/`, {
      title: '<p>Markets<img src=x onerror=alert(1)></p>',
    });
    expect(response.status).toBe(200);
    expect(response.body.title).not.toContain('onerror');
    await everyViewerReceives(fieldUpdate('focusArea', f.area, 'title', response.body.title, 'master'));
    await outsidersGotNothing();
  });

  it('initiative title, charter fields (wire names) and status (by a team member)', async () => {
    const charter = {
      title: '<p>Enter <em>Spain</em></p>',
      problem_statement: '<p>No presence<script>x()</script></p>',
      in_scope: '<p>Retail</p>',
      out_scope: '<p>Wholesale</p>',
      deliverables: '<p>Two shops</p>',
      risks_and_dependencies: '<p>Permits</p>',
      impact: '<p>+5 %</p>',
      investment: '<p>1 M</p>',
      work_plan: '<p>Q1 lease, Q2 open</p>',
    };
    expect((await patch('owner', `/api/initiative/update/${f.initiative}/`, charter)).status).toBe(200);
    expect(
      (await patch('teamMember', `/api/initiative/update/${f.initiative}/`, { status: 'OT' })).status,
    ).toBe(200);
    const stored = (await server.api('GET', `/api/initiative/${f.initiative}`, { token: key('master') }))
      .body;
    expect(stored.problem_statement).not.toContain('script');
    for (const field of Object.keys(charter)) {
      await everyViewerReceives(fieldUpdate('initiative', f.initiative, field, stored[field], 'owner'));
    }
    await everyViewerReceives(fieldUpdate('initiative', f.initiative, 'status', 'OT', 'teamMember'));
    await outsidersGotNothing();
  });

  it('adding, moving and deleting focus areas and initiatives', async () => {
    const area = await strategies.addFocusArea(key('master'), f.strategy);
    await everyViewerReceives(structural('focusArea', area.id, 'create', 'master'));
    const initiative = await strategies.addInitiative(key('master'), area.id);
    await everyViewerReceives(structural('initiative', initiative.id, 'create', 'master'));

    expect((await patch('master', `/api/focusarea/sort/${area.id}/`, { sort_index: 0 })).status).toBe(200);
    await everyViewerReceives(structural('focusArea', area.id, 'sort', 'master'));
    expect((await patch('master', `/api/initiative/sort/${initiative.id}/`, { sort_index: 0 })).status).toBe(
      200,
    );
    await everyViewerReceives(structural('initiative', initiative.id, 'sort', 'master'));

    const remove = (url: string) => server.api('DELETE', url, { token: key('master') });
    expect((await remove(`/api/initiative/delete/${initiative.id}/`)).status).toBe(204);
    await everyViewerReceives(structural('initiative', initiative.id, 'delete', 'master'));
    expect((await remove(`/api/focusarea/delete/${area.id}/`)).status).toBe(204);
    await everyViewerReceives(structural('focusArea', area.id, 'delete', 'master'));
    await outsidersGotNothing();
  });

  it('team changes reach the people added and the people removed, then only the current viewers', async () => {
    // The leaver, a team member of the sibling so far, has had every event until now.
    expect(messagesOutside(leaverStream, leaverOwn).length).toBeGreaterThan(0);
    const leaverBefore = leaverStream.messages.length;
    await strategies.assignOk(key('master'), {
      strategy_id: f.strategy,
      initiatives: [{ initiative_id: f.sibling, team_members: [personOf(joiner)] }],
    });
    const team = structural('strategy', f.strategy, 'team', 'master');
    await everyViewerReceives(team);
    expect(await joinerStream.waitFor((message) => message.action === 'team')).toEqual(team);
    expect(await leaverStream.waitFor((message) => message.action === 'team')).toEqual(team);

    // From now on the joiner hears of edits and the leaver does not.
    expect(
      (await patch('master', `/api/strategy/update/${f.strategy}/`, { title: 'After the team change' }))
        .status,
    ).toBe(200);
    const edit = fieldUpdate('strategy', f.strategy, 'title', 'After the team change', 'master');
    await everyViewerReceives(edit);
    expect(await joinerStream.waitFor((message) => message.value === 'After the team change')).toEqual(edit);
    await fence(server.api, leaverStream, leaver.key, leaverOwn);
    expect(messagesOutside(leaverStream, leaverOwn, leaverBefore)).toEqual([team]);
    await fence(server.api, joinerStream, joiner.key, joinerOwn);
    expect(messagesOutside(joinerStream, joinerOwn)).toEqual([team, edit]);
    await outsidersGotNothing();
  });

  it('a refused write (403, 400, 404) publishes nothing', async () => {
    const watched = streams.master;
    const before = watched.messages.length;
    const refused: [Role, string, unknown, number][] = [
      ['teamMember', `/api/strategy/update/${f.strategy}/`, { title: 'Mine now' }, 403],
      ['owner', `/api/focusarea/update/${f.area}/`, { title: 'Mine now' }, 403],
      ['teamMember', `/api/initiative/update/${f.initiative}/`, { title: 'Mine now' }, 403],
      ['owner', `/api/initiative/update/${f.sibling}/`, { status: 'BL' }, 403],
      ['owner', `/api/initiative/update/${f.initiative}/`, { title: '<p></p>' }, 400],
      ['master', `/api/strategy/update/${f.strategy}/`, { ambition: '<p> </p>' }, 400],
      ['master', `/api/initiative/update/${f.initiative}/`, { status: 'XX' }, 400],
      ['noRole', `/api/strategy/update/${f.strategy}/`, { title: 'Mine now' }, 404],
      ['otherOrganisation', `/api/focusarea/update/${f.area}/`, { title: 'Mine now' }, 404],
    ];
    for (const [role, url, body, status] of refused) {
      expect({ role, url, status: (await patch(role, url, body)).status }).toEqual({ role, url, status });
    }
    // A write after them: what the refused ones had published would have arrived before it.
    expect((await patch('master', `/api/strategy/update/${f.strategy}/`, { title: 'Accepted' })).status).toBe(
      200,
    );
    await watched.waitFor((message) => message.value === 'Accepted');
    expect(watched.messages.slice(before)).toEqual([
      fieldUpdate('strategy', f.strategy, 'title', 'Accepted', 'master'),
    ]);
    await outsidersGotNothing();
  });

  it('rapid edits arrive in the order they were made, the last one being what is stored', async () => {
    const watched = streams.teamMember;
    const before = watched.messages.length;
    const titles = Array.from({ length: 20 }, (_, index) => `Title ${index + 1}`);
    for (const title of titles) {
      expect((await patch('master', `/api/strategy/update/${f.strategy}/`, { title })).status).toBe(200);
    }
    await watched.waitFor((message) => message.value === 'Title 20');
    const received = watched.messages.slice(before).filter((message) => message.field === 'title');
    expect(received.map((message) => message.value)).toEqual(titles);
    expect((await strategies.page(key('teamMember'), f.strategy)).title).toBe(received.at(-1).value);
  });

  it('lock messages go to locks sockets only, field updates to streaming sockets only', async () => {
    const locks = lockApi(server.api);
    const locksOfMaster = await pool.add(locksSocket(baseUrl, key('master')));
    const streamBefore = streams.master.messages.length;
    const target = { model: 'initiative', res_id: f.initiative, field: 'impact' };
    expect((await locks.lock(key('owner'), target)).status).toBe(200);
    expect((await locks.unlock(key('owner'), target)).status).toBe(200);
    await locksOfMaster.waitFor((message) => message.field === 'impact' && message.action === 'unlock');
    expect(
      (await patch('owner', `/api/initiative/update/${f.initiative}/`, { impact: '<p>+6 %</p>' })).status,
    ).toBe(200);
    await streams.master.waitFor((message) => message.field === 'impact' && message.value === '<p>+6 %</p>');
    await fence(server.api, locksOfMaster, key('master'), f.own.master);

    expect(streams.master.messages.slice(streamBefore)).toEqual([
      fieldUpdate('initiative', f.initiative, 'impact', '<p>+6 %</p>', 'owner'),
    ]);
    expect(messagesOutside(locksOfMaster, f.own.master)).toEqual([
      { ...target, user_id: idOf('owner'), user: 'Olive Owner', action: 'lock', strategy_id: f.strategy },
      { ...target, user_id: idOf('owner'), user: 'Olive Owner', action: 'unlock', strategy_id: f.strategy },
    ]);
  });

  it('deleting the strategy tells its viewers', async () => {
    const response = await server.api('DELETE', `/api/strategy/delete/${f.strategy}/`, {
      token: key('master'),
    });
    expect(response.status).toBe(204);
    await everyViewerReceives(structural('strategy', f.strategy, 'delete', 'master'));
    expect(await joinerStream.waitFor((message) => message.action === 'delete')).toEqual(
      structural('strategy', f.strategy, 'delete', 'master'),
    );
    await outsidersGotNothing();
  });
});
