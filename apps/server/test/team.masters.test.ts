/**
 * Strategies never orphaned (issue 14): every strategy keeps an active, signed-up master, the
 * organisation's administrators can change any strategy's masters (and nothing else), and
 * deactivated people stay on the strategy, marked.
 */
import { MESSAGES, ORGANISATION_MESSAGES, STRATEGY_MESSAGES, type Strategy } from '@keystone/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import {
  idsOf,
  type Member,
  personOf,
  type StrategyApi,
  signedInUser,
  strategyApi,
} from './helpers/strategies';
import { getTestServer, type TestServer } from './helpers/testServer';

describe('strategy masters and administrators', () => {
  let server: TestServer;
  let strategies: StrategyApi;
  let master: Member;
  let colleague: Member;
  let admin: Member;
  let outsider: Member;
  let rivalAdmin: Member;

  beforeAll(async () => {
    server = await getTestServer();
    strategies = strategyApi(server);
    master = await signedInUser(server, { email: 'grace@acme.com', firstName: 'Grace', lastName: 'Hopper' });
    const organisationId = master.organisationId;
    colleague = await signedInUser(server, {
      organisationId,
      email: 'alan@acme.com',
      firstName: 'Alan',
      lastName: 'Turing',
    });
    admin = await signedInUser(server, {
      organisationId,
      email: 'admin@acme.com',
      firstName: 'Ada',
      lastName: 'Admin',
      isAdmin: true,
    });
    outsider = await signedInUser(server, { organisationId, email: 'nobody@acme.com' });
    rivalAdmin = await signedInUser(server, { email: 'boss@rival.com', isAdmin: true });
  });
  afterAll(() => server.close());

  const deactivate = (member: Member) =>
    server.database.db.update(users).set({ isActive: false }).where(eq(users.id, member.id));
  const reactivate = (member: Member) =>
    server.database.db.update(users).set({ isActive: true }).where(eq(users.id, member.id));
  /**
   * The reads since a point in the query log: the page read is all reads, while on PostgreSQL a
   * background write (a key's last use, a sweep) may land in the same moment and is not its cost.
   */
  const readsSince = (start: number) =>
    server.queries.slice(start).filter((query) => /^\s*select\b/i.test(query)).length;
  const teamOf = (id: number, key: string) => server.api('GET', `/api/strategy/${id}/team/`, { token: key });

  async function freshStrategy(): Promise<Strategy> {
    return strategies.create(master.key, { title: 'Grow' });
  }

  const expectMasterRefused = (response: { status: number; body: unknown }) => {
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      detail: ORGANISATION_MESSAGES.masterMustHaveSignedUp,
      errors: { strategy_masters: [ORGANISATION_MESSAGES.masterMustHaveSignedUp] },
    });
  };

  describe('at least one active, signed-up master', () => {
    it('should make the creator the master of a new strategy', async () => {
      const strategy = await freshStrategy();
      expect(idsOf(strategy.strategy_masters)).toEqual([master.id]);
    });

    it('should refuse masters who are all people not yet signed up, and change nothing', async () => {
      const strategy = await freshStrategy();
      const response = await strategies.assign(master.key, {
        strategy_id: strategy.id,
        strategy_masters: [{ id: null, email: 'newcomer@acme.com' }],
      });
      expectMasterRefused(response);
      expect(idsOf((await strategies.page(master.key, strategy.id)).strategy_masters)).toEqual([master.id]);
    });

    it('should refuse to leave only deactivated masters', async () => {
      const strategy = await freshStrategy();
      await strategies.assignOk(master.key, {
        strategy_id: strategy.id,
        strategy_masters: [personOf(master), personOf(colleague)],
      });
      await deactivate(colleague);
      try {
        const response = await strategies.assign(master.key, {
          strategy_id: strategy.id,
          strategy_masters: [personOf(colleague)],
        });
        expectMasterRefused(response);
      } finally {
        await reactivate(colleague);
      }
    });

    it('should give a deactivated person no new role, and let them keep the ones they hold', async () => {
      const strategy = await freshStrategy();
      const initiative = strategy.focus_areas[0]!.initiatives[0]!;
      await strategies.assignOk(master.key, {
        strategy_id: strategy.id,
        initiatives: [{ initiative_id: initiative.id, sponsors: [personOf(colleague)] }],
      });
      await deactivate(colleague);
      try {
        for (const body of [
          { strategy_masters: [personOf(master), personOf(colleague)] },
          { initiatives: [{ initiative_id: initiative.id, owners: [personOf(colleague)] }] },
        ]) {
          const response = await strategies.assign(master.key, { strategy_id: strategy.id, ...body });
          expect(response.status).toBe(400);
          expect(response.body.detail).toBe(ORGANISATION_MESSAGES.deactivatedNotAssignable);
        }
        // Saving the page with the sponsor kept, and a new team member, is fine.
        await strategies.assignOk(master.key, {
          strategy_id: strategy.id,
          initiatives: [
            {
              initiative_id: initiative.id,
              sponsors: [personOf(colleague)],
              team_members: [personOf(admin)],
            },
          ],
        });
      } finally {
        await reactivate(colleague);
      }
    });

    it('should accept a placeholder beside an active signed-up master', async () => {
      const strategy = await freshStrategy();
      await strategies.assignOk(master.key, {
        strategy_id: strategy.id,
        strategy_masters: [personOf(colleague), { id: null, email: 'later@acme.com' }],
      });
      const masters = (await strategies.page(colleague.key, strategy.id)).strategy_masters;
      expect(masters.map((person) => person.email).sort()).toEqual(['alan@acme.com', 'later@acme.com']);
    });
  });

  describe('administrators', () => {
    it('should keep the content hidden from an administrator without a role (404)', async () => {
      const strategy = await freshStrategy();
      const read = await strategies.read(admin.key, strategy.id);
      expect(read.status).toBe(404);
      const update = await server.api('PATCH', `/api/strategy/update/${strategy.id}/`, {
        token: admin.key,
        body: { title: 'Taken over' },
      });
      expect(update.status).toBe(404);
    });

    it('should let an administrator without a role read the team: titles and people, no content', async () => {
      const strategy = await freshStrategy();
      const area = strategy.focus_areas[0]!;
      const initiative = area.initiatives[0]!;
      await strategies.assignOk(master.key, {
        strategy_id: strategy.id,
        initiatives: [{ initiative_id: initiative.id, owners: [personOf(colleague)] }],
      });
      const response = await teamOf(strategy.id, admin.key);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id: strategy.id,
        title: 'Grow',
        strategy_masters: [{ id: master.id, name: 'Grace Hopper', email: 'grace@acme.com' }],
        focus_areas: [
          {
            id: area.id,
            title: area.title,
            sort_index: 0,
            initiatives: [
              {
                id: initiative.id,
                title: initiative.title,
                sort_index: 0,
                owners: [{ id: colleague.id, name: 'Alan Turing', email: 'alan@acme.com' }],
                sponsors: [],
                team_members: [],
              },
            ],
          },
        ],
      });
    });

    it('should let an administrator without a role change the masters, but not owners or sponsors', async () => {
      const strategy = await freshStrategy();
      const initiative = strategy.focus_areas[0]!.initiatives[0]!;
      await strategies.assignOk(admin.key, {
        strategy_id: strategy.id,
        strategy_masters: [personOf(colleague)],
      });
      expect(idsOf((await strategies.page(colleague.key, strategy.id)).strategy_masters)).toEqual([
        colleague.id,
      ]);
      // The administrator is still no viewer of the content.
      expect((await strategies.read(admin.key, strategy.id)).status).toBe(404);

      for (const field of ['owners', 'sponsors', 'team_members']) {
        const response = await strategies.assign(admin.key, {
          strategy_id: strategy.id,
          initiatives: [{ initiative_id: initiative.id, [field]: [personOf(admin)] }],
        });
        expect(response.status).toBe(403);
        expect(response.body).toEqual({ detail: MESSAGES.noPermission });
      }
    });

    it("should put an administrator making themselves master, and every master change, in the organisation's security log", async () => {
      const strategy = await freshStrategy();
      await strategies.assignOk(admin.key, {
        strategy_id: strategy.id,
        strategy_masters: [personOf(master), personOf(admin)],
      });
      await strategies.assignOk(master.key, {
        strategy_id: strategy.id,
        strategy_masters: [personOf(master), personOf(colleague)],
      });
      const log = await server.api('GET', `/api/organisation/security-log/?user=${admin.id}`, {
        token: admin.key,
      });
      expect(log.status).toBe(200);
      type Entry = {
        kind: string;
        user: { id: number };
        actor: { id: number };
        detail: { strategy_id?: number };
      };
      const detail = { strategy_id: strategy.id, strategy_title: strategy.title };
      const ofThisStrategy = (results: Entry[]) =>
        results.filter((entry) => entry.detail.strategy_id === strategy.id);
      const entries = ofThisStrategy(log.body.results).map(({ kind, user, actor, detail }) => ({
        kind,
        user: user.id,
        actor: actor.id,
        detail,
      }));
      // Newest first: the master removed the administrator, after the administrator added themselves.
      expect(entries).toEqual([
        { kind: 'master_removed', user: admin.id, actor: master.id, detail },
        { kind: 'master_added', user: admin.id, actor: admin.id, detail },
      ]);
      const byMaster = await server.api(
        'GET',
        `/api/organisation/security-log/?kind=master_added&user=${colleague.id}`,
        {
          token: admin.key,
        },
      );
      expect(ofThisStrategy(byMaster.body.results)).toMatchObject([
        { kind: 'master_added', user: { id: colleague.id }, actor: { id: master.id }, detail },
      ]);
      // Another organisation's administrator sees none of it.
      const rival = await server.api('GET', '/api/organisation/security-log/?kind=master_added', {
        token: rivalAdmin.key,
      });
      expect(rival.body.results).toEqual([]);
    });

    it('should refuse an administrator the same orphaned master lists', async () => {
      const strategy = await freshStrategy();
      const empty = await strategies.assign(admin.key, { strategy_id: strategy.id, strategy_masters: [] });
      expect(empty.status).toBe(400);
      expect(empty.body.detail).toBe(STRATEGY_MESSAGES.lastMaster);
      expectMasterRefused(
        await strategies.assign(admin.key, {
          strategy_id: strategy.id,
          strategy_masters: [{ id: null, email: 'stranger@acme.com' }],
        }),
      );
    });

    it('should list every strategy of the organisation to its administrators only', async () => {
      const strategy = await freshStrategy();
      const listed = await server.api('GET', '/api/organisation/strategies/', { token: admin.key });
      expect(listed.status).toBe(200);
      expect(listed.body).toContainEqual({
        id: strategy.id,
        title: 'Grow',
        strategy_masters: [{ id: master.id, name: 'Grace Hopper', email: 'grace@acme.com' }],
      });
      const rival = await server.api('GET', '/api/organisation/strategies/', { token: rivalAdmin.key });
      expect(idsOf(rival.body)).not.toContain(strategy.id);
      const notAdmin = await server.api('GET', '/api/organisation/strategies/', { token: outsider.key });
      expect(notAdmin.status).toBe(403);
      expect(notAdmin.body).toEqual({ detail: ORGANISATION_MESSAGES.adminsOnly });
    });

    it('should answer 404 to an administrator of another organisation and to a non-administrator without a role', async () => {
      const strategy = await freshStrategy();
      for (const key of [rivalAdmin.key, outsider.key]) {
        expect((await teamOf(strategy.id, key)).status).toBe(404);
        const response = await strategies.assign(key, {
          strategy_id: strategy.id,
          strategy_masters: [personOf(master)],
        });
        expect(response.status).toBe(404);
      }
    });
  });

  describe('deactivated people', () => {
    it('should stay on the page read and the team, marked is_active: false, in as many queries', async () => {
      const strategy = await freshStrategy();
      const initiative = strategy.focus_areas[0]!.initiatives[0]!;
      await strategies.assignOk(master.key, {
        strategy_id: strategy.id,
        strategy_masters: [personOf(master), personOf(colleague)],
        initiatives: [{ initiative_id: initiative.id, sponsors: [personOf(colleague)] }],
      });
      const before = server.queries.length;
      await strategies.page(master.key, strategy.id);
      const activeQueries = readsSince(before);
      expect(activeQueries).toBeGreaterThan(1);

      await deactivate(colleague);
      try {
        // A direct database change publishes nothing: a write through the API drops the cache.
        await strategies.assignOk(master.key, {
          strategy_id: strategy.id,
          initiatives: [{ initiative_id: initiative.id, owners: [personOf(master)] }],
        });
        const marked = { id: colleague.id, name: 'Alan Turing', email: 'alan@acme.com', is_active: false };
        const start = server.queries.length;
        const page = await strategies.page(master.key, strategy.id);
        expect(readsSince(start)).toBe(activeQueries);
        expect(page.strategy_masters).toContainEqual(marked);
        expect(page.strategy_masters).toContainEqual({
          id: master.id,
          name: 'Grace Hopper',
          email: 'grace@acme.com',
        });
        expect(page.focus_areas[0]!.initiatives[0]!.sponsors).toEqual([marked]);
        const team = (await teamOf(strategy.id, master.key)).body;
        expect(team.focus_areas[0].initiatives[0].sponsors).toEqual([marked]);
        const listed = (await server.api('GET', '/api/strategies/', { token: master.key })).body;
        expect(
          listed.find((item: { id: number }) => item.id === strategy.id).strategy_masters,
        ).toContainEqual(marked);
      } finally {
        await reactivate(colleague);
      }
    });
  });
});
