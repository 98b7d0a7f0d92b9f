/**
 * Field locks (spec §4 "Field lock", DESIGN §4/§5): POST /api/lock-field/, /api/unlock-field/,
 * GET /api/locked-fields/, and the lock messages they send over /ws/locks/.
 */
import { CONFLICT_CODES, MESSAGES } from '@keystone/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildRealtimeFixture,
  fence,
  isUnlockOf,
  type LockBody,
  lockApi,
  locksSocket,
  nameOf,
  type RealtimeFixture,
} from './helpers/realtime';
import type { TestSocket } from './helpers/sockets';
import { ROLES, type Role } from './helpers/strategyPermissionCalls';
import { getTestServer, type TestServer } from './helpers/testServer';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('field locks', () => {
  let server: TestServer;
  let f: RealtimeFixture;
  let locks: ReturnType<typeof lockApi>;
  let baseUrl: string;
  /** The team member's locks socket: sees every lock message of the strategy. */
  let watcher: TestSocket;

  beforeAll(async () => {
    server = await getTestServer();
    f = await buildRealtimeFixture(server);
    locks = lockApi(server.api);
    baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
    watcher = await locksSocket(baseUrl, f.people.teamMember.key);
  });
  afterAll(async () => {
    await watcher.close();
    await server.close();
  });

  const keyOf = (role: Role) => f.people[role].key;
  const watchFence = () => fence(server.api, watcher, keyOf('teamMember'), f.own.teamMember);
  const messagesAbout = (body: LockBody) =>
    watcher.messages.filter(
      (message) =>
        message.model === body.model && message.res_id === body.res_id && message.field === body.field,
    );

  describe('who may lock which field (DESIGN §4)', () => {
    const EDITORS: Role[] = ['master', 'owner', 'sponsor'];
    const cases: { name: string; target: () => LockBody; allowed: Role[] }[] = [
      { name: 'strategy title', target: () => at('strategy', f.strategy, 'title'), allowed: ['master'] },
      {
        name: 'strategy ambition',
        target: () => at('strategy', f.strategy, 'ambition'),
        allowed: ['master'],
      },
      { name: 'focus area title', target: () => at('focusArea', f.area, 'title'), allowed: ['master'] },
      { name: 'initiative title', target: () => at('initiative', f.initiative, 'title'), allowed: EDITORS },
      {
        name: 'initiative problem statement',
        target: () => at('initiative', f.initiative, 'problem_statement'),
        allowed: EDITORS,
      },
      {
        name: 'initiative work plan',
        target: () => at('initiative', f.initiative, 'work_plan'),
        allowed: EDITORS,
      },
      {
        name: 'initiative status',
        target: () => at('initiative', f.initiative, 'status'),
        allowed: [...EDITORS, 'teamMember'],
      },
      {
        name: 'comment text',
        target: () => at('comment', f.comment, 'comment'),
        allowed: [...EDITORS, 'teamMember'],
      },
      {
        name: 'timeline description',
        target: () => at('timeline', f.timeline, 'description'),
        allowed: EDITORS,
      },
      {
        name: 'timeline start date',
        target: () => at('timeline', f.timeline, 'start_date'),
        allowed: EDITORS,
      },
      { name: 'timeline end date', target: () => at('timeline', f.timeline, 'end_date'), allowed: EDITORS },
      // The owner, sponsor and team member of the first initiative have no right to its sibling.
      {
        name: 'sibling initiative title',
        target: () => at('initiative', f.sibling, 'title'),
        allowed: ['master'],
      },
      {
        name: 'sibling initiative status',
        target: () => at('initiative', f.sibling, 'status'),
        allowed: ['master'],
      },
    ];
    const VISIBLE: Role[] = ['master', 'owner', 'sponsor', 'teamMember'];

    for (const { name, target, allowed } of cases) {
      it(`${name}: ${allowed.join(', ')} may; other viewers get 403; outsiders 404`, async () => {
        for (const role of ROLES) {
          const body = target();
          const response = await locks.lock(keyOf(role), body);
          const expected = allowed.includes(role) ? 200 : VISIBLE.includes(role) ? 403 : 404;
          expect({ role, status: response.status }).toEqual({ role, status: expected });
          if (expected === 200) {
            expect(response.body).toEqual({
              ...body,
              user_id: f.people[role].id,
              user: nameOf(role),
              strategy_id: f.strategy,
              expires_at: expect.stringMatching(ISO_DATE),
            });
            expect((await locks.unlock(keyOf(role), body)).status).toBe(200);
          } else if (expected === 403) {
            expect(response.body).toEqual({ detail: MESSAGES.noPermission });
          }
        }
        expect((await locks.list(keyOf('master'))).body).toEqual([]);
      });
    }
  });

  it('should answer 404 for ids that do not exist, leaving the other organisation’s locks alone', async () => {
    const rivalLock = at('strategy', f.own.otherOrganisation, 'title');
    expect((await locks.lock(keyOf('otherOrganisation'), rivalLock)).status).toBe(200);

    const fieldOf = {
      strategy: 'title',
      focusArea: 'title',
      initiative: 'title',
      comment: 'comment',
      timeline: 'description',
    };
    for (const [model, field] of Object.entries(fieldOf)) {
      const response = await locks.lock(keyOf('master'), at(model, 2_000_000, field));
      expect({ model, status: response.status }).toEqual({ model, status: 404 });
    }
    // Another organisation's strategy, taken or not, is not there for this user: no lock, no unlock.
    expect((await locks.lock(keyOf('master'), rivalLock)).status).toBe(404);
    expect((await locks.unlock(keyOf('master'), rivalLock)).status).toBe(404);
    const other = await locks.list(keyOf('otherOrganisation'));
    expect(other.body).toEqual([
      expect.objectContaining({
        ...rivalLock,
        user_id: f.people.otherOrganisation.id,
        user: nameOf('otherOrganisation'),
      }),
    ]);
    expect((await locks.unlock(keyOf('otherOrganisation'), rivalLock)).status).toBe(200);
  });

  describe('bad requests (400)', () => {
    const bad: [string, unknown][] = [
      ['an unknown model', { model: 'project', res_id: 1, field: 'title' }],
      ['an unknown field', { model: 'strategy', res_id: 1, field: 'colour' }],
      ['a field of another model', { model: 'focusArea', res_id: 1, field: 'ambition' }],
      ['a res_id of letters', { model: 'strategy', res_id: 'abc', field: 'title' }],
      ['a res_id of zero', { model: 'strategy', res_id: 0, field: 'title' }],
      ['a negative res_id', { model: 'strategy', res_id: -3, field: 'title' }],
      ['a fractional res_id', { model: 'strategy', res_id: 1.5, field: 'title' }],
      ['a res_id beyond 32 bits', { model: 'strategy', res_id: 2 ** 31, field: 'title' }],
      ['no fields at all', {}],
      ['no field', { model: 'strategy', res_id: 1 }],
      ['no model', { res_id: 1, field: 'title' }],
      ['a numeric model', { model: 5, res_id: 1, field: 'title' }],
      ['a numeric field', { model: 'strategy', res_id: 1, field: 7 }],
      ['a boolean res_id', { model: 'strategy', res_id: true, field: 'title' }],
      ['an array body', [{ model: 'strategy', res_id: 1, field: 'title' }]],
      ['a string body', '"strategy"'],
    ];
    for (const [name, body] of bad) {
      it(`should refuse ${name}, on lock and on unlock`, async () => {
        for (const call of [locks.lock, locks.unlock]) {
          const response = await call(keyOf('master'), body);
          expect(response.status).toBe(400);
          expect(response.body.detail).toEqual(expect.any(String));
        }
      });
    }

    it('should name the bad parts in errors', async () => {
      const response = await locks.lock(keyOf('master'), { model: 'project', res_id: 'x' });
      expect(Object.keys(response.body.errors).sort()).toEqual(['field', 'model', 'res_id']);
    });

    it('should refuse a bad ?strategy= filter', async () => {
      expect((await locks.list(keyOf('master'), 'abc')).status).toBe(400);
    });
  });

  it('should accept a camelCase field name as the snake_case field', async () => {
    const response = await locks.lock(keyOf('owner'), at('initiative', f.initiative, 'problemStatement'));
    expect(response.status).toBe(200);
    expect(response.body.field).toBe('problem_statement');
    const taken = await locks.lock(keyOf('sponsor'), at('initiative', f.initiative, 'problem_statement'));
    expect(taken.status).toBe(409);
    expect(
      (await locks.unlock(keyOf('owner'), at('initiative', f.initiative, 'problemStatement'))).status,
    ).toBe(200);
    expect((await locks.list(keyOf('owner'))).body).toEqual([]);
  });

  it('should refuse a field held by someone else with 409 and the holder’s name', async () => {
    const body = at('initiative', f.initiative, 'impact');
    const taken = await locks.lock(keyOf('owner'), body);
    expect(taken.status).toBe(200);
    const message = await watcher.waitFor((m) => m.res_id === f.initiative && m.field === 'impact');
    expect(message).toEqual({
      ...body,
      user_id: f.people.owner.id,
      user: 'Olive Owner',
      action: 'lock',
      strategy_id: f.strategy,
    });

    for (const role of ['sponsor', 'master'] as Role[]) {
      const refused = await locks.lock(keyOf(role), body);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({
        detail: 'This field is currently being edited by Olive Owner.',
        code: CONFLICT_CODES.fieldLocked,
        user: 'Olive Owner',
        user_id: f.people.owner.id,
      });
    }
    // Still the owner's, unchanged.
    expect((await locks.list(keyOf('master'))).body).toEqual([
      {
        ...body,
        user_id: f.people.owner.id,
        user: 'Olive Owner',
        strategy_id: f.strategy,
        expires_at: taken.body.expires_at,
      },
    ]);
    expect((await locks.unlock(keyOf('owner'), body)).status).toBe(200);
  });

  it('should renew a lock taken again by its holder, without a second lock message', async () => {
    const body = at('initiative', f.initiative, 'investment');
    const first = await locks.lock(keyOf('sponsor'), body);
    await new Promise((resolve) => setTimeout(resolve, 30));
    const second = await locks.lock(keyOf('sponsor'), body);
    expect(second.status).toBe(200);
    expect(Date.parse(second.body.expires_at)).toBeGreaterThan(Date.parse(first.body.expires_at));
    expect((await locks.list(keyOf('sponsor'))).body).toEqual([
      expect.objectContaining({ ...body, expires_at: second.body.expires_at }),
    ]);
    await watchFence();
    expect(messagesAbout(body).map((message) => message.action)).toEqual(['lock']);

    expect((await locks.unlock(keyOf('sponsor'), body)).status).toBe(200);
    await watchFence();
    expect(messagesAbout(body).map((message) => message.action)).toEqual(['lock', 'unlock']);
  });

  it('should let only the holder unlock; unlocking a free field is fine', async () => {
    const body = at('initiative', f.initiative, 'deliverables');
    expect((await locks.lock(keyOf('owner'), body)).status).toBe(200);
    for (const role of ['sponsor', 'master'] as Role[]) {
      const refused = await locks.unlock(keyOf(role), body);
      expect(refused.status).toBe(403);
      expect(refused.body.detail).toBe(MESSAGES.fieldLockedBy('Olive Owner'));
    }
    expect((await locks.list(keyOf('master'))).body).toEqual([
      expect.objectContaining({ ...body, user_id: f.people.owner.id }),
    ]);
    await watchFence();
    expect(messagesAbout(body).map((message) => message.action)).toEqual(['lock']);

    expect((await locks.unlock(keyOf('owner'), body)).status).toBe(200);
    expect((await locks.list(keyOf('master'))).body).toEqual([]);
    const again = await locks.unlock(keyOf('owner'), body);
    expect(again.status).toBe(200);
    // A free field may be "unlocked" by anyone who sees it.
    expect((await locks.unlock(keyOf('teamMember'), body)).status).toBe(200);
    await watchFence();
    expect(messagesAbout(body).map((message) => message.action)).toEqual(['lock', 'unlock']);
  });

  it('should list locks only in strategies the caller may view, optionally of one strategy', async () => {
    const inStrategy = at('initiative', f.initiative, 'risks_and_dependencies');
    const inOwn = at('strategy', f.own.master, 'title');
    const rivals = at('strategy', f.own.otherOrganisation, 'ambition');
    expect((await locks.lock(keyOf('owner'), inStrategy)).status).toBe(200);
    expect((await locks.lock(keyOf('master'), inOwn)).status).toBe(200);
    expect((await locks.lock(keyOf('otherOrganisation'), rivals)).status).toBe(200);

    const listed = async (role: Role, strategy?: number) =>
      ((await locks.list(keyOf(role), strategy)).body as LockBody[]).map(({ model, res_id, field }) => ({
        model,
        res_id,
        field,
      }));
    expect(await listed('master')).toEqual([inStrategy, inOwn]);
    expect(await listed('master', f.strategy)).toEqual([inStrategy]);
    expect(await listed('master', f.own.master)).toEqual([inOwn]);
    // A viewer of the strategy sees its locks, not those of the master's other strategy.
    for (const role of ['owner', 'sponsor', 'teamMember'] as Role[])
      expect(await listed(role)).toEqual([inStrategy]);
    expect(await listed('teamMember', f.own.master)).toEqual([]);
    // No role, or another organisation: nothing of this strategy, even when asked for it.
    expect(await listed('noRole')).toEqual([]);
    expect(await listed('noRole', f.strategy)).toEqual([]);
    expect(await listed('otherOrganisation')).toEqual([rivals]);
    expect(await listed('otherOrganisation', f.strategy)).toEqual([]);

    for (const [role, body] of [
      ['owner', inStrategy],
      ['master', inOwn],
      ['otherOrganisation', rivals],
    ] as [Role, LockBody][]) {
      expect((await locks.unlock(keyOf(role), body)).status).toBe(200);
    }
  });

  it('should refuse to lock a comment locked into history (409)', async () => {
    const response = await locks.lock(keyOf('master'), at('comment', f.historicComment, 'comment'));
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ detail: expect.any(String), code: CONFLICT_CODES.commentLocked });
    expect((await locks.list(keyOf('master'))).body).toEqual([]);
    // The open comment of the same initiative can be locked.
    expect((await locks.lock(keyOf('teamMember'), at('comment', f.comment, 'comment'))).status).toBe(200);
    expect((await locks.unlock(keyOf('teamMember'), at('comment', f.comment, 'comment'))).status).toBe(200);
  });
});

describe('lock expiry', () => {
  let server: TestServer;
  let f: RealtimeFixture;
  let locks: ReturnType<typeof lockApi>;
  let watcher: TestSocket;
  const TTL_MS = 1500;

  beforeAll(async () => {
    server = await getTestServer({ lockTtlMs: TTL_MS, lockSweepMs: 100 });
    f = await buildRealtimeFixture(server);
    locks = lockApi(server.api);
    const baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
    watcher = await locksSocket(baseUrl, f.people.master.key);
  });
  afterAll(async () => {
    await watcher.close();
    await server.close();
  });

  it('should release a lock not renewed within the time limit, and keep one that is renewed', async () => {
    const lapsing = at('initiative', f.initiative, 'title');
    const renewed = at('initiative', f.initiative, 'impact');
    const owner = f.people.owner.key;
    const started = Date.now();
    expect((await locks.lock(owner, lapsing)).status).toBe(200);
    expect((await locks.lock(owner, renewed)).status).toBe(200);

    // Renewed half-way, so it outlives the first.
    await new Promise((resolve) => setTimeout(resolve, TTL_MS / 2));
    expect((await locks.lock(owner, renewed)).status).toBe(200);

    const released = await watcher.waitFor(isUnlockOf(lapsing), TTL_MS * 3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(TTL_MS - 50);
    expect(released).toEqual({
      ...lapsing,
      user_id: f.people.owner.id,
      user: 'Olive Owner',
      action: 'unlock',
      strategy_id: f.strategy,
    });
    const fields = ((await locks.list(owner)).body as LockBody[]).map((lock) => lock.field);
    expect(fields).toEqual(['impact']);
    // Someone else may now take the released field.
    expect((await locks.lock(f.people.sponsor.key, lapsing)).status).toBe(200);

    await watcher.waitFor(isUnlockOf(renewed), TTL_MS * 3);
    expect(((await locks.list(owner)).body as LockBody[]).map((lock) => lock.field)).toEqual(['title']);
  });
});

function at(model: string, resId: number, field: string): LockBody {
  return { model, res_id: resId, field };
}
