/**
 * A deleted focus area or initiative keeps its measures and their readings (DESIGN §10: measures
 * ride on the deleted-record restore): a restore brings them back as they were, the past readings
 * included, and a record kept before measures existed still comes back.
 */
import type { Measure, Strategy } from '@keystone/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMeasure } from './helpers/measureRows';
import { initiativeOn, type Member, type StrategyApi, signedInUser, strategyApi } from './helpers/strategies';
import { getTestServer, type TestServer } from './helpers/testServer';

describe('deleted records with measures', () => {
  let server: TestServer;
  let strategies: StrategyApi;
  let master: Member;

  beforeAll(async () => {
    server = await getTestServer();
    strategies = strategyApi(server);
    master = await signedInUser(server, { firstName: 'Grace' });
  });
  afterAll(() => server.close());

  const call = (method: 'POST' | 'DELETE', path: string) => server.api(method, path, { token: master.key });
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
});
