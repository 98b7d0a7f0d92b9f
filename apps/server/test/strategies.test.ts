import { MESSAGES, STRATEGY_MESSAGES } from '@keystone/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedPages } from '../src/core/events';
import { insertMeasure } from './helpers/measureRows';
import { getTestServer, type TestServer, type TestUser } from './helpers/testServer';

describe('strategies API', () => {
  let server: TestServer;
  let master: TestUser;
  let masterKey: string;
  beforeAll(async () => {
    server = await getTestServer();
    master = await server.createUser();
    masterKey = await server.loginAs(master);
  });
  afterAll(() => server.close());

  /** Resolves once this instance has taken in a notification that changes the strategy's page. */
  const notificationAbout = (strategyId: number) =>
    new Promise<void>((resolve) => {
      const { hub } = server.realtime;
      const deliver = hub.deliver;
      hub.deliver = (event) => {
        deliver.call(hub, event);
        const changed = changedPages([event]);
        if (changed === 'all' || changed.has(strategyId)) {
          hub.deliver = deliver;
          resolve();
        }
      };
    });

  const create = async () =>
    (await server.api('POST', '/api/strategy/create/', { token: masterKey, body: {} })).body;

  it('should create a strategy with its creator as master and one focus area holding one initiative', async () => {
    const response = await server.api('POST', '/api/strategy/create/', { token: masterKey, body: {} });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ model: 'strategy', title: '', user: master.id });
    expect(response.body.strategy_masters).toEqual([
      expect.objectContaining({ id: master.id, email: master.email }),
    ]);
    expect(response.body.focus_areas).toHaveLength(1);
    expect(response.body.focus_areas[0]).toMatchObject({ model: 'focusArea', sort_index: 0 });
    expect(response.body.focus_areas[0].initiatives).toEqual([
      expect.objectContaining({
        model: 'initiative',
        sort_index: 0,
        owners: [],
        sponsors: [],
        team_members: [],
      }),
    ]);
    const list = await server.api('GET', '/api/strategies/', { token: masterKey });
    expect(list.body.map((s: { id: number }) => s.id)).toContain(response.body.id);
  });

  it('should validate title and ambition with the spec messages and sanitise rich text', async () => {
    const strategy = await create();
    const url = `/api/strategy/update/${strategy.id}/`;
    const empty = await server.api('PATCH', url, { token: masterKey, body: { title: '  ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.title).toEqual([MESSAGES.fieldEmpty]);
    const longAmbition = `<p>${'a'.repeat(401)}</p>`;
    const tooLong = await server.api('PATCH', url, { token: masterKey, body: { ambition: longAmbition } });
    expect(tooLong.body.errors.ambition).toEqual([MESSAGES.charactersReached]);
    // 400 characters of text inside markup is within the limit: markup is not counted.
    const exact = await server.api('PATCH', url, {
      token: masterKey,
      body: { ambition: `<p><strong>${'a'.repeat(400)}</strong></p>` },
    });
    expect(exact.status).toBe(200);
    const hostile = await server.api('PATCH', url, {
      token: masterKey,
      body: {
        ambition: '<p onclick="x()">Grow<script>alert(1)</script> <a href="javascript:alert(1)">here</a></p>',
      },
    });
    expect(hostile.status).toBe(200);
    expect(hostile.body.ambition).toBe(
      '<p>Grow <a target="_blank" rel="noopener noreferrer nofollow">here</a></p>',
    );
  });

  it('should keep at most 5 focus areas and 5 initiatives, and at least one of each', async () => {
    const strategy = await create();
    for (let i = 0; i < 4; i++) {
      const added = await server.api('POST', '/api/focusarea/create/', {
        token: masterKey,
        body: { strategy: strategy.id },
      });
      expect(added.status).toBe(201);
    }
    const sixth = await server.api('POST', '/api/focusarea/create/', {
      token: masterKey,
      body: { strategy: strategy.id },
    });
    expect(sixth.status).toBe(409);
    expect(sixth.body.detail).toBe(STRATEGY_MESSAGES.tooManyFocusAreas);

    const area = strategy.focus_areas[0];
    for (let i = 0; i < 4; i++) {
      const added = await server.api('POST', '/api/initiative/create/', {
        token: masterKey,
        body: { focus_area: area.id },
      });
      expect(added.status).toBe(201);
    }
    const sixthInitiative = await server.api('POST', '/api/initiative/create/', {
      token: masterKey,
      body: { focus_area: area.id },
    });
    expect(sixthInitiative.status).toBe(409);
    expect(sixthInitiative.body.detail).toBe(STRATEGY_MESSAGES.tooManyInitiatives);

    const page = (await server.api('GET', `/api/strategy/${strategy.id}`, { token: masterKey })).body;
    expect(page.focus_areas.map((a: { sort_index: number }) => a.sort_index)).toEqual([0, 1, 2, 3, 4]);
    const lastArea = page.focus_areas[4];
    const onlyInitiative = lastArea.initiatives[0];
    const refused = await server.api('DELETE', `/api/initiative/delete/${onlyInitiative.id}/`, {
      token: masterKey,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(STRATEGY_MESSAGES.lastInitiative);
  });

  it('should reorder densely and survive concurrent moves', async () => {
    const strategy = await create();
    for (let i = 0; i < 4; i++) {
      await server.api('POST', '/api/focusarea/create/', {
        token: masterKey,
        body: { strategy: strategy.id },
      });
    }
    const before = (await server.api('GET', `/api/strategy/${strategy.id}`, { token: masterKey })).body;
    const ids: number[] = before.focus_areas.map((a: { id: number }) => a.id);
    const moved = await server.api('PATCH', `/api/focusarea/sort/${ids[0]}/`, {
      token: masterKey,
      body: { sort_index: 3 },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.order.map((o: { id: number }) => o.id)).toEqual([
      ids[1],
      ids[2],
      ids[3],
      ids[0],
      ids[4],
    ]);
    await Promise.all(
      ids.map((id, index) =>
        server.api('PATCH', `/api/focusarea/sort/${id}/`, {
          token: masterKey,
          body: { sort_index: 4 - index },
        }),
      ),
    );
    const after = (await server.api('GET', `/api/strategy/${strategy.id}`, { token: masterKey })).body;
    expect(after.focus_areas.map((a: { sort_index: number }) => a.sort_index)).toEqual([0, 1, 2, 3, 4]);
    expect(new Set(after.focus_areas.map((a: { id: number }) => a.id))).toEqual(new Set(ids));
  });

  it('should answer a repeated page read from memory, yet show each change and rename at once', async () => {
    const strategy = await create();
    const owner = await server.createUser({ organisationId: master.organisationId, firstName: 'Olga' });
    const ownerKey = await server.loginAs(owner);
    // The instance also drops the page when the change's NOTIFY comes back to it, which on
    // PostgreSQL may be after the answer: wait for it, or it could drop the first read below.
    const notified = notificationAbout(strategy.id);
    await server.api('PATCH', '/api/assign-users-to-strategy/', {
      token: masterKey,
      body: {
        strategy_id: strategy.id,
        initiatives: [
          {
            initiative_id: strategy.focus_areas[0].initiatives[0].id,
            owners: [{ id: owner.id, email: owner.email }],
            sponsors: [],
            team_members: [],
          },
        ],
      },
    });
    await notified;
    const read = async () =>
      (await server.api('GET', `/api/strategy/${strategy.id}`, { token: masterKey })).body;
    await read();
    server.queries.length = 0;
    await read();
    expect(server.queries).toHaveLength(1); // the key lookup only

    await server.api('PATCH', `/api/focusarea/update/${strategy.focus_areas[0].id}/`, {
      token: masterKey,
      body: { title: 'Customers first' },
    });
    expect((await read()).focus_areas[0].title).toBe('Customers first');

    await server.api('PATCH', '/api/update-user-details/', {
      token: ownerKey,
      body: { first_name: 'Olivia' },
    });
    expect((await read()).focus_areas[0].initiatives[0].owners[0].name).toMatch(/^Olivia /);
  });

  it('should read the whole page in the same number of queries however large it is', async () => {
    const small = await create();
    server.queries.length = 0;
    await server.api('GET', `/api/strategy/${small.id}`, { token: masterKey });
    const smallCount = server.queries.length;

    const large = await create();
    const people = await Promise.all(
      Array.from({ length: 10 }, () => server.createUser({ organisationId: master.organisationId })),
    );
    for (let i = 0; i < 4; i++) {
      await server.api('POST', '/api/focusarea/create/', { token: masterKey, body: { strategy: large.id } });
    }
    let page = (await server.api('GET', `/api/strategy/${large.id}`, { token: masterKey })).body;
    for (const area of page.focus_areas) {
      for (let i = 0; i < 4; i++) {
        await server.api('POST', '/api/initiative/create/', {
          token: masterKey,
          body: { focus_area: area.id },
        });
      }
    }
    page = (await server.api('GET', `/api/strategy/${large.id}`, { token: masterKey })).body;
    const refs = people.map((person) => ({ id: person.id, email: person.email }));
    const team = await server.api('PATCH', '/api/assign-users-to-strategy/', {
      token: masterKey,
      body: {
        strategy_id: large.id,
        initiatives: page.focus_areas.flatMap((area: { initiatives: { id: number }[] }) =>
          area.initiatives.map((initiative) => ({
            initiative_id: initiative.id,
            owners: refs.slice(0, 3),
            sponsors: refs.slice(3, 5),
            team_members: refs.slice(5),
          })),
        ),
      },
    });
    expect(team.status).toBe(200);
    server.queries.length = 0;
    const full = await server.api('GET', `/api/strategy/${large.id}`, { token: masterKey });
    expect(full.body.focus_areas).toHaveLength(5);
    expect(full.body.focus_areas.every((a: { initiatives: unknown[] }) => a.initiatives.length === 5)).toBe(
      true,
    );
    expect(full.body.focus_areas[4].initiatives[4].owners).toHaveLength(3);
    expect(server.queries.length).toBe(smallCount);

    // With measures (DESIGN §10): two on every initiative and one on every focus area, 12 past readings each.
    for (const area of page.focus_areas as { id: number; initiatives: { id: number }[] }[]) {
      await insertMeasure(server, { strategyId: large.id, focusAreaId: area.id, lockedReadings: 12 });
      for (const initiative of area.initiatives)
        for (const title of ['Trials', 'Churn'])
          await insertMeasure(server, {
            strategyId: large.id,
            initiativeId: initiative.id,
            title,
            lockedReadings: 12,
            current: '7',
          });
    }
    server.queries.length = 0;
    const measured = await server.api('GET', `/api/strategy/${large.id}`, { token: masterKey });
    const initiatives = measured.body.focus_areas.flatMap(
      (area: { initiatives: unknown[] }) => area.initiatives,
    );
    expect(initiatives).toHaveLength(25);
    for (const initiative of initiatives as {
      measures: { history: unknown[]; current: { value: string } }[];
    }[]) {
      expect(initiative.measures).toHaveLength(2);
      expect(initiative.measures.every((measure) => measure.history.length === 12)).toBe(true);
      expect(initiative.measures[0]!.current.value).toBe('7');
    }
    expect(
      measured.body.focus_areas.every((area: { measures: unknown[] }) => area.measures.length === 1),
    ).toBe(true);
    expect(server.queries.length).toBe(smallCount);
    // Strategy, masters, focus areas, initiatives, people, comments, measures with their readings, and the access check.
    expect(smallCount).toBeLessThanOrEqual(8);
  });

  it('should refuse a required title that is empty once sanitised', async () => {
    const strategy = await create();
    const area = strategy.focus_areas[0];
    const scriptOnly = await server.api('PATCH', `/api/focusarea/update/${area.id}/`, {
      token: masterKey,
      body: { title: '<script>x</script>' },
    });
    expect(scriptOnly.status).toBe(400);
    expect(scriptOnly.body.errors.title).toEqual([MESSAGES.fieldEmpty]);
    const initiative = area.initiatives[0];
    const styleOnly = await server.api('PATCH', `/api/initiative/update/${initiative.id}/`, {
      token: masterKey,
      body: { title: '<style>p{}</style>' },
    });
    expect(styleOnly.status).toBe(400);
  });

  it('should not write anything for an update without fields', async () => {
    const strategy = await create();
    const initiative = strategy.focus_areas[0].initiatives[0];
    const response = await server.api('PATCH', `/api/initiative/update/${initiative.id}/`, {
      token: masterKey,
      body: {},
    });
    expect(response.status).toBe(200);
    expect(response.body.updated_at).toBe(initiative.updated_at);
  });

  it('should answer 404, not 409 or 500, when two requests delete the same focus area', async () => {
    const strategy = await create();
    const added = await server.api('POST', '/api/focusarea/create/', {
      token: masterKey,
      body: { strategy: strategy.id },
    });
    await server.api('POST', '/api/focusarea/create/', { token: masterKey, body: { strategy: strategy.id } });
    const url = `/api/focusarea/delete/${added.body.id}/`;
    const [first, second] = await Promise.all([
      server.api('DELETE', url, { token: masterKey }),
      server.api('DELETE', url, { token: masterKey }),
    ]);
    expect([first.status, second.status].sort()).toEqual([204, 404]);
    const page = (await server.api('GET', `/api/strategy/${strategy.id}`, { token: masterKey })).body;
    expect(page.focus_areas.map((a: { sort_index: number }) => a.sort_index)).toEqual([0, 1]);
  });
});
