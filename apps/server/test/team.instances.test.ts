/**
 * Team saves through two server instances on one PostgreSQL database (issue 15): two people
 * changing the same list from the same page at the same moment both keep what they were told was
 * saved. PostgreSQL only (the `server-postgres` project); PGlite reports this file as skipped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../../../testing/serverProcess';
import { idsOf, initiativeOn, type Member, personOf, signedInUser, strategyApi } from './helpers/strategies';
import { getTestServer, type TestServer, type TestUser } from './helpers/testServer';

const ROUNDS = 20;

describe.runIf(process.env.TEST_DATABASE_URL)('team saves on two server instances', () => {
  let setup: TestServer;
  let a: ServerProcess;
  let b: ServerProcess;
  let grace: Member;
  let alan: Member;
  let people: TestUser[];

  beforeAll(async () => {
    setup = await getTestServer();
    grace = await signedInUser(setup, { email: 'grace@acme.com', firstName: 'Grace', lastName: 'Hopper' });
    alan = await signedInUser(setup, { organisationId: grace.organisationId, email: 'alan@acme.com' });
    people = [];
    for (let index = 0; index < 2 * ROUNDS; index += 1) {
      people.push(await setup.createUser({ organisationId: grace.organisationId }));
    }
    const env = { DATABASE_URL: setup.databaseUrl, SMTP_URL: setup.ctx.config.smtpUrl };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await setup?.close();
  });

  it('should lose no acknowledged addition or removal when two people save one list at once', async () => {
    const strategies = strategyApi(setup);
    const onA = strategyApi({ ...setup, api: a.api });
    const onB = strategyApi({ ...setup, api: b.api });
    const strategy = await strategies.create(grace.key, { title: 'Grow' });
    const initiative = strategy.focus_areas[0]!.initiatives[0]!.id;
    await strategies.assignOk(grace.key, {
      strategy_id: strategy.id,
      strategy_masters: [personOf(grace), personOf(alan)],
    });
    const teamNow = async () =>
      idsOf(
        initiativeOn(await strategies.page(grace.key, strategy.id), initiative)!.team_members,
      ) as number[];
    const save = (api: typeof onA, key: string, team: number[], base: number[]) =>
      api.assign(key, {
        strategy_id: strategy.id,
        initiatives: [{ initiative_id: initiative, team_members: team.map((id) => ({ id, email: '' })) }],
        base: { initiatives: [{ initiative_id: initiative, team_members: base }] },
      });

    const acknowledged = { added: new Set<number>(), removed: new Set<number>() };
    const refused: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const base = await teamNow();
      const byGrace = people[2 * round]!.id;
      const byAlan = people[2 * round + 1]!.id;
      // Alan also removes the person Grace added in the round before.
      const alanRemoves = round > 0 ? people[2 * round - 2]!.id : undefined;
      const [graceAnswer, alanAnswer] = await Promise.all([
        save(onA, grace.key, [...base, byGrace], base),
        save(onB, alan.key, [...base.filter((id) => id !== alanRemoves), byAlan], base),
      ]);
      for (const [answer, added] of [
        [graceAnswer, byGrace],
        [alanAnswer, byAlan],
      ] as const) {
        if (answer.status === 200) acknowledged.added.add(added);
        else refused.push(`${answer.status} ${JSON.stringify(answer.body)}`);
      }
      if (alanAnswer.status === 200 && alanRemoves !== undefined) acknowledged.removed.add(alanRemoves);
    }

    const stored = new Set(await teamNow());
    const lost = [...acknowledged.added].filter((id) => !acknowledged.removed.has(id) && !stored.has(id));
    const kept = [...acknowledged.removed].filter((id) => stored.has(id));
    expect({ lost, kept, refused }).toEqual({ lost: [], kept: [], refused: [] });
    expect(acknowledged.added.size).toBe(2 * ROUNDS);
    expect(stored.size).toBe(2 * ROUNDS - (ROUNDS - 1));

    // Every save is on record, each with its own version of the initiative.
    const history = await a.api('GET', `/api/initiative/${initiative}/activity/?limit=100`, {
      token: grace.key,
    });
    const versions = (history.body.results as { field: string; version: number }[])
      .filter((entry) => entry.field === 'team_members')
      .map((entry) => entry.version);
    expect(versions).toHaveLength(2 * ROUNDS);
    expect(new Set(versions).size).toBe(2 * ROUNDS);
  });
});
