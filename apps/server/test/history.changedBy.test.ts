/**
 * The stale-edit conflict names who made the change the edit missed (`changed_by`), so the browser
 * can say whose text it shows beside the user's own.
 */
import { CONFLICT_CODES, type Strategy } from '@keystone/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Member, personOf, type StrategyApi, signedInUser, strategyApi } from './helpers/strategies';
import { getTestServer, type TestServer } from './helpers/testServer';

describe('who changed a record since an edit started', () => {
  let server: TestServer;
  let strategies: StrategyApi;
  let grace: Member;
  let alan: Member;
  let ada: Member;

  beforeAll(async () => {
    server = await getTestServer();
    strategies = strategyApi(server);
    grace = await signedInUser(server, { email: 'grace@acme.com', firstName: 'Grace', lastName: 'Hopper' });
    const colleague = (email: string, firstName: string, lastName: string) =>
      signedInUser(server, { organisationId: grace.organisationId, email, firstName, lastName });
    alan = await colleague('alan@acme.com', 'Alan', 'Turing');
    ada = await colleague('ada@acme.com', 'Ada', 'Lovelace');
  });
  afterAll(() => server.close());

  async function sharedStrategy(): Promise<Strategy> {
    const strategy = await strategies.create(grace.key, { title: 'Grow' });
    await strategies.assignOk(grace.key, {
      strategy_id: strategy.id,
      strategy_masters: [personOf(grace), personOf(alan), personOf(ada)],
    });
    return strategies.page(grace.key, strategy.id);
  }
  const update = (key: string, id: number, body: object) =>
    server.api('PATCH', `/api/strategy/update/${id}/`, { token: key, body });

  it('names the author of the newest change the stale edit missed', async () => {
    const strategy = await sharedStrategy();
    // The team change made a version of its own: count from the page's.
    const start = strategy.version;
    expect((await update(alan.key, strategy.id, { title: 'Grow faster', version: start })).status).toBe(200);
    expect((await update(ada.key, strategy.id, { title: 'Grow wider', version: start + 1 })).status).toBe(
      200,
    );

    const stale = await update(grace.key, strategy.id, { title: 'Grow taller', version: start });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      code: CONFLICT_CODES.stale,
      current: { title: 'Grow wider', version: start + 2 },
      changed_by: { id: ada.id, name: 'Ada Lovelace', email: 'ada@acme.com' },
    });
    // A change of another field by someone else is not what this edit missed.
    expect(
      (await update(alan.key, strategy.id, { ambition: '<p>Lead</p>', version: start + 2 })).status,
    ).toBe(200);
    const again = await update(grace.key, strategy.id, { title: 'Grow taller', version: start + 1 });
    expect(again.body.changed_by).toMatchObject({ id: ada.id });
  });

  it('names the last editor of a progress comment', async () => {
    const strategy = await sharedStrategy();
    const comment = strategy.focus_areas[0]!.initiatives[0]!.comments[0]!;
    const edit = (key: string, body: object) =>
      server.api('PATCH', `/api/comments/update/${comment.id}/`, { token: key, body });
    expect((await edit(alan.key, { comment: '<p>On track</p>', version: comment.version })).status).toBe(200);
    const stale = await edit(grace.key, { comment: '<p>Late</p>', version: comment.version });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      code: CONFLICT_CODES.stale,
      current: { comment: '<p>On track</p>' },
      changed_by: { id: alan.id, name: 'Alan Turing' },
    });
  });

  it('says nothing of people to a caller outside the strategy', async () => {
    const strategy = await sharedStrategy();
    const outsider = await signedInUser(server, { email: 'eve@rival.com' });
    const foreign = await update(outsider.key, strategy.id, { title: 'Mine', version: 1 });
    expect(foreign.status).toBe(404);
    expect(foreign.body.changed_by).toBeUndefined();
  });
});
