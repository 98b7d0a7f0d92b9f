/** The strategy team page's call: PATCH /api/assign-users-to-strategy/ (spec §2, §3, §5), with people who have accounts. */
import { MESSAGES, STRATEGY_MESSAGES } from '@keystone/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { idsOf, initiativeOn, type Member, personOf, type StrategyApi } from './helpers/strategies';
import { teamFixture, typed } from './helpers/teamFixture';
import type { TestServer } from './helpers/testServer';

describe('PATCH /api/assign-users-to-strategy/', () => {
  const { people, calls } = teamFixture();
  const { twoInitiatives, assign, page, invitedEmails, colleagues, queuedMailsTo } = calls;
  let server: TestServer;
  let strategies: StrategyApi;
  let master: Member;
  let alan: Member;
  let barbara: Member;
  let edsger: Member;
  let rival: Member;
  beforeAll(() => {
    ({ server, strategies, master, alan, barbara, edsger, rival } = people);
  });

  it('should assign existing users by id to every list and answer {id}', async () => {
    const { strategy, first, second } = await twoInitiatives();
    const response = await assign({
      strategy_id: strategy.id,
      strategy_masters: [personOf(master), personOf(alan)],
      initiatives: [
        {
          initiative_id: first,
          owners: [personOf(alan)],
          sponsors: [personOf(barbara)],
          team_members: [personOf(edsger), personOf(barbara)],
        },
        { initiative_id: second, owners: [personOf(edsger)], sponsors: [], team_members: [] },
      ],
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: strategy.id });

    const after = await page(strategy.id);
    expect(after.strategy_masters).toEqual([
      { id: alan.id, name: 'Alan Turing', email: 'alan@acme.com' },
      { id: master.id, name: 'Grace Hopper', email: 'grace@acme.com' },
    ]);
    expect(initiativeOn(after, first)).toMatchObject({
      owners: [{ id: alan.id, name: 'Alan Turing', email: 'alan@acme.com' }],
      sponsors: [{ id: barbara.id, name: 'Barbara Liskov', email: 'barbara@acme.com' }],
      sponsor: barbara.id,
      // Sorted by name, whatever order they were sent in.
      team_members: [
        { id: barbara.id, name: 'Barbara Liskov', email: 'barbara@acme.com' },
        { id: edsger.id, name: 'Edsger Dijkstra', email: 'edsger@acme.com' },
      ],
    });
    expect(initiativeOn(after, second)).toMatchObject({
      owners: [personOf(edsger)],
      sponsors: [],
      team_members: [],
    });
    // Each of them now sees the strategy.
    for (const member of [alan, barbara, edsger]) {
      expect(await strategies.listedIds(member.key)).toContain(strategy.id);
    }
  });

  it("should refuse to empty the owners where there were owners with 'Field is required.'", async () => {
    const { strategy, first, second } = await twoInitiatives();
    // An initiative that never had owners may stay without.
    await strategies.assignOk(master.key, {
      strategy_id: strategy.id,
      initiatives: [
        { initiative_id: first, owners: [personOf(alan)] },
        { initiative_id: second, owners: [] },
      ],
    });
    const before = await page(strategy.id);
    const response = await assign({
      strategy_id: strategy.id,
      initiatives: [{ initiative_id: first, owners: [], team_members: [personOf(barbara)] }],
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      detail: MESSAGES.fieldRequired,
      errors: { 'initiatives.0.owners': [MESSAGES.fieldRequired] },
    });
    expect(await page(strategy.id)).toEqual(before);
  });

  it('should refuse to remove every strategy master', async () => {
    const { strategy } = await twoInitiatives();
    const response = await assign({ strategy_id: strategy.id, strategy_masters: [] });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      detail: STRATEGY_MESSAGES.lastMaster,
      errors: { strategy_masters: [STRATEGY_MESSAGES.lastMaster] },
    });
    expect(await page(strategy.id)).toEqual(strategy);
  });

  it('should let a master hand the strategy over and lose sight of it', async () => {
    const { strategy } = await twoInitiatives();
    await strategies.assignOk(master.key, { strategy_id: strategy.id, strategy_masters: [personOf(edsger)] });
    expect((await strategies.read(master.key, strategy.id)).status).toBe(404);
    expect(await strategies.listedIds(master.key)).not.toContain(strategy.id);
    expect((await page(strategy.id, edsger.key)).strategy_masters).toEqual([
      { id: edsger.id, name: 'Edsger Dijkstra', email: 'edsger@acme.com' },
    ]);
  });

  it('should answer 404 for an initiative of another strategy and change nothing', async () => {
    const { strategy } = await twoInitiatives();
    const { first: elsewhere } = await twoInitiatives();
    const rivalStrategy = await strategies.create(rival.key);
    const rivalInitiative = rivalStrategy.focus_areas[0]!.initiatives[0]!.id;
    for (const initiativeId of [elsewhere, rivalInitiative, 2_147_483_647]) {
      const response = await assign({
        strategy_id: strategy.id,
        strategy_masters: [personOf(master), personOf(alan)],
        initiatives: [{ initiative_id: initiativeId, owners: [personOf(alan)] }],
      });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ detail: 'Initiative not found.' });
    }
    expect(await page(strategy.id)).toEqual(strategy);
    expect(initiativeOn(await page(rivalStrategy.id, rival.key), rivalInitiative)!.owners).toEqual([]);
  });

  it('should invite nobody and change nothing when a later part of the request is refused', async () => {
    const { strategy, first, second } = await twoInitiatives();
    await strategies.assignOk(master.key, {
      strategy_id: strategy.id,
      initiatives: [{ initiative_id: second, owners: [personOf(alan)] }],
    });
    const before = await page(strategy.id);
    const response = await assign({
      strategy_id: strategy.id,
      strategy_masters: [personOf(master), typed('rosalind@acme.com')],
      initiatives: [
        { initiative_id: first, team_members: [typed('rosalind@acme.com')] },
        { initiative_id: second, owners: [] },
      ],
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ 'initiatives.1.owners': [MESSAGES.fieldRequired] });
    expect(await page(strategy.id)).toEqual(before);
    expect(await invitedEmails()).not.toContain('rosalind@acme.com');
    expect((await colleagues()).map((person: { email: string }) => person.email)).not.toContain(
      'rosalind@acme.com',
    );
    expect(await queuedMailsTo('rosalind@acme.com')).toBe(0);
  });

  it('should let a team member re-send unchanged lists while changing the team members', async () => {
    const { strategy, first } = await twoInitiatives();
    await strategies.assignOk(master.key, {
      strategy_id: strategy.id,
      initiatives: [
        {
          initiative_id: first,
          owners: [personOf(alan), personOf(master)],
          sponsors: [personOf(barbara)],
          team_members: [personOf(edsger)],
        },
      ],
    });
    // The page sends every list back; only the team members changed (owners in another order).
    const response = await assign(
      {
        strategy_id: strategy.id,
        strategy_masters: [personOf(master)],
        initiatives: [
          {
            initiative_id: first,
            owners: [personOf(master), personOf(alan)],
            sponsors: [personOf(barbara)],
            team_members: [personOf(edsger), typed('grace@acme.com', 1_700_000_000_006)],
          },
        ],
      },
      edsger.key,
    );
    expect(response.status).toBe(200);
    expect(idsOf(initiativeOn(await page(strategy.id, edsger.key), first)!.team_members)).toEqual([
      edsger.id,
      master.id,
    ]);

    const refused = await assign(
      {
        strategy_id: strategy.id,
        initiatives: [{ initiative_id: first, owners: [personOf(alan)], team_members: [personOf(edsger)] }],
      },
      edsger.key,
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: MESSAGES.noPermission });
    expect(idsOf(initiativeOn(await page(strategy.id), first)!.team_members)).toEqual([edsger.id, master.id]);
  });

  it('should answer 403 without a key', async () => {
    const { strategy } = await twoInitiatives();
    const response = await server.api('PATCH', '/api/assign-users-to-strategy/', {
      body: { strategy_id: strategy.id, strategy_masters: [personOf(alan)] },
    });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ detail: MESSAGES.credentialsMissing });
  });
});
