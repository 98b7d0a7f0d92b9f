/**
 * Malformed input to the strategy calls (wrong types, missing and extra fields, bad ids, other
 * organisations' and deleted records): always a 4xx with a detail, never a 500, nothing changed.
 */
import type { Strategy } from '@keystone/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectClientError } from './helpers/hostile';
import { useInputFixture } from './helpers/inputFixture';
import { initiativeOn, personOf } from './helpers/strategies';
import { BODY_ENDPOINTS, NOT_FOUND_DETAIL, PATH_ENDPOINTS, WRONG_VALUES } from './helpers/strategyEndpoints';

describe('strategy input: malformed', () => {
  const ctx = useInputFixture();
  const { send, page } = ctx;
  const updateInitiative = (body: unknown) =>
    send('PATCH', `/api/initiative/update/${ctx.fixture.initiative}/`, body);

  describe('malformed bodies', () => {
    describe.each(BODY_ENDPOINTS.map((endpoint) => [endpoint.name, endpoint] as const))(
      '%s',
      (_name, endpoint) => {
        const call = (body: unknown) => send(endpoint.method, endpoint.path(ctx.fixture), body);
        let before: Strategy;
        beforeAll(async () => {
          before = await page();
        });

        it('should refuse a wrong value in every field with 400 naming the field', async () => {
          for (const [field, kind] of Object.entries(endpoint.fields)) {
            for (const value of WRONG_VALUES[kind]) {
              const response = await call({ ...endpoint.valid(ctx.fixture), [field]: value });
              expectClientError(response, 400);
              const fields = Object.keys(response.body.errors ?? {});
              expect(
                fields.some((key) => key === field || key.startsWith(`${field}.`)),
                `${field}=${JSON.stringify(value)}: ${fields}`,
              ).toBe(true);
            }
          }
        });

        it('should refuse missing required fields and bodies that are not objects with 400', async () => {
          for (const field of endpoint.required) {
            const { [field]: _missing, ...rest } = endpoint.valid(ctx.fixture);
            const response = await call(rest);
            expectClientError(response, 400);
            expect(Object.keys(response.body.errors)).toContain(field);
          }
          for (const body of ['[]', '"text"', '42', 'true', '[{"title":"x"}]']) {
            expectClientError(await call(body), 400);
          }
          // A number too large for JavaScript arrives as Infinity.
          for (const [field, kind] of Object.entries(endpoint.fields)) {
            if (kind !== 'id' && kind !== 'index' && kind !== 'requiredIndex') continue;
            const huge = JSON.stringify({ ...endpoint.valid(ctx.fixture), [field]: '__HUGE__' }).replace(
              '"__HUGE__"',
              '9'.repeat(400),
            );
            expectClientError(await call(huge), 400);
          }
        });

        it('should have changed nothing', async () => {
          expect(await page()).toEqual(before);
        });
      },
    );

    it('should ignore extra fields and never let them move or re-assign anything', async () => {
      const before = await page();
      const extra = {
        id: ctx.fixture.sibling,
        model: 'strategy',
        organisation_id: ctx.rival.organisationId,
        user: ctx.rival.id,
        strategy: ctx.rivalFixture.strategy,
        strategy_masters: [personOf(ctx.rival)],
        focus_area: ctx.rivalFixture.area,
        focus_areas: [],
        owners: [personOf(ctx.rival)],
        sort_index: 1,
        created_at: '2000-01-01T00:00:00.000Z',
        is_admin: true,
      };
      const strategyUpdate = await send('PATCH', `/api/strategy/update/${ctx.fixture.strategy}/`, {
        ...extra,
        title: 'Kept',
      });
      expect(strategyUpdate.status).toBe(200);
      const areaUpdate = await send('PATCH', `/api/focusarea/update/${ctx.fixture.area}/`, {
        ...extra,
        title: 'Area kept',
      });
      expect(areaUpdate.status).toBe(200);
      const initiativeUpdate = await updateInitiative({ ...extra, title: 'Initiative kept' });
      expect(initiativeUpdate.status).toBe(200);
      const { strategy_masters: _masters, owners: _owners, ...notTeamFields } = extra;
      const team = await ctx.strategies.assign(ctx.master.key, {
        ...notTeamFields,
        strategy_id: ctx.fixture.strategy,
        initiatives: [
          {
            ...notTeamFields,
            sponsor: ctx.rival.id,
            initiative_id: ctx.fixture.initiative,
            team_members: [{ ...personOf(ctx.master), name: 'Evil', role: 'admin' }],
          },
        ],
      });
      expect(team.status).toBe(200);

      const after = await page();
      expect(after).toMatchObject({
        id: ctx.fixture.strategy,
        title: 'Kept',
        user: ctx.master.id,
        created_at: before.created_at,
      });
      expect(after.strategy_masters).toEqual(before.strategy_masters);
      expect(after.focus_areas.map((area) => area.id)).toEqual(before.focus_areas.map((area) => area.id));
      expect(after.focus_areas[0]!.title).toBe('Area kept');
      expect(after.focus_areas[0]!.initiatives.map((item) => item.id)).toEqual([
        ctx.fixture.initiative,
        ctx.fixture.sibling,
      ]);
      expect(initiativeOn(after, ctx.fixture.initiative)).toMatchObject({
        title: 'Initiative kept',
        owners: [],
        team_members: [{ id: ctx.master.id, name: 'Grace Hopper', email: ctx.master.email }],
      });
      expect(await ctx.strategies.listedIds(ctx.rival.key)).toEqual([ctx.rivalFixture.strategy]);
      // Cleared again, so the other tests see the ctx.fixture as it was.
      await ctx.strategies.assignOk(ctx.master.key, {
        strategy_id: ctx.fixture.strategy,
        initiatives: [{ initiative_id: ctx.fixture.initiative, team_members: [] }],
      });
    });
  });

  describe('ids', () => {
    const BAD_IDS = [
      'abc',
      '-1',
      '0',
      '1.5',
      '1e3',
      '0x10',
      '2147483648',
      '99999999999999999999',
      '9'.repeat(300),
      'null',
      "1'%20OR%20'1'='1",
      '1;DROP%20TABLE%20strategies',
      '%20',
    ];
    const labelled = BAD_IDS.map((id) => [id.length > 30 ? `of ${id.length} digits` : id, id] as const);
    it.each(labelled)('should refuse the id %s in every path with 400', async (_label, id) => {
      for (const endpoint of PATH_ENDPOINTS) {
        const response = await send(endpoint.method, endpoint.path(id), endpoint.body);
        expectClientError(response, 400);
        expect(response.body).toEqual({
          detail: 'A valid id is required.',
          errors: { non_field_errors: ['A valid id is required.'] },
        });
      }
    });

    it('should answer ids of another organisation, of deleted records and beyond the last with 404', async () => {
      const doomed = await ctx.buildFixture(ctx.master);
      expect((await send('DELETE', `/api/initiative/delete/${doomed.sibling}/`)).status).toBe(204);
      expect((await send('DELETE', `/api/focusarea/delete/${doomed.otherArea}/`)).status).toBe(204);
      const deletedWhole = await ctx.buildFixture(ctx.master);
      expect((await send('DELETE', `/api/strategy/delete/${deletedWhole.strategy}/`)).status).toBe(204);
      const rivalBefore = await page(ctx.rivalFixture.strategy, ctx.rival.key);

      const unreachable: Array<Record<'strategy' | 'area' | 'initiative', number>> = [
        {
          strategy: ctx.rivalFixture.strategy,
          area: ctx.rivalFixture.area,
          initiative: ctx.rivalFixture.initiative,
        },
        { strategy: deletedWhole.strategy, area: deletedWhole.area, initiative: deletedWhole.initiative },
        { strategy: deletedWhole.strategy, area: doomed.otherArea, initiative: doomed.sibling },
        { strategy: 2_147_483_647, area: 2_147_483_647, initiative: 2_147_483_647 },
      ];
      for (const ids of unreachable) {
        for (const endpoint of PATH_ENDPOINTS) {
          const response = await send(
            endpoint.method,
            endpoint.path(String(ids[endpoint.kind])),
            endpoint.body,
          );
          expect(response.status, `${endpoint.method} ${endpoint.path(String(ids[endpoint.kind]))}`).toBe(
            404,
          );
          expect(response.body).toEqual({ detail: NOT_FOUND_DETAIL[endpoint.kind] });
        }
        // The same ids in a body.
        const bodies: Array<[string, unknown, string]> = [
          ['/api/focusarea/create/', { strategy: ids.strategy }, NOT_FOUND_DETAIL.strategy],
          ['/api/initiative/create/', { focus_area: ids.area }, NOT_FOUND_DETAIL.area],
        ];
        for (const [path, body, detail] of bodies) {
          expect(await send('POST', path, body)).toMatchObject({ status: 404, body: { detail } });
        }
        expect(
          await ctx.strategies.assign(ctx.master.key, {
            strategy_id: ids.strategy,
            strategy_masters: [personOf(ctx.master)],
          }),
        ).toMatchObject({ status: 404, body: { detail: NOT_FOUND_DETAIL.strategy } });
      }
      expect(await page(ctx.rivalFixture.strategy, ctx.rival.key)).toEqual(rivalBefore);
    });
  });
});
