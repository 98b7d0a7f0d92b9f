/**
 * A history of every change (issue 15): each write of a focus area, initiative, timeline,
 * notification settings and a new strategy grows the record's version, is refused when stale,
 * and is on record with who, what and the values before and after. Refused writes record nothing.
 */
import { CONFLICT_CODES, HISTORY_MESSAGES, MESSAGES, STRATEGY_MESSAGES } from '@keystone/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CharterFixture,
  charterApi,
  charterFixture,
  charterPeople,
  type People,
} from './helpers/charter';
import { progressCalls } from './helpers/progressApi';
import { initiativeOn, type Member, signedInUser, strategyApi } from './helpers/strategies';
import { getTestServer, type TestServer } from './helpers/testServer';

interface Entry {
  id: number;
  model: string;
  record_id: number;
  initiative_id: number | null;
  field: string | null;
  old_value: unknown;
  new_value: unknown;
  version: number;
  user: { id: number } | null;
}

describe('history of every change', () => {
  let server: TestServer;
  let people: People;
  let alan: Member;
  let fixture: CharterFixture;
  let master: string;

  beforeAll(async () => {
    server = await getTestServer();
    people = await charterPeople(server);
    alan = await signedInUser(server, {
      organisationId: people.master.organisationId,
      firstName: 'Alan',
      lastName: 'Turing',
    });
    fixture = await charterFixture(server, people, { masters: [people.master, alan] });
    master = people.master.key;
  });
  afterAll(() => server.close());

  const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, key: string, body?: unknown) =>
    server.api(method, url, { token: key, ...(body !== undefined && { body }) });
  const strategyEntries = async (strategy = fixture.strategy): Promise<Entry[]> => {
    const response = await server.api('GET', `/api/strategy/${strategy}/activity/?limit=100`, {
      token: master,
    });
    expect(response.status).toBe(200);
    return response.body.results;
  };
  const initiativeEntries = async (initiative: number): Promise<Entry[]> => {
    const response = await server.api('GET', `/api/initiative/${initiative}/activity/?limit=100`, {
      token: master,
    });
    expect(response.status).toBe(200);
    return response.body.results;
  };
  const entriesOf = (entries: Entry[], model: string, id: number) =>
    entries.filter((entry) => entry.model === model && entry.record_id === id);

  it('records a new strategy with its title', async () => {
    const created = await strategyApi(server).create(alan.key, { title: 'Expand' });
    expect(created.version).toBe(1);
    const entries = await server.api('GET', `/api/strategy/${created.id}/activity/`, { token: alan.key });
    expect(entries.body.results).toMatchObject([
      {
        model: 'strategy',
        record_id: created.id,
        initiative_id: null,
        field: null,
        old_value: null,
        new_value: { title: 'Expand' },
        version: 1,
        user: { id: alan.id, name: 'Alan Turing' },
      },
    ]);
  });

  it('versions and records a focus area from creation through rename and move to deletion', async () => {
    const created = await call('POST', '/api/focusarea/create/', master, {
      strategy: fixture.strategy,
      title: 'Markets',
    });
    expect(created.status).toBe(201);
    const id: number = created.body.id;
    expect(created.body.version).toBe(1);
    const rename = (key: string, body: object) => call('PATCH', `/api/focusarea/update/${id}/`, key, body);

    const renamed = await rename(alan.key, { title: 'New markets', version: 1 });
    expect(renamed.body).toMatchObject({ title: 'New markets', version: 2 });
    const stale = await rename(master, { title: 'Old markets', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      detail: HISTORY_MESSAGES.stale,
      code: CONFLICT_CODES.stale,
      current: { id, model: 'focusArea', title: 'New markets', version: 2 },
    });
    // Saving the stored title is no change; a call without a version still works.
    expect((await rename(master, { title: 'New markets', version: 1 })).body.version).toBe(2);
    expect((await rename(master, { title: 'Markets abroad' })).body.version).toBe(3);

    const moved = await call('PATCH', `/api/focusarea/sort/${id}/`, master, { sort_index: 0 });
    expect(moved.status).toBe(200);
    const page = await strategyApi(server).page(master, fixture.strategy);
    const [first, second] = page.focus_areas;
    expect(first).toMatchObject({ id, sort_index: 0, version: 4 });
    // The area that shifted along was not itself changed.
    expect(second!.version).toBe(1);

    expect((await call('DELETE', `/api/focusarea/delete/${id}/`, master)).status).toBe(204);
    // The entries outlive the focus area.
    expect(entriesOf(await strategyEntries(), 'focusArea', id)).toMatchObject([
      { field: null, old_value: { title: 'Markets abroad' }, new_value: null, version: 5 },
      { field: 'sort_index', old_value: 1, new_value: 0, version: 4, user: { id: people.master.id } },
      { field: 'title', old_value: 'New markets', new_value: 'Markets abroad', version: 3 },
      { field: 'title', old_value: 'Markets', new_value: 'New markets', version: 2, user: { id: alan.id } },
      { field: null, old_value: null, new_value: { title: 'Markets' }, version: 1, initiative_id: null },
    ]);
  });

  it('versions and records an initiative: title, status and charter fields, move and deletion', async () => {
    const strategies = strategyApi(server);
    const created = await strategies.addInitiative(master, fixture.area, { title: 'Pilot' });
    const id = created.id;
    const edit = (key: string, body: object) => call('PATCH', `/api/initiative/update/${id}/`, key, body);
    expect((await edit(alan.key, { impact: '<p>Big</p>', version: 1 })).body.version).toBe(2);
    // Another field of the same version never conflicts; the same field changed by Alan does.
    expect((await edit(master, { title: 'Pilot run', version: 1 })).body.version).toBe(3);
    const stale = await edit(master, { impact: '<p>Small</p>', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      code: CONFLICT_CODES.stale,
      current: { id, impact: '<p>Big</p>', title: 'Pilot run', version: 3 },
    });
    expect((await edit(master, { status: 'BL', work_plan: 'Two phases', version: 3 })).body.version).toBe(4);
    expect((await call('PATCH', `/api/initiative/sort/${id}/`, master, { sort_index: 0 })).status).toBe(200);

    const own = await initiativeEntries(id);
    expect(own.filter((entry) => entry.model === 'initiative')).toMatchObject([
      { field: 'sort_index', old_value: 2, new_value: 0, version: 5 },
      { field: 'work_plan', old_value: '', new_value: 'Two phases', version: 4 },
      { field: 'status', new_value: 'BL', version: 4 },
      {
        field: 'title',
        old_value: 'Pilot',
        new_value: 'Pilot run',
        version: 3,
        user: { id: people.master.id },
      },
      { field: 'impact', old_value: '', new_value: '<p>Big</p>', version: 2, user: { id: alan.id } },
      { field: null, old_value: null, new_value: { title: 'Pilot' }, version: 1, initiative_id: id },
    ]);
    expect((await call('DELETE', `/api/initiative/delete/${id}/`, master)).status).toBe(204);
    expect(entriesOf(await strategyEntries(), 'initiative', id)[0]).toMatchObject({
      field: null,
      initiative_id: id,
      old_value: { title: 'Pilot run' },
      new_value: null,
      version: 6,
    });
  });

  it('keeps an approval and records nothing when the saved charter is unchanged', async () => {
    const charter = charterApi(server);
    const id = fixture.sibling;
    await call('PATCH', `/api/initiative/update/${id}/`, master, { deliverables: '<p>Kit</p>' });
    expect((await charter.toggleApproval(master, id)).status).toBe(200);
    const before = await charter.detail(master, id);
    const entries = (await initiativeEntries(id)).length;
    const same = await call('PATCH', `/api/initiative/update/${id}/`, master, {
      deliverables: '<p>Kit</p>',
      version: before.version,
    });
    expect(same.status).toBe(200);
    const after = await charter.detail(master, id);
    expect(after).toMatchObject({ sponsor_approval: true, version: before.version });
    expect(await initiativeEntries(id)).toHaveLength(entries);
  });

  it('lets a team member send a version with a status change, and refuses charter edits without a trace', async () => {
    const id = fixture.initiative;
    const member = people.teamMember.key;
    const { version } = await charterApi(server).detail(master, id);
    const entries = (await strategyEntries()).length;
    const refused = await call('PATCH', `/api/initiative/update/${id}/`, member, {
      impact: '<p>Mine</p>',
      version,
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: MESSAGES.noPermission });
    expect(await strategyEntries()).toHaveLength(entries);
    // `version` is not a charter field: a status change with it is the team member's to make.
    const status = await call('PATCH', `/api/initiative/update/${id}/`, member, { status: 'CO', version });
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ status: 'CO', version: version + 1 });
    expect((await initiativeEntries(id))[0]).toMatchObject({
      field: 'status',
      new_value: 'CO',
      user: { id: people.teamMember.id },
    });
  });

  it('versions and records timeline rows under their initiative', async () => {
    const charter = charterApi(server);
    const row = await charter.addTimeline(master, fixture.initiative, {
      description: 'Kick-off',
      start_date: '2026-04-01',
    });
    expect(row.version).toBe(1);
    const edit = (key: string, body: object) => charter.updateTimeline(key, row.id, body);
    expect((await edit(people.owner.key, { end_date: '2026-04-30', version: 1 })).body.version).toBe(2);
    expect((await edit(master, { description: 'Start', version: 1 })).body.version).toBe(3);
    const stale = await edit(master, { end_date: '2026-05-31', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      code: CONFLICT_CODES.stale,
      current: { id: row.id, model: 'timeline', end_date: '2026-04-30', description: 'Start', version: 3 },
    });
    expect((await charter.deleteTimeline(master, row.id)).status).toBe(204);
    expect(entriesOf(await initiativeEntries(fixture.initiative), 'timeline', row.id)).toMatchObject([
      {
        field: null,
        old_value: { description: 'Start', start_date: '2026-04-01', end_date: '2026-04-30' },
        new_value: null,
        version: 4,
      },
      { field: 'description', old_value: 'Kick-off', new_value: 'Start', version: 3 },
      {
        field: 'end_date',
        old_value: null,
        new_value: '2026-04-30',
        version: 2,
        user: { id: people.owner.id },
      },
      {
        field: null,
        initiative_id: fixture.initiative,
        new_value: { description: 'Kick-off', start_date: '2026-04-01', end_date: null },
        version: 1,
      },
    ]);
  });

  it('versions and records notification settings, one entry per changed field', async () => {
    const progress = progressCalls(server);
    const start = await progress.settingsOk(master, fixture.strategy);
    const saved = await progress.saveSettings(alan.key, fixture.strategy, {
      first_progress_update: '2030-01-07T09:00:00',
      time_zone: 'Europe/Berlin',
      team_reminders: [{ offset_number: 2, offset_unit: 'day' }],
      send_to_owners: start.send_to_owners,
      version: start.version,
    });
    expect(saved.version).toBe(start.version + 1);
    // Another field from the same version goes through; the rhythm Alan set is stale for Grace.
    const other = await progress.updateSettings(master, fixture.strategy, {
      send_to_sponsors: !start.send_to_sponsors,
      version: start.version,
    });
    expect(other.status).toBe(200);
    const stale = await progress.updateSettings(master, fixture.strategy, {
      time_zone: 'UTC',
      version: start.version,
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      code: CONFLICT_CODES.stale,
      current: { id: start.id, time_zone: 'Europe/Berlin', version: start.version + 2 },
    });
    // Saving what is stored is no change.
    const same = await progress.saveSettings(master, fixture.strategy, { time_zone: 'Europe/Berlin' });
    expect(same.version).toBe(start.version + 2);

    const entries = entriesOf(await strategyEntries(), 'notificationSettings', start.id);
    expect(entries.map((entry) => entry.field)).toEqual([
      'send_to_sponsors',
      'team_reminders',
      'time_zone',
      'first_progress_update',
    ]);
    expect(entries).toMatchObject([
      {
        old_value: start.send_to_sponsors,
        new_value: !start.send_to_sponsors,
        user: { id: people.master.id },
      },
      { old_value: [], new_value: [{ offset_number: 2, offset_unit: 'day' }], version: start.version + 1 },
      { old_value: start.time_zone, new_value: 'Europe/Berlin' },
      { old_value: null, new_value: '2030-01-07T09:00:00', user: { id: alan.id } },
    ]);
  });

  describe('refusals', () => {
    const writes = (ids: { area: number; initiative: number; timeline: number; strategy: number }) =>
      [
        ['focus area', 'PATCH', `/api/focusarea/update/${ids.area}/`, { title: 'X' }],
        ['initiative', 'PATCH', `/api/initiative/update/${ids.initiative}/`, { impact: '<p>X</p>' }],
        ['timeline', 'PATCH', `/api/timeline/update/${ids.timeline}/`, { description: 'X' }],
        [
          'settings',
          'PATCH',
          `/api/notification-settings/update/${ids.strategy}/`,
          { send_to_owners: false },
        ],
        ['strategy', 'PATCH', `/api/strategy/update/${ids.strategy}/`, { title: 'X' }],
      ] as const;

    async function targets() {
      const timeline = await charterApi(server).addTimeline(master, fixture.initiative);
      return {
        area: fixture.area,
        initiative: fixture.initiative,
        timeline: timeline.id,
        strategy: fixture.strategy,
      };
    }

    it('answers a bad version with 400 and its message, and writes nothing', async () => {
      const ids = await targets();
      const entries = (await strategyEntries()).length;
      for (const [what, method, url, body] of writes(ids)) {
        for (const version of [-1, 0, 'abc', 1.5, null, 2 ** 31]) {
          const response = await call(method, url, master, { ...body, version });
          expect(response.status, `${what} ${version}`).toBe(400);
          expect(response.body, `${what} ${version}`).toEqual({
            detail: HISTORY_MESSAGES.badVersion,
            errors: { version: [HISTORY_MESSAGES.badVersion] },
          });
        }
      }
      expect(await strategyEntries()).toHaveLength(entries);
    });

    it('answers another organisation 404 on every versioned write, and records nothing', async () => {
      const ids = await targets();
      const entries = (await strategyEntries()).length;
      const { version } = await strategyApi(server).page(master, fixture.strategy);
      for (const [what, method, url, body] of writes(ids)) {
        const response = await call(method, url, people.otherOrganisation.key, { ...body, version });
        expect(response.status, what).toBe(404);
      }
      const foreignSort = await call('PATCH', `/api/initiative/sort/${ids.initiative}/`, people.noRole.key, {
        sort_index: 1,
      });
      expect(foreignSort.body).toEqual({ detail: STRATEGY_MESSAGES.initiativeNotFound });
      expect(await strategyEntries()).toHaveLength(entries);
      const page = await strategyApi(server).page(master, fixture.strategy);
      expect(initiativeOn(page, ids.initiative)?.impact).not.toBe('<p>X</p>');
    });

    it('records nothing for a stale write or a move by someone without the right', async () => {
      const ids = await targets();
      await call('PATCH', `/api/focusarea/update/${ids.area}/`, alan.key, { title: 'Moved on' });
      const entries = (await strategyEntries()).length;
      const stale = await call('PATCH', `/api/focusarea/update/${ids.area}/`, master, {
        title: 'Back',
        version: 1,
      });
      expect(stale.status).toBe(409);
      const member = await call('PATCH', `/api/initiative/sort/${ids.initiative}/`, people.teamMember.key, {
        sort_index: 1,
      });
      expect(member.status).toBe(403);
      expect(await strategyEntries()).toHaveLength(entries);
    });
  });
});
