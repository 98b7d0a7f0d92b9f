/**
 * No lost updates (issue 15): records carry a version, a PATCH that started from an older one is
 * refused only when someone else changed one of its fields since, and every change is on record.
 */
import { CONFLICT_CODES, HISTORY_MESSAGES, type Strategy } from '@keystone/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Member, personOf, type StrategyApi, signedInUser, strategyApi } from './helpers/strategies';
import { getTestServer, type TestServer } from './helpers/testServer';

describe('versions and the stale-edit conflict', () => {
  let server: TestServer;
  let strategies: StrategyApi;
  let grace: Member;
  let alan: Member;
  let outsider: Member;

  beforeAll(async () => {
    server = await getTestServer();
    strategies = strategyApi(server);
    grace = await signedInUser(server, { email: 'grace@acme.com', firstName: 'Grace', lastName: 'Hopper' });
    alan = await signedInUser(server, {
      organisationId: grace.organisationId,
      email: 'alan@acme.com',
      firstName: 'Alan',
      lastName: 'Turing',
    });
    outsider = await signedInUser(server, { email: 'eve@rival.com' });
  });
  afterAll(() => server.close());

  async function sharedStrategy(): Promise<Strategy> {
    const strategy = await strategies.create(grace.key, { title: 'Grow' });
    await strategies.assignOk(grace.key, {
      strategy_id: strategy.id,
      strategy_masters: [personOf(grace), personOf(alan)],
    });
    return strategies.page(grace.key, strategy.id);
  }
  const update = (key: string, id: number, body: object) =>
    server.api('PATCH', `/api/strategy/update/${id}/`, { token: key, body });
  const activityOf = (key: string, id: number, query = '') =>
    server.api('GET', `/api/strategy/${id}/activity/${query}`, { token: key });

  it('refuses an edit of a field someone else changed since its version, with the current record', async () => {
    const strategy = await sharedStrategy();
    // Making Alan a master was the strategy's first change (a team change is one).
    expect(strategy.version).toBe(2);
    const next = strategy.version + 1;
    const first = await update(alan.key, strategy.id, { title: 'Grow faster', version: strategy.version });
    expect(first.status).toBe(200);
    expect(first.body.version).toBe(next);

    const stale = await update(grace.key, strategy.id, { title: 'Grow wider', version: strategy.version });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      detail: HISTORY_MESSAGES.stale,
      code: CONFLICT_CODES.stale,
      current: { id: strategy.id, title: 'Grow faster', version: next },
    });
    expect((await strategies.page(grace.key, strategy.id)).title).toBe('Grow faster');

    // Starting from the version the conflict showed, the same edit goes through.
    const resolved = await update(grace.key, strategy.id, { title: 'Grow wider', version: next });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({ title: 'Grow wider', version: next + 1 });
  });

  it('lets edits of different fields, own saves, unchanged values and calls without version through', async () => {
    const strategy = await sharedStrategy();
    const version = strategy.version;
    expect((await update(alan.key, strategy.id, { title: 'Grow faster', version })).status).toBe(200);
    // Another field of the same record does not conflict.
    expect((await update(grace.key, strategy.id, { ambition: '<p>Be first</p>', version })).status).toBe(200);
    // Alan's own earlier save does not make his next one stale.
    expect((await update(alan.key, strategy.id, { title: 'Grow fastest', version })).status).toBe(200);
    // Saving what is stored changes nothing and cannot conflict.
    const same = await update(grace.key, strategy.id, { title: 'Grow fastest', version });
    expect(same.status).toBe(200);
    expect(same.body.version).toBe(version + 3);
    // Without a version the call works as before.
    expect((await update(grace.key, strategy.id, { title: 'Grow' })).status).toBe(200);
  });

  it('records every change with who, what and the values before and after, newest first', async () => {
    const strategy = await sharedStrategy();
    await update(alan.key, strategy.id, { title: 'Grow faster' });
    await update(grace.key, strategy.id, { title: 'Grow wider', ambition: '<p>Lead</p>' });
    const response = await activityOf(alan.key, strategy.id);
    expect(response.status).toBe(200);
    const titles = response.body.results.filter(
      (entry: { model: string; field: string }) => entry.model === 'strategy' && entry.field === 'title',
    );
    expect(titles.slice(0, 2)).toMatchObject([
      { old_value: 'Grow faster', new_value: 'Grow wider', user: { id: grace.id, name: 'Grace Hopper' } },
      { old_value: 'Grow', new_value: 'Grow faster', user: { id: alan.id, name: 'Alan Turing' } },
    ]);
    const ambition = response.body.results.find((entry: { field: string }) => entry.field === 'ambition');
    expect(ambition).toMatchObject({ record_id: strategy.id, old_value: '', new_value: '<p>Lead</p>' });

    const page = await activityOf(grace.key, strategy.id, '?limit=1');
    expect(page.body.results).toHaveLength(1);
    const next = await activityOf(grace.key, strategy.id, `?limit=1&before=${page.body.next_before}`);
    expect(next.body.results[0].id).toBeLessThan(page.body.results[0].id);
  });

  it('keeps the history to those who may view the strategy', async () => {
    const strategy = await sharedStrategy();
    expect((await activityOf(outsider.key, strategy.id)).status).toBe(404);
    const initiative = strategy.focus_areas[0]!.initiatives[0]!;
    const foreign = await server.api('GET', `/api/initiative/${initiative.id}/activity/`, {
      token: outsider.key,
    });
    expect(foreign.status).toBe(404);
    expect((await activityOf(grace.key, strategy.id, '?limit=0')).status).toBe(400);
  });

  it('records comment edits with their author and refuses a stale one', async () => {
    const strategy = await sharedStrategy();
    const comment = strategy.focus_areas[0]!.initiatives[0]!.comments[0]!;
    const edit = (key: string, body: object) =>
      server.api('PATCH', `/api/comments/update/${comment.id}/`, { token: key, body });
    const first = await edit(alan.key, { comment: '<p>On track</p>', version: comment.version });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ version: 2, author: { id: alan.id, name: 'Alan Turing' } });
    const stale = await edit(grace.key, { comment: '<p>Late</p>', version: comment.version });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: CONFLICT_CODES.stale, current: { comment: '<p>On track</p>' } });
    const page = await strategies.page(grace.key, strategy.id);
    expect(page.focus_areas[0]!.initiatives[0]!.comments[0]).toMatchObject({
      comment: '<p>On track</p>',
      author: { id: alan.id },
    });
    const history = await server.api('GET', `/api/initiative/${comment.initiative}/activity/`, {
      token: grace.key,
    });
    expect(history.body.results[0]).toMatchObject({
      model: 'comment',
      record_id: comment.id,
      old_value: '',
      new_value: '<p>On track</p>',
      user: { id: alan.id },
    });
  });
});
