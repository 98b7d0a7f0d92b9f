/**
 * DESIGN §4's permission table, call by call and role by role: who may do it, who gets 403
 * (sees the strategy but may not change it) and who gets 404 (may not even see it).
 */
import { MESSAGES } from '@keystone/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Member, personOf, type StrategyApi, signedInUser, strategyApi } from './helpers/strategies';
import {
  type Context,
  callsFor,
  type Fixture,
  ROLE_NAMES,
  ROLES,
  type Role,
  VIEWERS,
} from './helpers/strategyPermissionCalls';
import { getTestServer, type TestServer } from './helpers/testServer';

describe('strategy permissions (DESIGN §4)', () => {
  let server: TestServer;
  let strategies: StrategyApi;
  const people = {} as Record<Role, Member>;
  let colleague: Member;
  let shared: Fixture;

  async function buildFixture(): Promise<Fixture> {
    const key = people.master.key;
    const created = await strategies.create(key, { title: 'Grow' });
    const area = created.focus_areas[0]!;
    const initiative = area.initiatives[0]!;
    const otherArea = await strategies.addFocusArea(key, created.id);
    const sibling = await strategies.addInitiative(key, area.id);
    await strategies.assignOk(key, {
      strategy_id: created.id,
      initiatives: [
        {
          initiative_id: initiative.id,
          owners: [personOf(people.owner)],
          sponsors: [personOf(people.sponsor)],
          team_members: [personOf(people.teamMember)],
        },
      ],
    });
    return {
      strategy: created.id,
      area: area.id,
      otherArea: otherArea.id,
      initiative: initiative.id,
      sibling: sibling.id,
    };
  }

  beforeAll(async () => {
    server = await getTestServer();
    strategies = strategyApi(server);
    const organisationId = await server.createOrganisation('Acme');
    for (const role of ROLES) {
      people[role] = await signedInUser(
        server,
        role === 'otherOrganisation' ? {} : { organisationId, firstName: ROLE_NAMES[role] },
      );
    }
    colleague = await signedInUser(server, { organisationId, firstName: 'Colleague' });
    shared = await buildFixture();
  });
  afterAll(() => server.close());

  describe('GET /api/strategies/', () => {
    const cases = ROLES.map((role) => {
      const listed = VIEWERS.includes(role);
      return { role, listed, title: `should ${listed ? '' : 'not '}list it for the ${ROLE_NAMES[role]}` };
    });
    it.each(cases.map((entry) => [entry.title, entry] as const))('%s', async (_title, { role, listed }) => {
      const ids = await strategies.listedIds(people[role].key);
      if (listed) expect(ids).toContain(shared.strategy);
      else expect(ids).toEqual([]);
    });
  });

  const calls = callsFor(people);
  describe.each(calls.map((call) => [call.name, call] as const))('%s', (_name, call) => {
    const cases = ROLES.map((role) => {
      const expected = call.allowed.includes(role) ? call.success : VIEWERS.includes(role) ? 403 : 404;
      return { role, expected, title: `should answer ${expected} to the ${ROLE_NAMES[role]}` };
    });

    it.each(cases.map((entry) => [entry.title, entry] as const))('%s', async (_title, { role, expected }) => {
      const fixture = call.mutates ? await buildFixture() : shared;
      const context: Context = { fixture, colleague, master: people.master };
      const before = await strategies.page(people.master.key, fixture.strategy);
      const caller = people[role];

      const response = await call.send(server, context, caller.key);
      expect(response.status, JSON.stringify(response.body)).toBe(expected);

      if (expected === call.success) {
        await call.changed(response, await strategies.read(caller.key, fixture.strategy), context);
        return;
      }
      // A refusal says only why, and changes nothing.
      expect(response.body).toEqual({ detail: expected === 403 ? MESSAGES.noPermission : call.notFound });
      expect(await strategies.page(people.master.key, fixture.strategy)).toEqual(before);
    });
  });

  it('should answer a hidden strategy exactly as one that does not exist', async () => {
    const missing = 2_147_483_647;
    const nowhere: Fixture = {
      strategy: missing,
      area: missing,
      otherArea: missing,
      initiative: missing,
      sibling: missing,
    };
    for (const call of calls) {
      const absent = await call.send(
        server,
        { fixture: nowhere, colleague, master: people.master },
        people.master.key,
      );
      for (const role of ['noRole', 'otherOrganisation'] as const) {
        const hidden = await call.send(
          server,
          { fixture: shared, colleague, master: people.master },
          people[role].key,
        );
        expect({ status: hidden.status, body: hidden.body }, `${call.name} as ${role}`).toEqual({
          status: absent.status,
          body: absent.body,
        });
      }
    }
  });
});
