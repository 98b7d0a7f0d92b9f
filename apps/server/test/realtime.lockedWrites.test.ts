/**
 * Locks bind writes and pages: saving a field someone else is editing is refused; an unlock
 * from one tab leaves the same user's other tab holding its field; a page that reconnects with
 * the same connection id keeps its locks when its old socket closes.
 */
import { CONFLICT_CODES, MESSAGES } from '@keystone/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildRealtimeFixture,
  type LockBody,
  lockApi,
  locksSocket,
  nameOf,
  type RealtimeFixture,
} from './helpers/realtime';
import { getTestServer, type TestServer } from './helpers/testServer';

describe('locks and writes', () => {
  let server: TestServer;
  let f: RealtimeFixture;
  let locks: ReturnType<typeof lockApi>;
  let baseUrl: string;

  beforeAll(async () => {
    server = await getTestServer();
    f = await buildRealtimeFixture(server);
    locks = lockApi(server.api);
    baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => server.close());

  const at = (model: string, resId: number, field: string): LockBody => ({ model, res_id: resId, field });
  const heldFields = async (key: string) =>
    ((await locks.list(key, f.strategy)).body as LockBody[]).map((lock) => `${lock.model}.${lock.field}`);

  it('should refuse a write to a field someone else holds, naming them, and accept the holder’s', async () => {
    const { owner, sponsor } = f.people;
    const impact = at('initiative', f.initiative, 'impact');
    expect((await locks.lock(owner.key, impact)).status).toBe(200);

    const refused = await server.api('PATCH', `/api/initiative/update/${f.initiative}/`, {
      token: sponsor.key,
      body: { impact: '<p>Sponsor text</p>' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      detail: MESSAGES.fieldLockedBy(nameOf('owner')),
      code: CONFLICT_CODES.fieldLocked,
      user: nameOf('owner'),
      user_id: owner.id,
    });
    // Another field of the same initiative is free.
    const other = await server.api('PATCH', `/api/initiative/update/${f.initiative}/`, {
      token: sponsor.key,
      body: { deliverables: '<p>List</p>' },
    });
    expect(other.status).toBe(200);

    const holder = await server.api('PATCH', `/api/initiative/update/${f.initiative}/`, {
      token: owner.key,
      body: { impact: '<p>Owner text</p>' },
    });
    expect(holder.status).toBe(200);
    expect(holder.body.impact).toBe('<p>Owner text</p>');

    expect((await locks.unlock(owner.key, impact)).status).toBe(200);
    const afterRelease = await server.api('PATCH', `/api/initiative/update/${f.initiative}/`, {
      token: sponsor.key,
      body: { impact: '<p>Sponsor text</p>' },
    });
    expect(afterRelease.status).toBe(200);
  });

  it('should refuse a strategy title write and a timeline date write while someone else holds them', async () => {
    const { master, owner } = f.people;
    expect((await locks.lock(master.key, at('timeline', f.timeline, 'start_date'))).status).toBe(200);
    const timeline = await server.api('PATCH', `/api/timeline/update/${f.timeline}/`, {
      token: owner.key,
      body: { start_date: '2027-01-01' },
    });
    expect(timeline.status).toBe(409);
    expect((await locks.unlock(master.key, at('timeline', f.timeline, 'start_date'))).status).toBe(200);

    const second = await server.createUser({ organisationId: master.organisationId });
    await server.api('PATCH', '/api/assign-users-to-strategy/', {
      token: master.key,
      body: {
        strategy_id: f.strategy,
        strategy_masters: [
          { id: master.id, email: master.email },
          { id: second.id, email: second.email },
        ],
      },
    });
    const secondKey = await server.loginAs(second);
    expect((await locks.lock(secondKey, at('strategy', f.strategy, 'title'))).status).toBe(200);
    const title = await server.api('PATCH', `/api/strategy/update/${f.strategy}/`, {
      token: master.key,
      body: { title: 'Overwritten?' },
    });
    expect(title.status).toBe(409);
    expect(
      (await server.api('GET', `/api/strategy/${f.strategy}`, { token: master.key })).body.title,
    ).not.toBe('Overwritten?');
    expect((await locks.unlock(secondKey, at('strategy', f.strategy, 'title'))).status).toBe(200);
  });

  it('should let only the page holding a lock release it', async () => {
    const { owner } = f.people;
    const title = at('initiative', f.initiative, 'title');
    expect((await locks.lock(owner.key, title, 'tab-one-0001')).status).toBe(200);
    const fromOtherTab = await server.api('POST', '/api/unlock-field/', {
      token: owner.key,
      body: title,
      headers: { 'x-connection-id': 'tab-two-0002' },
    });
    expect(fromOtherTab.status).toBe(200);
    expect(await heldFields(owner.key)).toContain('initiative.title');

    const fromHolder = await server.api('POST', '/api/unlock-field/', {
      token: owner.key,
      body: title,
      headers: { 'x-connection-id': 'tab-one-0001' },
    });
    expect(fromHolder.status).toBe(200);
    expect(await heldFields(owner.key)).not.toContain('initiative.title');
  });

  it('should keep a page’s locks when its old socket closes after it reconnected', async () => {
    const { owner } = f.people;
    const scope = at('initiative', f.initiative, 'in_scope');
    const first = await locksSocket(baseUrl, owner.key, 'page-abc-1234');
    expect((await locks.lock(owner.key, scope, 'page-abc-1234')).status).toBe(200);
    const reconnected = await locksSocket(baseUrl, owner.key, 'page-abc-1234');
    await first.close();
    // The close is handled asynchronously; give it time to (wrongly) release.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await heldFields(owner.key)).toContain('initiative.in_scope');

    await reconnected.close();
    await expect
      .poll(async () => heldFields(owner.key), { timeout: 3000 })
      .not.toContain('initiative.in_scope');
  });
});
