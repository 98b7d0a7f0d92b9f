/**
 * The history's kinds drive the server's recording (issue 29): every entry the server writes is
 * one of the contract's HISTORY_KINDS with old and new values of its shape, and every kind of the
 * list is one the server writes.
 */
import {
  type ActivityEntry,
  HISTORY_KINDS,
  isListedEntry,
  MEASURE_MESSAGES,
  type Measure,
} from '@keystone/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity } from '../src/db/schema';
import { charterApi, charterFixture, charterPeople, type People } from './helpers/charter';
import { measureApi } from './helpers/measures';
import { pageComments, progressCalls } from './helpers/progressApi';
import { strategyApi } from './helpers/strategies';
import { getTestServer, type TestServer } from './helpers/testServer';

describe('the history’s kinds', () => {
  let server: TestServer;
  let people: People;

  beforeAll(async () => {
    server = await getTestServer();
    people = await charterPeople(server);
  });
  afterAll(() => server.close());

  const ok = async (call: Promise<{ status: number; body: unknown }>, status = 200) => {
    const response = await call;
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    return response.body as { id: number };
  };

  /** Every kind of change the application makes, each at least once. */
  async function changeEverything() {
    const key = people.master.key;
    const patch = (url: string, body: unknown) => server.api('PATCH', url, { token: key, body });
    const post = (url: string, body?: unknown) => server.api('POST', url, { token: key, body });
    const remove = (url: string) => server.api('DELETE', url, { token: key });
    const charter = charterApi(server);
    // A strategy with its masters, an initiative's people and a sibling initiative.
    const fixture = await charterFixture(server, people, { masters: [people.master, people.owner] });
    await ok(
      patch(`/api/strategy/update/${fixture.strategy}/`, { title: 'Grow more', ambition: '<p>Far</p>' }),
    );
    await ok(patch(`/api/strategy/update/${fixture.strategy}/`, { status: false }));

    const area = await strategyApi(server).addFocusArea(key, fixture.strategy, { title: 'Markets' });
    await ok(patch(`/api/focusarea/update/${area.id}/`, { title: 'New markets' }));
    await ok(patch(`/api/focusarea/sort/${area.id}/`, { sort_index: 0 }));
    await ok(remove(`/api/focusarea/delete/${area.id}/`), 204);
    await ok(post(`/api/focusarea/restore/${area.id}/`));

    const id = fixture.initiative;
    const texts = Object.fromEntries(
      Object.keys(HISTORY_KINDS.initiative.fields)
        .filter((field) => HISTORY_KINDS.initiative.fields[field as 'title'].value === 'text')
        .map((field) => [field, `The ${field}`]),
    );
    await ok(charter.update(key, id, texts));
    await ok(charter.update(key, id, { status: 'BL' }));
    await ok(charter.requestApproval(people.owner.key, id));
    await ok(charter.toggleApproval(people.sponsor.key, id));
    await ok(charter.update(key, id, { impact: '<p>More</p>' }));
    await ok(charter.toggleApproval(people.sponsor.key, id));
    await ok(charter.toggleApproval(key, id));
    await ok(patch(`/api/initiative/sort/${id}/`, { sort_index: 1 }));
    await ok(remove(`/api/initiative/delete/${fixture.sibling}/`), 204);
    await ok(post(`/api/initiative/restore/${fixture.sibling}/`));

    const row = await charter.addTimeline(key, id, { description: 'Kick-off', start_date: '2026-04-01' });
    await ok(charter.updateTimeline(key, row.id, { description: 'Start', start_date: '2026-04-02' }));
    await ok(charter.updateTimeline(key, row.id, { end_date: '2026-04-30' }));
    await ok(charter.deleteTimeline(key, row.id), 204);

    const progress = progressCalls(server);
    const [comment] = pageComments(await strategyApi(server).page(key, fixture.strategy));
    await progress.commentOk(key, comment!.id, '<p>On track</p>');
    const settings = await progress.settingsOk(key, fixture.strategy);
    await progress.saveSettings(key, fixture.strategy, {
      first_progress_update: '2030-01-07T09:00:00',
      time_zone: 'Europe/Berlin',
      update_frequency_number: 2,
      update_frequency_unit: 'month',
      send_to_sponsors: !settings.send_to_sponsors,
      send_to_owners: !settings.send_to_owners,
      send_to_team_members: !settings.send_to_team_members,
      additional_recipients: 'someone@example.com',
      team_reminders: [{ offset_number: 2, offset_unit: 'day' }],
      reminder_send_to_master: !settings.reminder_send_to_master,
      reminder_send_to_sponsors: !settings.reminder_send_to_sponsors,
      reminder_send_to_owners: !settings.reminder_send_to_owners,
      reminder_send_to_team_members: !settings.reminder_send_to_team_members,
    });

    // A measure: created, every field of its definition changed, its reading written, deleted, restored.
    const measures = measureApi(server);
    const measure = await measures.define(key, { initiative: id });
    await ok(
      measures.update(key, measure.id, {
        title: 'Sales',
        unit: 'currency',
        currency: 'EUR',
        unit_label: 'net',
        decimals: 2,
        baseline: '100.5',
        target: '40',
        target_date: '2031-06-30',
        direction: 'decrease',
        amber_band: '5',
      }),
    );
    await ok(measures.write(key, measure.id, { value: '80.25', note: 'Spring sale' }));
    await ok(measures.remove(key, measure.id), 204);
    await ok(post(`/api/measure/restore/${measure.id}/`));
  }

  it('should record only listed kinds, and every listed kind', async () => {
    await changeEverything();
    const entries = await server.database.db.select().from(activity);
    const recorded = entries.map((entry) => ({
      model: entry.model,
      field: entry.field,
      old_value: entry.oldValue,
      new_value: entry.newValue,
    }));
    expect(recorded.filter((entry) => !isListedEntry(entry))).toEqual([]);

    const kindOf = (model: string, field: string | null) => `${model}.${field ?? '(record)'}`;
    const listed = Object.entries(HISTORY_KINDS).flatMap(([model, kinds]) => [
      ...(kinds.record ? [kindOf(model, null)] : []),
      ...Object.keys(kinds.fields).map((field) => kindOf(model, field)),
    ]);
    const seen = new Set(recorded.map((entry) => kindOf(entry.model, entry.field)));
    expect(listed.filter((kind) => !seen.has(kind))).toEqual([]);
  });

  it('should put back a measure’s field and its reading as the Activity panel sends them', async () => {
    const key = people.master.key;
    const measures = measureApi(server);
    const fixture = await charterFixture(server, people, { masters: [people.master] });
    const measure = await measures.define(key, { initiative: fixture.initiative });
    const entries = async () => {
      const response = await server.api('GET', `/api/strategy/${fixture.strategy}/activity/?limit=100`, {
        token: key,
      });
      return (response.body as { results: ActivityEntry[] }).results.filter(
        (entry) => entry.model === 'measure' && entry.record_id === measure.id,
      );
    };
    const entryOf = async (field: string) => (await entries()).find((entry) => entry.field === field)!;

    // A definition's field: one field with the measure's current version, checked whole.
    let changed = (await ok(measures.update(key, measure.id, { target: '60', version: 1 }))) as Measure;
    const target = await entryOf('target');
    changed = (await ok(
      measures.update(key, measure.id, { target: target.old_value, version: changed.version }),
    )) as Measure;
    expect(changed).toMatchObject({ target: '50', version: 3 });
    expect((await entryOf('target')).new_value).toBe('50');

    // One that would contradict the definition now is refused with the reason, nothing stored.
    changed = (await ok(
      measures.update(key, measure.id, { direction: 'decrease', target: '5', version: changed.version }),
    )) as Measure;
    const direction = await entryOf('direction');
    const refused = await measures.update(key, measure.id, {
      direction: direction.old_value,
      version: changed.version,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe(MEASURE_MESSAGES.increaseBelowBaseline);

    // A reading's value and note: the current reading's version.
    let read = (await ok(
      measures.write(key, measure.id, { value: '20', note: 'First deals', version: 1 }),
    )) as Measure;
    read = (await ok(
      measures.write(key, measure.id, { value: '30', note: 'More', version: read.current.version }),
    )) as Measure;
    const [value, note] = [await entryOf('value'), await entryOf('note')];
    read = (await ok(
      measures.write(key, measure.id, { value: value.old_value, version: read.current.version }),
    )) as Measure;
    read = (await ok(
      measures.write(key, measure.id, { note: note.old_value, version: read.current.version }),
    )) as Measure;
    expect(read.current).toMatchObject({ value: '20', note: 'First deals', version: 5 });
    expect(await entryOf('note')).toMatchObject({ old_value: 'More', new_value: 'First deals' });
  });
});
