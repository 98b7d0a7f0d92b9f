/**
 * PATCH /api/assign-users-to-strategy/ honours `version` as every other write does (issue 27): a
 * list sent without its base replaces the stored one, so two API clients that read the same version
 * and add different people get one 200 and one 409 `stale`, and no addition is lost silently. A list
 * sent with its base is still merged, whatever version comes with it.
 */
import { CONFLICT_CODES, TEAM_MESSAGES } from '@keystone/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  idsOf,
  initiativeOn,
  type Member,
  personOf,
  type StrategyApi,
  signedInUser,
  strategyApi,
} from './helpers/strategies';
import { getTestServer, type TestServer } from './helpers/testServer';

describe('PATCH /api/assign-users-to-strategy/ with a version', () => {
  let server: TestServer;
  let strategies: StrategyApi;
  let grace: Member;
  let alan: Member;
  let barbara: Member;
  let edsger: Member;

  beforeAll(async () => {
    server = await getTestServer();
    strategies = strategyApi(server);
    grace = await signedInUser(server, { email: 'grace@acme.com', firstName: 'Grace', lastName: 'Hopper' });
    const colleague = (email: string, firstName: string) =>
      signedInUser(server, { organisationId: grace.organisationId, email, firstName, lastName: 'Test' });
    alan = await colleague('alan@acme.com', 'Alan');
    barbara = await colleague('barbara@acme.com', 'Barbara');
    edsger = await colleague('edsger@acme.com', 'Edsger');
  });
  afterAll(() => server.close());

  /** Grace and Alan are masters (each may change every list); Barbara owns the initiative. */
  async function sharedStrategy() {
    const created = await strategies.create(grace.key, { title: 'Grow' });
    const initiative = created.focus_areas[0]!.initiatives[0]!.id;
    await strategies.assignOk(grace.key, {
      strategy_id: created.id,
      strategy_masters: [personOf(grace), personOf(alan)],
      initiatives: [{ initiative_id: initiative, owners: [personOf(barbara)] }],
    });
    const page = await strategies.page(grace.key, created.id);
    return { id: created.id, initiative, page };
  }

  it('answers one of two clients adding different team members from one version with 409 stale', async () => {
    const { id, initiative, page } = await sharedStrategy();
    const version = initiativeOn(page, initiative)!.version;
    const add = (key: string, who: Member) =>
      strategies.assign(key, {
        strategy_id: id,
        initiatives: [{ initiative_id: initiative, team_members: [personOf(who)], version }],
      });
    expect((await add(grace.key, barbara)).status).toBe(200);
    const second = await add(alan.key, edsger);
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({
      detail: TEAM_MESSAGES.stale,
      code: CONFLICT_CODES.stale,
      changed_by: { id: grace.id },
      current: { id: initiative, version: version + 1, team_members: [{ id: barbara.id }] },
    });
    // Nothing lost without a word: the stored list is the acknowledged one.
    expect(idsOf(initiativeOn(await strategies.page(grace.key, id), initiative)!.team_members)).toEqual([
      barbara.id,
    ]);
    // Sent again with the version the 409 gave, the change goes through (and replaces the list).
    const retry = await strategies.assign(alan.key, {
      strategy_id: id,
      initiatives: [
        {
          initiative_id: initiative,
          team_members: [personOf(barbara), personOf(edsger)],
          version: second.body.current.version,
        },
      ],
    });
    expect(retry.status).toBe(200);
    expect(idsOf(initiativeOn(await strategies.page(grace.key, id), initiative)!.team_members)).toEqual([
      barbara.id,
      edsger.id,
    ]);
  });

  it('refuses a stale masters list with the strategy version, and never the same person’s own later save', async () => {
    const { id, page } = await sharedStrategy();
    const masters = (...people: Member[]) => ({
      strategy_id: id,
      strategy_masters: people.map(personOf),
      version: page.version,
    });
    expect((await strategies.assign(grace.key, masters(grace, alan, barbara))).status).toBe(200);
    // Grace's own second save from the same version is no conflict with herself.
    expect((await strategies.assign(grace.key, masters(grace, alan, barbara, edsger))).status).toBe(200);
    const stale = await strategies.assign(alan.key, masters(grace, alan));
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: CONFLICT_CODES.stale, current: { id } });
    const all = [grace.id, alan.id, barbara.id, edsger.id].sort();
    expect(idsOf(stale.body.current.strategy_masters).sort()).toEqual(all);
    expect(idsOf((await strategies.page(grace.key, id)).strategy_masters).sort()).toEqual(all);
  });

  it('merges a list sent with its base whatever its version says, so both additions are kept', async () => {
    const { id, initiative, page } = await sharedStrategy();
    const version = initiativeOn(page, initiative)!.version;
    const add = (key: string, who: Member) =>
      strategies.assign(key, {
        strategy_id: id,
        initiatives: [{ initiative_id: initiative, team_members: [personOf(who)], version }],
        base: { initiatives: [{ initiative_id: initiative, team_members: [] }] },
      });
    expect((await add(grace.key, barbara)).status).toBe(200);
    expect((await add(alan.key, edsger)).status).toBe(200);
    expect(idsOf(initiativeOn(await strategies.page(grace.key, id), initiative)!.team_members)).toEqual([
      barbara.id,
      edsger.id,
    ]);
  });

  it('lets a change of another list of the record through: only the lists someone else changed conflict', async () => {
    const { id, initiative, page } = await sharedStrategy();
    const version = initiativeOn(page, initiative)!.version;
    const save = (key: string, lists: object) =>
      strategies.assign(key, {
        strategy_id: id,
        initiatives: [{ initiative_id: initiative, ...lists, version }],
      });
    expect((await save(grace.key, { team_members: [personOf(edsger)] })).status).toBe(200);
    expect((await save(alan.key, { sponsors: [personOf(alan)] })).status).toBe(200);
  });

  it('refuses a version that is not a whole number of 1 or more', async () => {
    const { id } = await sharedStrategy();
    const response = await strategies.assign(grace.key, {
      strategy_id: id,
      strategy_masters: [personOf(grace)],
      version: 0,
    });
    expect(response.status).toBe(400);
  });
});
