/**
 * The team page's save as additions and removals (issue 15): a list sent with the `base` the page
 * loaded is merged into the list stored now, so concurrent changes by others survive; the rules
 * and rights apply to the merged list; every changed list is in the activity history.
 */
import { type ActivityEntry, MESSAGES, ORGANISATION_MESSAGES, STRATEGY_MESSAGES } from '@keystone/contract';
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

describe('PATCH /api/assign-users-to-strategy/ with a base', () => {
  let server: TestServer;
  let strategies: StrategyApi;
  let grace: Member;
  let alan: Member;
  let barbara: Member;
  let edsger: Member;
  let ken: Member;
  let rival: Member;

  beforeAll(async () => {
    server = await getTestServer();
    strategies = strategyApi(server);
    grace = await signedInUser(server, { email: 'grace@acme.com', firstName: 'Grace', lastName: 'Hopper' });
    const organisationId = grace.organisationId;
    const colleague = (email: string, firstName: string, lastName: string) =>
      signedInUser(server, { organisationId, email, firstName, lastName });
    alan = await colleague('alan@acme.com', 'Alan', 'Turing');
    barbara = await colleague('barbara@acme.com', 'Barbara', 'Liskov');
    edsger = await colleague('edsger@acme.com', 'Edsger', 'Dijkstra');
    ken = await colleague('ken@acme.com', 'Ken', 'Thompson');
    rival = await signedInUser(server, { email: 'boss@rival.com' });
  });
  afterAll(() => server.close());

  /** Grace and Alan are masters; the initiative has Barbara as owner and Edsger in its team. */
  async function sharedStrategy() {
    const strategy = await strategies.create(grace.key, { title: 'Grow' });
    const initiative = strategy.focus_areas[0]!.initiatives[0]!.id;
    await strategies.assignOk(grace.key, {
      strategy_id: strategy.id,
      strategy_masters: [personOf(grace), personOf(alan)],
      initiatives: [
        { initiative_id: initiative, owners: [personOf(barbara)], team_members: [personOf(edsger)] },
      ],
    });
    return { id: strategy.id, initiative };
  }
  const initiativeOf = async (strategyId: number, initiative: number, key = grace.key) =>
    initiativeOn(await strategies.page(key, strategyId), initiative)!;
  const teamSave = (
    strategyId: number,
    initiative: number,
    lists: { team_members?: Member[]; owners?: Member[] },
    base: { team_members?: number[]; owners?: number[] },
  ) => ({
    strategy_id: strategyId,
    initiatives: [
      {
        initiative_id: initiative,
        ...(lists.team_members && { team_members: lists.team_members.map(personOf) }),
        ...(lists.owners && { owners: lists.owners.map(personOf) }),
      },
    ],
    base: { initiatives: [{ initiative_id: initiative, ...base }] },
  });

  it('keeps both additions made from the same base, in stored order then additions', async () => {
    const { id, initiative } = await sharedStrategy();
    const base = [edsger.id];
    expect(
      (
        await strategies.assign(
          grace.key,
          teamSave(id, initiative, { team_members: [edsger, ken] }, { team_members: base }),
        )
      ).body,
    ).toEqual({ id });
    // Alan's page still shows only Edsger: his addition of Barbara does not drop Ken.
    await strategies.assignOk(
      alan.key,
      teamSave(id, initiative, { team_members: [edsger, barbara] }, { team_members: base }),
    );
    expect(idsOf((await initiativeOf(id, initiative)).team_members).sort()).toEqual(
      [edsger.id, ken.id, barbara.id].sort(),
    );
  });

  it('keeps every addition when many saves from one base arrive at once', async () => {
    const { id, initiative } = await sharedStrategy();
    // Masters, the owner and a team member each add someone else, all from the page as loaded.
    const additions: [Member, Member][] = [
      [grace, ken],
      [alan, barbara],
      [barbara, grace],
      [edsger, alan],
    ];
    const answers = await Promise.all(
      additions.map(([adder, added]) =>
        strategies.assign(
          adder.key,
          teamSave(id, initiative, { team_members: [edsger, added] }, { team_members: [edsger.id] }),
        ),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(idsOf((await initiativeOf(id, initiative)).team_members).sort()).toEqual(
      [edsger, ken, barbara, grace, alan].map((member) => member.id).sort(),
    );
  });

  it("applies one person's removal and another's addition", async () => {
    const { id, initiative } = await sharedStrategy();
    await strategies.assignOk(
      grace.key,
      teamSave(id, initiative, { team_members: [] }, { team_members: [edsger.id] }),
    );
    await strategies.assignOk(
      alan.key,
      teamSave(id, initiative, { team_members: [edsger, ken] }, { team_members: [edsger.id] }),
    );
    expect(idsOf((await initiativeOf(id, initiative)).team_members)).toEqual([ken.id]);
  });

  it('takes a typed e-mail as an addition, and a list without base as the whole list', async () => {
    const { id, initiative } = await sharedStrategy();
    await strategies.assignOk(
      alan.key,
      teamSave(id, initiative, { team_members: [edsger, ken] }, { team_members: [edsger.id] }),
    );
    await strategies.assignOk(grace.key, {
      strategy_id: id,
      initiatives: [
        { initiative_id: initiative, team_members: [personOf(edsger), { id: null, email: 'New@acme.com' }] },
      ],
      base: { initiatives: [{ initiative_id: initiative, team_members: [edsger.id] }] },
    });
    const merged = (await initiativeOf(id, initiative)).team_members.map((person) => person.email);
    expect(merged).toEqual(['edsger@acme.com', 'ken@acme.com', 'new@acme.com']);
    // Without base, the list sent is the list stored, as before.
    await strategies.assignOk(grace.key, {
      strategy_id: id,
      initiatives: [{ initiative_id: initiative, team_members: [personOf(edsger)] }],
    });
    expect(idsOf((await initiativeOf(id, initiative)).team_members)).toEqual([edsger.id]);
  });

  it("is harmless with another organisation's or unknown ids in the base", async () => {
    const { id, initiative } = await sharedStrategy();
    const response = await strategies.assign(
      grace.key,
      teamSave(
        id,
        initiative,
        { team_members: [edsger, ken] },
        { team_members: [edsger.id, rival.id, 2_000_000_000] },
      ),
    );
    expect(response.status).toBe(200);
    const team = (await initiativeOf(id, initiative)).team_members;
    expect(idsOf(team)).toEqual([edsger.id, ken.id]);
    // The rival's strategies are untouched, and they still see none of ours.
    expect((await strategies.read(rival.key, id)).status).toBe(404);
    // A base naming an initiative the request does not send changes nothing.
    const other = await strategies.assign(grace.key, {
      strategy_id: id,
      base: { initiatives: [{ initiative_id: initiative, team_members: [edsger.id, ken.id] }] },
    });
    expect(other.status).toBe(200);
    expect(idsOf((await initiativeOf(id, initiative)).team_members)).toEqual([edsger.id, ken.id]);
  });

  it('checks the right to change a list on what the merge changes, whatever the base says', async () => {
    const { id, initiative } = await sharedStrategy();
    // Edsger (team) may change the team, not the owners: neither by adding nor by a base that removes.
    const addOwner = await strategies.assign(
      edsger.key,
      teamSave(id, initiative, { owners: [barbara, edsger] }, { owners: [barbara.id] }),
    );
    expect(addOwner.status).toBe(403);
    expect(addOwner.body).toEqual({ detail: MESSAGES.noPermission });
    const dropOwner = await strategies.assign(
      edsger.key,
      teamSave(id, initiative, { owners: [] }, { owners: [barbara.id] }),
    );
    expect(dropOwner.status).toBe(403);
    // An empty base and an empty list leave the owners as they are: no change, no right needed.
    const unchanged = await strategies.assign(
      edsger.key,
      teamSave(
        id,
        initiative,
        { owners: [], team_members: [edsger, ken] },
        { owners: [], team_members: [edsger.id] },
      ),
    );
    expect(unchanged.status).toBe(200);
    const stored = await initiativeOf(id, initiative);
    expect(idsOf(stored.owners)).toEqual([barbara.id]);
    expect(idsOf(stored.team_members)).toEqual([edsger.id, ken.id]);
    // Someone without a role, and another organisation, do not get in through a base either.
    expect(
      (
        await strategies.assign(
          rival.key,
          teamSave(id, initiative, { team_members: [] }, { team_members: [edsger.id] }),
        )
      ).status,
    ).toBe(404);
  });

  it('applies the rules to the merged list: masters not emptied, owners not emptied', async () => {
    const { id, initiative } = await sharedStrategy();
    const base = { strategy_masters: [grace.id, alan.id] };
    // Grace leaves, then Alan (from the same page) leaves too: the merge would leave nobody.
    await strategies.assignOk(grace.key, { strategy_id: id, strategy_masters: [personOf(alan)], base });
    const last = await strategies.assign(alan.key, {
      strategy_id: id,
      strategy_masters: [personOf(grace)],
      base,
    });
    expect(last.status).toBe(400);
    expect(last.body).toEqual({
      detail: STRATEGY_MESSAGES.lastMaster,
      errors: { strategy_masters: [STRATEGY_MESSAGES.lastMaster] },
    });
    const page = await strategies.page(alan.key, id);
    expect(idsOf(page.strategy_masters)).toEqual([alan.id]);

    await strategies.assignOk(
      alan.key,
      teamSave(id, initiative, { owners: [ken] }, { owners: [barbara.id] }),
    );
    const emptied = await strategies.assign(
      alan.key,
      teamSave(id, initiative, { owners: [] }, { owners: [ken.id] }),
    );
    expect(emptied.status).toBe(400);
    expect(emptied.body.errors).toEqual({ 'initiatives.0.owners': [MESSAGES.fieldRequired] });
  });

  it('refuses a placeholder as the only master left by the merge', async () => {
    const { id } = await sharedStrategy();
    const base = { strategy_masters: [grace.id, alan.id] };
    await strategies.assignOk(grace.key, {
      strategy_id: id,
      strategy_masters: [personOf(alan), { id: null, email: 'newcomer@acme.com' }],
      base,
    });
    const answer = await strategies.assign(alan.key, {
      strategy_id: id,
      strategy_masters: [personOf(grace)],
      base: { strategy_masters: [grace.id, alan.id] },
    });
    // Grace is gone already; what is left is the newcomer, who has not signed up.
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toBe(ORGANISATION_MESSAGES.masterMustHaveSignedUp);
  });

  it('refuses a malformed base with a clear message', async () => {
    const { id, initiative } = await sharedStrategy();
    for (const base of [
      { strategy_masters: ['x'] },
      { initiatives: [{ initiative_id: initiative, owners: [-1] }] },
      'all',
    ]) {
      const answer = await strategies.assign(grace.key, {
        strategy_id: id,
        strategy_masters: [personOf(grace)],
        base,
      });
      expect(answer.status).toBe(400);
      expect(typeof answer.body.detail).toBe('string');
      expect(Object.keys(answer.body.errors ?? {}).some((key) => key.startsWith('base'))).toBe(true);
    }
  });

  it('records every changed list with its old and new people and the version it made', async () => {
    const { id, initiative } = await sharedStrategy();
    const before = await strategies.page(grace.key, id);
    const initiativeBefore = initiativeOn(before, initiative)!;
    await strategies.assignOk(alan.key, {
      strategy_id: id,
      strategy_masters: [personOf(grace), personOf(alan), personOf(ken)],
      initiatives: [
        {
          initiative_id: initiative,
          owners: [personOf(barbara)],
          team_members: [personOf(edsger), personOf(ken)],
        },
      ],
      base: {
        strategy_masters: [grace.id, alan.id],
        initiatives: [{ initiative_id: initiative, owners: [barbara.id], team_members: [edsger.id] }],
      },
    });
    const after = await strategies.page(grace.key, id);
    expect(after.version).toBe(before.version + 1);
    expect(initiativeOn(after, initiative)!.version).toBe(initiativeBefore.version + 1);

    const summary = (member: Member, name: string) => ({ id: member.id, name, email: member.email });
    const history = await server.api('GET', `/api/strategy/${id}/activity/`, { token: grace.key });
    expect(history.status).toBe(200);
    const entries = history.body.results as ActivityEntry[];
    expect(
      entries.find((entry) => entry.field === 'strategy_masters' && entry.user?.id === alan.id),
    ).toMatchObject({
      model: 'strategy',
      record_id: id,
      initiative_id: null,
      old_value: [summary(grace, 'Grace Hopper'), summary(alan, 'Alan Turing')],
      new_value: [summary(grace, 'Grace Hopper'), summary(alan, 'Alan Turing'), summary(ken, 'Ken Thompson')],
      version: after.version,
    });
    const teamEntry = {
      model: 'initiative',
      record_id: initiative,
      initiative_id: initiative,
      field: 'team_members',
      old_value: [summary(edsger, 'Edsger Dijkstra')],
      new_value: [summary(edsger, 'Edsger Dijkstra'), summary(ken, 'Ken Thompson')],
      version: initiativeOn(after, initiative)!.version,
      user: { id: alan.id, name: 'Alan Turing', email: alan.email },
    };
    expect(entries.filter((entry) => entry.user?.id === alan.id)).toHaveLength(2);
    expect(
      entries.find((entry) => entry.field === 'team_members' && entry.user?.id === alan.id),
    ).toMatchObject(teamEntry);
    // The unchanged owners are not on record; the initiative's own history has the team change.
    const ofInitiative = await server.api('GET', `/api/initiative/${initiative}/activity/`, {
      token: grace.key,
    });
    expect(
      (ofInitiative.body.results as ActivityEntry[]).filter((entry) => entry.user?.id === alan.id),
    ).toMatchObject([teamEntry]);
  });
});
