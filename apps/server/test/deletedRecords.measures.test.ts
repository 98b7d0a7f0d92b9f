/**
 * A deleted focus area or initiative keeps its measures and their readings (DESIGN §10: measures
 * ride on the deleted-record restore): a restore brings them back as they were, the past readings
 * included, and a record kept before measures existed still comes back. A deleted measure is
 * restorable on its own, by the strategy's masters, while its owner is there and has room.
 */
import { type ActivityEntry, DELETED_RECORD_MESSAGES, type Measure, type Strategy } from '@keystone/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMeasure } from './helpers/measureRows';
import { DAY_MS, FakeClock } from './helpers/progress';
import {
  initiativeOn,
  type Member,
  personOf,
  type StrategyApi,
  signedInUser,
  strategyApi,
} from './helpers/strategies';
import { getTestServer, type TestServer } from './helpers/testServer';

describe('deleted records with measures', () => {
  const clock = new FakeClock('2026-06-01T09:00:00Z');
  let server: TestServer;
  let strategies: StrategyApi;
  let master: Member;
  let owner: Member;
  let stranger: Member;

  beforeAll(async () => {
    server = await getTestServer({}, { clock });
    strategies = strategyApi(server);
    master = await signedInUser(server, { firstName: 'Grace' });
    owner = await signedInUser(server, { organisationId: master.organisationId, firstName: 'Owen' });
    stranger = await signedInUser(server, { firstName: 'Other' });
  });
  afterAll(() => server.close());

  const call = (method: 'POST' | 'PATCH' | 'DELETE', path: string, key = master.key, body?: unknown) =>
    server.api(method, path, { token: key, body });
  const restoreMeasure = (id: number, key = master.key) => call('POST', `/api/measure/restore/${id}/`, key);
  /** What a reader sees of a measure: its definition's title, the current value and the past readings. */
  const seen = (measure: Measure) => ({
    id: measure.id,
    title: measure.title,
    current: measure.current.value,
    history: measure.history.map((reading) => [reading.due_date, reading.value, reading.note]),
  });

  async function strategyWithMeasures(): Promise<Strategy> {
    const strategy = await strategies.create(master.key, { title: 'Numbers' });
    const area = strategy.focus_areas[0]!;
    const initiative = area.initiatives[0]!;
    await insertMeasure(server, { strategyId: strategy.id, focusAreaId: area.id, title: 'Revenue' });
    await insertMeasure(server, {
      strategyId: strategy.id,
      initiativeId: initiative.id,
      title: 'Trials',
      lockedReadings: 3,
      current: '42',
      updatedBy: master.id,
    });
    await insertMeasure(server, { strategyId: strategy.id, initiativeId: initiative.id, title: 'Churn' });
    // A focus area keeps at least one initiative.
    await strategies.addInitiative(master.key, area.id, { title: 'Second' });
    await strategies.assignOk(master.key, {
      strategy_id: strategy.id,
      initiatives: [{ initiative_id: initiative.id, owners: [personOf(owner)] }],
    });
    return strategies.page(master.key, strategy.id);
  }

  it('should bring back a deleted initiative with its measures and every reading', async () => {
    const strategy = await strategyWithMeasures();
    const initiative = strategy.focus_areas[0]!.initiatives[0]!;
    expect(initiative.measures.map(seen)[0]).toMatchObject({ title: 'Trials', current: '42' });
    expect(initiative.measures[0]!.history).toHaveLength(3);

    expect((await call('DELETE', `/api/initiative/delete/${initiative.id}/`)).status).toBe(204);
    const restored = await call('POST', `/api/initiative/restore/${initiative.id}/`);
    expect(restored.status).toBe(200);
    expect((restored.body as { measures: Measure[] }).measures.map(seen)).toEqual(
      initiative.measures.map(seen),
    );

    const page = await strategies.page(master.key, strategy.id);
    expect(initiativeOn(page, initiative.id)!.measures.map(seen)).toEqual(initiative.measures.map(seen));
    expect(initiativeOn(page, initiative.id)!.measures[0]!.current.updated_by).toBe(master.id);
  });

  it('should bring back a deleted focus area with its own measures and its initiatives’', async () => {
    const strategy = await strategyWithMeasures();
    const area = strategy.focus_areas[0]!;
    await strategies.addFocusArea(master.key, strategy.id, { title: 'Stays' });

    expect((await call('DELETE', `/api/focusarea/delete/${area.id}/`)).status).toBe(204);
    const emptied = await strategies.page(master.key, strategy.id);
    expect(emptied.focus_areas.flatMap((one) => one.measures)).toEqual([]);

    const restored = await call('POST', `/api/focusarea/restore/${area.id}/`);
    expect(restored.status).toBe(200);
    const page = await strategies.page(master.key, strategy.id);
    expect(page.focus_areas[0]!.measures.map(seen)).toEqual(area.measures.map(seen));
    expect(page.focus_areas[0]!.initiatives[0]!.measures.map(seen)).toEqual(
      area.initiatives[0]!.measures.map(seen),
    );
  });

  it('should still bring back a record kept before measures existed', async () => {
    const strategy = await strategies.create(master.key, { title: 'Older' });
    const initiative = await strategies.addInitiative(master.key, strategy.focus_areas[0]!.id, {
      title: 'Kept long ago',
    });
    expect((await call('DELETE', `/api/initiative/delete/${initiative.id}/`)).status).toBe(204);
    // As a deletion of an earlier release stored it: no measures in the snapshot.
    await server.ctx.db.execute(sql`
      update deleted_records set snapshot = snapshot - 'measures' - 'measure_readings'
       where model = 'initiative' and record_id = ${initiative.id}`);

    const restored = await call('POST', `/api/initiative/restore/${initiative.id}/`);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id: initiative.id, title: 'Kept long ago', measures: [] });
  });

  it('should bring back a deleted measure with its readings, for the strategy’s masters alone', async () => {
    const strategy = await strategyWithMeasures();
    const initiative = strategy.focus_areas[0]!.initiatives[0]!;
    const trials = initiative.measures[0]!;
    // Its initiative's owner may delete it (they define its measures).
    expect((await call('DELETE', `/api/measures/delete/${trials.id}/`, owner.key)).status).toBe(204);
    const history = await server.api('GET', `/api/strategy/${strategy.id}/activity/?limit=100`, {
      token: master.key,
    });
    const deletion = (history.body.results as ActivityEntry[]).find(
      (entry) => entry.model === 'measure' && entry.record_id === trials.id && entry.new_value === null,
    );
    expect(deletion).toMatchObject({ old_value: { title: 'Trials' }, restore: { state: 'available' } });

    expect((await restoreMeasure(trials.id, owner.key)).status).toBe(403);
    expect((await restoreMeasure(trials.id, stranger.key)).status).toBe(404);
    const restored = await restoreMeasure(trials.id);
    expect(restored.status).toBe(200);
    expect(seen(restored.body)).toEqual(seen(trials));
    const page = await strategies.page(master.key, strategy.id);
    expect(initiativeOn(page, initiative.id)!.measures.map(seen)).toEqual(initiative.measures.map(seen));

    const again = await restoreMeasure(trials.id);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: DELETED_RECORD_MESSAGES.alreadyRestored });
  });

  it('should refuse a measure whose owner is full or gone, saying what to do', async () => {
    const strategy = await strategyWithMeasures();
    const area = strategy.focus_areas[0]!;
    const churn = area.initiatives[0]!.measures[1]!;
    expect((await call('DELETE', `/api/measures/delete/${churn.id}/`)).status).toBe(204);
    for (const title of ['Activation', 'Retention'])
      expect(
        (
          await call('POST', '/api/measures/create/', master.key, {
            initiative: area.initiatives[0]!.id,
            title,
            unit: 'number',
            baseline: '0',
            target: '10',
            direction: 'increase',
          })
        ).status,
      ).toBe(201);
    const full = await restoreMeasure(churn.id);
    expect(full.status).toBe(409);
    expect(full.body).toEqual({ detail: DELETED_RECORD_MESSAGES.measuresFull });

    const revenue = area.measures[0]!;
    expect((await call('DELETE', `/api/measures/delete/${revenue.id}/`)).status).toBe(204);
    await strategies.addFocusArea(master.key, strategy.id, { title: 'Stays' });
    expect((await call('DELETE', `/api/focusarea/delete/${area.id}/`)).status).toBe(204);
    const orphan = await restoreMeasure(revenue.id);
    expect(orphan.status).toBe(409);
    expect(orphan.body).toEqual({ detail: DELETED_RECORD_MESSAGES.measureOwnerDeleted });
  });

  // Last: the sweep purges the earlier tests' deletions too.
  it('should purge a deleted measure after the retention period, with the texts of its history', async () => {
    const strategy = await strategyWithMeasures();
    const churn = strategy.focus_areas[0]!.initiatives[0]!.measures[1]!;
    const renamed = await call('PATCH', `/api/measures/update/${churn.id}/`, master.key, {
      title: 'Doomed measure',
    });
    expect(renamed.status).toBe(200);
    expect((await call('DELETE', `/api/measures/delete/${churn.id}/`)).status).toBe(204);

    clock.advance(30 * DAY_MS + 60_000);
    expect(await server.purger.run()).toBeGreaterThanOrEqual(1);
    const history = await server.api('GET', `/api/strategy/${strategy.id}/activity/?limit=100`, {
      token: master.key,
    });
    const entries = history.body.results as ActivityEntry[];
    expect(JSON.stringify(entries)).not.toContain('Doomed measure');
    expect(entries.filter((entry) => entry.model === 'measure' && entry.record_id === churn.id)).toEqual([
      expect.objectContaining({
        old_value: null,
        new_value: null,
        restore: expect.objectContaining({ state: 'expired' }),
      }),
    ]);
    const late = await restoreMeasure(churn.id);
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ detail: DELETED_RECORD_MESSAGES.periodEnded });
  });
});
