/** The shape of a strategy page: 1..5 focus areas and initiatives, densely ordered, deleted with their contents. */
import { initiativeDetailSchema, STRATEGY_MESSAGES, type Strategy } from '@keystone/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  idsOf,
  type Member,
  personOf,
  type StrategyApi,
  signedInUser,
  strategyApi,
} from './helpers/strategies';
import { getTestServer, type TestServer } from './helpers/testServer';

const sortIndices = (items: readonly { sort_index: number }[]) => items.map((item) => item.sort_index);
const range = (length: number) => Array.from({ length }, (_value, index) => index);

describe('strategy structure', () => {
  let server: TestServer;
  let strategies: StrategyApi;
  let master: Member;
  let owner: Member;

  beforeAll(async () => {
    server = await getTestServer();
    strategies = strategyApi(server);
    master = await signedInUser(server, { firstName: 'Grace', lastName: 'Hopper' });
    owner = await signedInUser(server, { organisationId: master.organisationId, firstName: 'Alan' });
  });
  afterAll(() => server.close());

  /** A strategy with `areas` focus areas, read back as its page. */
  async function strategyWith(areas: number): Promise<Strategy> {
    const strategy = await strategies.create(master.key);
    for (let i = 1; i < areas; i++) await strategies.addFocusArea(master.key, strategy.id);
    return strategies.page(master.key, strategy.id);
  }

  const read = (path: string, key = master.key) => server.api('GET', path, { token: key });
  const remove = (path: string) => server.api('DELETE', path, { token: master.key });

  describe('DELETE /api/focusarea/delete/{id}/', () => {
    it('should delete its initiatives and their members, and renumber the other focus areas 0..n-1', async () => {
      const strategy = await strategyWith(4);
      const doomed = strategy.focus_areas[1]!;
      const extra = await strategies.addInitiative(master.key, doomed.id);
      const doomedInitiatives = [doomed.initiatives[0]!.id, extra.id];
      await strategies.assignOk(master.key, {
        strategy_id: strategy.id,
        initiatives: doomedInitiatives.map((id) => ({ initiative_id: id, owners: [personOf(owner)] })),
      });
      expect(await strategies.listedIds(owner.key)).toContain(strategy.id);

      const response = await remove(`/api/focusarea/delete/${doomed.id}/`);
      expect(response.status).toBe(204);
      expect(response.body).toBe('');

      for (const id of doomedInitiatives) {
        const gone = await read(`/api/initiative/${id}`);
        expect(gone.status).toBe(404);
        expect(gone.body).toEqual({ detail: 'Initiative not found.' });
      }
      expect((await read(`/api/focusarea/${doomed.id}`)).status).toBe(404);
      const after = await strategies.page(master.key, strategy.id);
      expect(idsOf(after.focus_areas)).toEqual(idsOf(strategy.focus_areas).filter((id) => id !== doomed.id));
      expect(sortIndices(after.focus_areas)).toEqual([0, 1, 2]);
      // Their owner held no other role, so the strategy is gone from their sight with them.
      expect(await strategies.listedIds(owner.key)).not.toContain(strategy.id);
      expect((await strategies.read(owner.key, strategy.id)).status).toBe(404);
    });

    it('should refuse to delete the last focus area with 409', async () => {
      const strategy = await strategyWith(1);
      const response = await remove(`/api/focusarea/delete/${strategy.focus_areas[0]!.id}/`);
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ detail: STRATEGY_MESSAGES.lastFocusArea });
      expect(await strategies.page(master.key, strategy.id)).toEqual(strategy);
    });

    it('should keep one focus area when all are deleted at once', async () => {
      const strategy = await strategyWith(4);
      const responses = await Promise.all(
        strategy.focus_areas.map((area) => remove(`/api/focusarea/delete/${area.id}/`)),
      );
      expect(responses.map((response) => response.status).sort()).toEqual([204, 204, 204, 409]);
      const after = await strategies.page(master.key, strategy.id);
      expect(sortIndices(after.focus_areas)).toEqual([0]);
    });
  });

  describe('DELETE /api/initiative/delete/{id}/', () => {
    it('should renumber its siblings 0..n-1 in their order', async () => {
      const strategy = await strategyWith(1);
      const area = strategy.focus_areas[0]!;
      for (let i = 0; i < 3; i++) await strategies.addInitiative(master.key, area.id);
      const ids = idsOf((await strategies.page(master.key, strategy.id)).focus_areas[0]!.initiatives);

      const response = await remove(`/api/initiative/delete/${ids[1]}/`);
      expect(response.status).toBe(204);
      expect((await read(`/api/initiative/${ids[1]}`)).status).toBe(404);
      const after = (await strategies.page(master.key, strategy.id)).focus_areas[0]!.initiatives;
      expect(idsOf(after)).toEqual([ids[0], ids[2], ids[3]]);
      expect(sortIndices(after)).toEqual([0, 1, 2]);
    });
  });

  describe('POST /api/focusarea/create/', () => {
    it('should insert at the given sort_index and move the others down', async () => {
      const strategy = await strategyWith(3);
      const before = idsOf(strategy.focus_areas);
      const created = await strategies.addFocusArea(master.key, strategy.id, { sort_index: 1 });
      expect(created).toMatchObject({ model: 'focusArea', sort_index: 1, strategy: strategy.id, title: '' });
      expect(created.initiatives).toEqual([
        expect.objectContaining({ sort_index: 0, focus_area: created.id }),
      ]);
      const after = (await strategies.page(master.key, strategy.id)).focus_areas;
      expect(idsOf(after)).toEqual([before[0], created.id, before[1], before[2]]);
      expect(sortIndices(after)).toEqual([0, 1, 2, 3]);

      const first = await strategies.addFocusArea(master.key, strategy.id, { sort_index: 0 });
      expect(first.sort_index).toBe(0);
      expect(idsOf((await strategies.page(master.key, strategy.id)).focus_areas)[0]).toBe(first.id);
    });

    it('should clamp a sort_index beyond the end to the last place', async () => {
      const strategy = await strategyWith(2);
      const created = await strategies.addFocusArea(master.key, strategy.id, { sort_index: 1000 });
      expect(created.sort_index).toBe(2);
      const after = (await strategies.page(master.key, strategy.id)).focus_areas;
      expect(idsOf(after)).toEqual([...idsOf(strategy.focus_areas), created.id]);
      expect(sortIndices(after)).toEqual([0, 1, 2]);

      const moved = await server.api('PATCH', `/api/focusarea/sort/${after[0]!.id}/`, {
        token: master.key,
        body: { sort_index: 999 },
      });
      expect(moved.status).toBe(200);
      expect(moved.body.sort_index).toBe(2);
      expect(idsOf((await strategies.page(master.key, strategy.id)).focus_areas)).toEqual([
        after[1]!.id,
        after[2]!.id,
        after[0]!.id,
      ]);
    });

    it('should never go beyond 5 focus areas when 8 are added at once', async () => {
      const strategy = await strategyWith(1);
      const responses = await Promise.all(
        range(8).map(() =>
          server.api('POST', '/api/focusarea/create/', {
            token: master.key,
            body: { strategy: strategy.id },
          }),
        ),
      );
      const created = responses.filter((response) => response.status === 201);
      const refused = responses.filter((response) => response.status !== 201);
      expect(created).toHaveLength(4);
      expect(refused).toHaveLength(4);
      for (const response of refused) {
        expect(response.status).toBe(409);
        expect(response.body).toEqual({ detail: STRATEGY_MESSAGES.tooManyFocusAreas });
      }
      const after = (await strategies.page(master.key, strategy.id)).focus_areas;
      expect(sortIndices(after)).toEqual(range(5));
      expect(new Set(idsOf(after))).toEqual(
        new Set([strategy.focus_areas[0]!.id, ...created.map((response) => response.body.id)]),
      );
    });
  });

  describe('POST /api/initiative/create/', () => {
    it('should insert at the given sort_index, clamp one beyond the end, and never exceed 5 at once', async () => {
      const strategy = await strategyWith(1);
      const area = strategy.focus_areas[0]!;
      const original = area.initiatives[0]!.id;
      const firstPlace = await strategies.addInitiative(master.key, area.id, { sort_index: 0 });
      const clamped = await strategies.addInitiative(master.key, area.id, { sort_index: 1000 });
      expect(firstPlace.sort_index).toBe(0);
      expect(clamped.sort_index).toBe(2);
      let initiatives = (await strategies.page(master.key, strategy.id)).focus_areas[0]!.initiatives;
      expect(idsOf(initiatives)).toEqual([firstPlace.id, original, clamped.id]);

      const responses = await Promise.all(
        range(6).map(() =>
          server.api('POST', '/api/initiative/create/', { token: master.key, body: { focus_area: area.id } }),
        ),
      );
      expect(responses.filter((response) => response.status === 201)).toHaveLength(2);
      expect(responses.filter((response) => response.status === 409)).toHaveLength(4);
      initiatives = (await strategies.page(master.key, strategy.id)).focus_areas[0]!.initiatives;
      expect(sortIndices(initiatives)).toEqual(range(5));
    });
  });

  describe('DELETE /api/strategy/delete/{id}/', () => {
    it('should remove the strategy with everything on it, for everyone', async () => {
      const strategy = await strategyWith(2);
      const [area, otherArea] = strategy.focus_areas;
      const initiative = area!.initiatives[0]!.id;
      await strategies.assignOk(master.key, {
        strategy_id: strategy.id,
        initiatives: [{ initiative_id: initiative, team_members: [personOf(owner)] }],
      });

      const response = await remove(`/api/strategy/delete/${strategy.id}/`);
      expect(response.status).toBe(204);

      for (const key of [master.key, owner.key]) {
        expect(await strategies.read(key, strategy.id)).toMatchObject({
          status: 404,
          body: { detail: 'Strategy not found.' },
        });
        expect(await strategies.listedIds(key)).not.toContain(strategy.id);
      }
      for (const path of [
        `/api/focusarea/${area!.id}`,
        `/api/focusarea/${otherArea!.id}`,
        `/api/initiative/${initiative}`,
        `/api/initiative/${otherArea!.initiatives[0]!.id}`,
      ]) {
        expect((await read(path)).status, path).toBe(404);
      }
      const again = await remove(`/api/strategy/delete/${strategy.id}/`);
      expect(again).toMatchObject({ status: 404, body: { detail: 'Strategy not found.' } });
    });
  });

  describe('GET /api/initiative/{id}', () => {
    it('should add strategy_id, ambition, strategy_masters and focus_area_title for the charter page', async () => {
      const strategy = await strategyWith(1);
      const area = strategy.focus_areas[0]!;
      const initiative = area.initiatives[0]!.id;
      await server.api('PATCH', `/api/strategy/update/${strategy.id}/`, {
        token: master.key,
        body: { ambition: '<p>Be the <strong>best</strong></p>' },
      });
      await server.api('PATCH', `/api/focusarea/update/${area.id}/`, {
        token: master.key,
        body: { title: 'Customers' },
      });
      await strategies.assignOk(master.key, {
        strategy_id: strategy.id,
        initiatives: [{ initiative_id: initiative, team_members: [personOf(owner)] }],
      });

      // A team member opens the charter too.
      const response = await read(`/api/initiative/${initiative}`, owner.key);
      expect(response.status).toBe(200);
      expect(initiativeDetailSchema.strict().parse(response.body)).toEqual(response.body);
      expect(response.body).toMatchObject({
        id: initiative,
        model: 'initiative',
        focus_area: area.id,
        strategy_id: strategy.id,
        ambition: '<p>Be the <strong>best</strong></p>',
        strategy_masters: [{ id: master.id, name: 'Grace Hopper', email: master.email }],
        focus_area_title: 'Customers',
        team_members: [expect.objectContaining({ id: owner.id, email: owner.email })],
      });
    });
  });
});
