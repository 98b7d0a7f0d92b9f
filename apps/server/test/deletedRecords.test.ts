/**
 * Deleted focus areas and initiatives (DESIGN §9): restorable by the strategy's masters for the
 * retention period, with their place, people, charter, comments, timeline and approval; purged
 * with their history texts after it.
 */
import {
  type ActivityEntry,
  type ActivityPage,
  DELETED_RECORD_MESSAGES,
  type Initiative,
  type Strategy,
} from '@keystone/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { charterApi } from './helpers/charter';
import { DAY_MS, FakeClock } from './helpers/progress';
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

const RETENTION_MS = 30 * DAY_MS;
const DOOMED_TEXT = '<p>doomed charter text</p>';

describe('deleted records', () => {
  const clock = new FakeClock('2026-06-01T09:00:00Z');
  let server: TestServer;
  let strategies: StrategyApi;
  let charter: ReturnType<typeof charterApi>;
  let master: Member;
  let owner: Member;
  let sponsor: Member;
  let teamMember: Member;
  let stranger: Member;

  beforeAll(async () => {
    server = await getTestServer({}, { clock });
    strategies = strategyApi(server);
    charter = charterApi(server);
    master = await signedInUser(server, { firstName: 'Grace' });
    const organisationId = master.organisationId;
    owner = await signedInUser(server, { organisationId, firstName: 'Owen' });
    sponsor = await signedInUser(server, { organisationId, firstName: 'Sue' });
    teamMember = await signedInUser(server, { organisationId, firstName: 'Tim' });
    stranger = await signedInUser(server, { firstName: 'Other' });
  });
  afterAll(() => server.close());

  const call = (
    method: 'GET' | 'POST' | 'DELETE' | 'PATCH',
    path: string,
    key = master.key,
    body?: unknown,
  ) => server.api(method, path, { token: key, body });
  const restore = (model: 'focusarea' | 'initiative', id: number, key = master.key) =>
    call('POST', `/api/${model}/restore/${id}/`, key);
  const activity = async (path: string): Promise<ActivityEntry[]> => {
    const response = await call('GET', `${path}?limit=100`);
    expect(response.status).toBe(200);
    return (response.body as ActivityPage).results;
  };
  const deletionOf = (entries: ActivityEntry[], model: string, id: number) =>
    entries.find((entry) => entry.model === model && entry.record_id === id && entry.new_value === null);

  /** A strategy of three focus areas; the middle one holds three initiatives. */
  async function threeByThree(): Promise<Strategy> {
    const strategy = await strategies.create(master.key, { title: 'Restorable' });
    const middle = await strategies.addFocusArea(master.key, strategy.id, { title: 'Middle' });
    await strategies.addFocusArea(master.key, strategy.id, { title: 'Last' });
    await strategies.addInitiative(master.key, middle.id, { title: 'Second' });
    await strategies.addInitiative(master.key, middle.id, { title: 'Third' });
    return strategies.page(master.key, strategy.id);
  }

  /** Fills an initiative's people, charter, comment, timeline and approval. */
  async function furnish(strategyId: number, initiative: Initiative) {
    await strategies.assignOk(master.key, {
      strategy_id: strategyId,
      initiatives: [
        {
          initiative_id: initiative.id,
          owners: [personOf(owner)],
          sponsors: [personOf(sponsor)],
          team_members: [personOf(teamMember)],
        },
      ],
    });
    expect((await charter.update(owner.key, initiative.id, { problem_statement: DOOMED_TEXT })).status).toBe(
      200,
    );
    const comment = initiative.comments.find((one) => one.comment_type === 'PR')!;
    expect(
      (await call('PATCH', `/api/comments/update/${comment.id}/`, owner.key, { comment: '<p>On track</p>' }))
        .status,
    ).toBe(200);
    const row = await charter.addTimeline(owner.key, initiative.id, {
      description: 'Pilot',
      start_date: '2026-06-10',
      end_date: '2026-07-10',
    });
    expect((await charter.requestApproval(owner.key, initiative.id)).status).toBe(200);
    expect((await charter.toggleApproval(sponsor.key, initiative.id)).status).toBe(200);
    return { comment, row };
  }

  it('should bring back a deleted initiative in its place with its people, charter, comments, timeline and approval', async () => {
    const strategy = await threeByThree();
    const area = strategy.focus_areas[1]!;
    const target = area.initiatives[1]!;
    const { row } = await furnish(strategy.id, target);
    const before = await charter.detail(master.key, target.id);
    const historyBefore = await activity(`/api/initiative/${target.id}/activity/`);

    expect((await call('DELETE', `/api/initiative/delete/${target.id}/`)).status).toBe(204);
    expect((await charter.initiative(master.key, target.id)).status).toBe(404);
    expect(await strategies.listedIds(owner.key)).not.toContain(strategy.id);
    const deletion = deletionOf(
      await activity(`/api/strategy/${strategy.id}/activity/`),
      'initiative',
      target.id,
    );
    expect(deletion?.restore).toEqual({
      state: 'available',
      until: new Date(clock.now().getTime() + RETENTION_MS).toISOString(),
    });

    const response = await restore('initiative', target.id);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: target.id, sort_index: 1, title: 'Second' });

    const page = await strategies.page(master.key, strategy.id);
    expect(idsOf(page.focus_areas[1]!.initiatives)).toEqual(idsOf(area.initiatives));
    expect(page.focus_areas[1]!.initiatives.map((one) => one.sort_index)).toEqual([0, 1, 2]);
    const restored = initiativeOn(page, target.id)!;
    expect(restored.owners.map((person) => person.id)).toEqual([owner.id]);
    expect(restored.sponsors.map((person) => person.id)).toEqual([sponsor.id]);
    expect(restored.team_members.map((person) => person.id)).toEqual([teamMember.id]);
    expect(restored.comments.find((one) => one.comment_type === 'PR')?.comment).toBe('<p>On track</p>');
    const after = await charter.detail(master.key, target.id);
    expect(after.problem_statement).toBe(DOOMED_TEXT);
    expect(after.sponsor_approval).toBe(true);
    expect(after.sponsor_approval_user?.id).toBe(sponsor.id);
    expect(after.sponsor_approval_at).toBe(before.sponsor_approval_at);
    expect(await charter.rows(master.key, target.id)).toEqual([row]);
    expect(await strategies.listedIds(owner.key)).toContain(strategy.id);

    // Its history is whole again, with the deletion and the restore on top.
    const history = await activity(`/api/initiative/${target.id}/activity/`);
    expect(history.slice(2)).toEqual(historyBefore);
    expect(history[0]).toMatchObject({
      model: 'initiative',
      field: null,
      old_value: null,
      new_value: { title: 'Second', restored: true },
      user: { id: master.id },
    });
    const entries = await activity(`/api/strategy/${strategy.id}/activity/`);
    expect(deletionOf(entries, 'initiative', target.id)?.restore?.state).toBe('restored');

    // Editing goes on from the restored version, and a second restore is refused.
    expect(
      (await charter.update(owner.key, target.id, { impact: '<p>Big</p>', version: after.version })).status,
    ).toBe(200);
    const again = await restore('initiative', target.id);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: DELETED_RECORD_MESSAGES.alreadyRestored });
  });

  it('should bring back a deleted focus area in its place with its initiatives and their charters', async () => {
    const strategy = await threeByThree();
    const area = strategy.focus_areas[1]!;
    await furnish(strategy.id, area.initiatives[2]!);
    expect((await call('DELETE', `/api/focusarea/delete/${area.id}/`)).status).toBe(204);
    for (const initiative of area.initiatives)
      expect((await charter.initiative(master.key, initiative.id)).status).toBe(404);

    const response = await restore('focusarea', area.id);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: area.id, sort_index: 1, title: 'Middle' });
    const page = await strategies.page(master.key, strategy.id);
    expect(idsOf(page.focus_areas)).toEqual(idsOf(strategy.focus_areas));
    expect(page.focus_areas.map((one) => one.sort_index)).toEqual([0, 1, 2]);
    expect(idsOf(page.focus_areas[1]!.initiatives)).toEqual(idsOf(area.initiatives));
    const furnished = initiativeOn(page, area.initiatives[2]!.id)!;
    expect(furnished.owners.map((person) => person.id)).toEqual([owner.id]);
    expect((await charter.detail(owner.key, furnished.id)).problem_statement).toBe(DOOMED_TEXT);
  });

  it('should let only the strategy’s masters restore, and nobody of another organisation know of it', async () => {
    const strategy = await threeByThree();
    const area = strategy.focus_areas[1]!;
    await furnish(strategy.id, area.initiatives[0]!);
    const target = area.initiatives[1]!;
    expect((await call('DELETE', `/api/initiative/delete/${target.id}/`)).status).toBe(204);

    // The owner still sees the strategy (another initiative), but may not restore.
    const refused = await restore('initiative', target.id, owner.key);
    expect(refused.status).toBe(403);
    const foreign = await restore('initiative', target.id, stranger.key);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ detail: DELETED_RECORD_MESSAGES.initiativeNotFound });
    const unknown = await restore('focusarea', area.id);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ detail: DELETED_RECORD_MESSAGES.focusAreaNotFound });
    expect((await charter.initiative(master.key, target.id)).status).toBe(404);
  });

  it('should refuse a restore past the limits of 5 or into a deleted focus area, saying what to do', async () => {
    const strategy = await threeByThree();
    const area = strategy.focus_areas[1]!;
    const initiative = area.initiatives[0]!;
    expect((await call('DELETE', `/api/initiative/delete/${initiative.id}/`)).status).toBe(204);
    await strategies.addInitiative(master.key, area.id);
    await strategies.addInitiative(master.key, area.id);
    await strategies.addInitiative(master.key, area.id);
    const full = await restore('initiative', initiative.id);
    expect(full.status).toBe(409);
    expect(full.body).toEqual({ detail: DELETED_RECORD_MESSAGES.focusAreaFull });

    expect((await call('DELETE', `/api/focusarea/delete/${area.id}/`)).status).toBe(204);
    const orphan = await restore('initiative', initiative.id);
    expect(orphan.status).toBe(409);
    expect(orphan.body).toEqual({ detail: DELETED_RECORD_MESSAGES.focusAreaDeleted });

    await strategies.addFocusArea(master.key, strategy.id);
    await strategies.addFocusArea(master.key, strategy.id);
    await strategies.addFocusArea(master.key, strategy.id);
    const crowded = await restore('focusarea', area.id);
    expect(crowded.status).toBe(409);
    expect(crowded.body).toEqual({ detail: DELETED_RECORD_MESSAGES.strategyFull });
    expect((await strategies.page(master.key, strategy.id)).focus_areas).toHaveLength(5);
  });

  it('should purge a deleted record after the retention period, with its texts in the history', async () => {
    const strategy = await threeByThree();
    const area = strategy.focus_areas[1]!;
    const target = area.initiatives[1]!;
    await furnish(strategy.id, target);
    await call('PATCH', `/api/initiative/update/${target.id}/`, owner.key, { title: 'Doomed title' });
    expect((await call('DELETE', `/api/initiative/delete/${target.id}/`)).status).toBe(204);
    const strategyHistory = `/api/strategy/${strategy.id}/activity/`;
    expect(JSON.stringify(await activity(strategyHistory))).toContain('doomed charter text');

    clock.advance(RETENTION_MS - 60_000);
    expect(await server.purger.run()).toBe(0);
    expect(deletionOf(await activity(strategyHistory), 'initiative', target.id)?.restore?.state).toBe(
      'available',
    );

    clock.advance(2 * 60_000);
    // Past the period and before the sweep, it can no longer be restored.
    expect(deletionOf(await activity(strategyHistory), 'initiative', target.id)?.restore?.state).toBe(
      'expired',
    );
    // The earlier tests' deletions expire with it.
    expect(await server.purger.run()).toBeGreaterThanOrEqual(1);

    const entries = await activity(strategyHistory);
    const text = JSON.stringify(entries);
    expect(text).not.toContain('doomed charter text');
    expect(text).not.toContain('Doomed title');
    expect(text).not.toContain('Pilot');
    expect(text).not.toContain('On track');
    expect(
      entries.some(
        (entry) =>
          entry.initiative_id === target.id && entry.id !== deletionOf(entries, 'initiative', target.id)?.id,
      ),
    ).toBe(false);
    expect(deletionOf(entries, 'initiative', target.id)).toMatchObject({
      old_value: null,
      restore: { state: 'expired' },
    });
    // The other initiatives' history stays.
    expect(entries.some((entry) => entry.record_id === area.initiatives[2]!.id)).toBe(true);

    const late = await restore('initiative', target.id);
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ detail: DELETED_RECORD_MESSAGES.periodEnded });
    expect(await server.purger.run()).toBe(0);
  });

  it('should take the retention period from DELETED_RETENTION_DAYS', () => {
    expect(loadConfig({}).deletedRetentionMs).toBe(RETENTION_MS);
    expect(loadConfig({ DELETED_RETENTION_DAYS: '7' }).deletedRetentionMs).toBe(7 * DAY_MS);
    expect(() => loadConfig({ DELETED_RETENTION_DAYS: '0' })).toThrow(/DELETED_RETENTION_DAYS/);
  });
});
