/**
 * Readings on the due-date clock (DESIGN §10): written for the current due date, locked with the
 * comments when it comes (a fresh empty reading takes each one's place), read back for a past date
 * (POST /api/locked-readings/), refused for a passed one; field locks of model `measure` and live
 * updates to the strategy's open pages. The clock is the engine suite's, moved by hand.
 */
import { CONFLICT_CODES, MEASURE_MESSAGES, MESSAGES, type Measure } from '@keystone/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureApi, refusal } from './helpers/measures';
import { engineSuite, type ProgressFixture, progressFixture } from './helpers/progress';
import { lockApi, socketPool, streamingSocket } from './helpers/realtime';

const FIRST_DUE = '2026-06-01T09:00:00.000Z';
const SECOND_DUE = '2026-06-08T09:00:00.000Z';

describe('readings at due dates', () => {
  // One fixture for the whole file (the suite's own fixtures lose their rhythm after each test).
  const { clock, server, api: progress, runDue } = engineSuite();
  const measures = measureApi(server);
  const pool = socketPool();
  let baseUrl: string;
  let f: ProgressFixture;
  let onInitiative: Measure;
  let onArea: Measure;

  beforeAll(async () => {
    baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => pool.closeAll());

  const measureOnPage = async (id: number) => {
    const page = await progress.page(f.master.key, f.strategy);
    return page.focus_areas
      .flatMap((area) => [...area.measures, ...area.initiatives.flatMap((initiative) => initiative.measures)])
      .find((measure) => measure.id === id)!;
  };

  it('should define measures whose reading is for the next due date, and whose target date defaults to the last due date within a year', async () => {
    clock.set('2026-05-30T12:00:00Z');
    f = await progressFixture(server);
    await progress.setRhythm(f.master.key, f.strategy, {
      first_progress_update: '2026-06-01T09:00:00',
      time_zone: 'UTC',
      update_frequency_number: 1,
      update_frequency_unit: 'week',
    });
    onInitiative = await measures.define(f.owner.key, { initiative: f.initiative });
    onArea = await measures.define(
      f.master.key,
      { focus_area: f.areas[0] },
      { title: 'Share', unit: 'percent' },
    );
    // Weekly from Monday 1 June 2026: the last Monday up to 30 May 2027.
    expect(onInitiative.target_date).toBe('2027-05-24');
    expect(onInitiative.current).toMatchObject({ due_date: FIRST_DUE, value: null, version: 1 });
    expect(onInitiative.start_date).toBe('2026-06-01');
  });

  it('should publish a reading to the strategy’s open pages, and honour field locks of model measure', async () => {
    const watcher = await pool.add(streamingSocket(baseUrl, f.sponsor.key));
    const written = await measures.write(f.owner.key, onInitiative.id, {
      value: '12',
      note: 'First week',
      due_date: FIRST_DUE,
      version: 1,
    });
    expect(written.status).toBe(200);
    const message = {
      res_id: onInitiative.id,
      model: 'measure',
      user_id: f.owner.id,
      strategy_id: f.strategy,
    };
    expect(await watcher.waitFor((m) => m.model === 'measure' && m.field === 'value')).toEqual({
      ...message,
      field: 'value',
      value: '12',
    });
    expect(await watcher.waitFor((m) => m.model === 'measure' && m.field === 'note')).toEqual({
      ...message,
      field: 'note',
      value: 'First week',
    });

    // The team member types into the value; the owner's write of it is refused, naming them.
    const locks = lockApi(server.api);
    const value = { model: 'measure', res_id: onInitiative.id, field: 'value' };
    expect((await locks.lock(f.teamMember.key, value)).status).toBe(200);
    const refused = await measures.write(f.owner.key, onInitiative.id, { value: '13' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: CONFLICT_CODES.fieldLocked, user_id: f.teamMember.id });
    expect((await measures.write(f.owner.key, onInitiative.id, { note: 'Week one' })).status).toBe(200);
    await locks.unlock(f.teamMember.key, value);
    // A focus area's reading is the masters' to write and so to lock.
    const areaValue = { model: 'measure', res_id: onArea.id, field: 'value' };
    expect(refusal(await locks.lock(f.owner.key, areaValue))).toMatchObject({
      status: 403,
      detail: MESSAGES.noPermission,
    });
    expect((await locks.lock(f.master.key, { ...areaValue, field: 'title' })).status).toBe(400);

    // Definitions changed, created or deleted make open pages read the strategy again.
    await measures.update(f.master.key, onArea.id, { amber_band: '15' });
    expect(await watcher.waitFor((m) => m.action === 'define')).toEqual({
      res_id: onArea.id,
      model: 'measure',
      field: null,
      value: null,
      action: 'define',
      user_id: f.master.id,
      strategy_id: f.strategy,
    });
  });

  it('should lock every reading at the due date and give each measure a fresh one', async () => {
    clock.set(FIRST_DUE);
    expect((await runDue()).dueDates).toBe(1);
    const measure = await measureOnPage(onInitiative.id);
    expect(measure.history).toEqual([{ due_date: FIRST_DUE, value: '12', note: 'Week one' }]);
    expect(measure.current).toMatchObject({ due_date: SECOND_DUE, value: null, note: '', version: 1 });
    expect((await measureOnPage(onArea.id)).history).toEqual([
      { due_date: FIRST_DUE, value: null, note: '' },
    ]);
  });

  it('should refuse a reading for a passed due date (409) or one the strategy never had (400), storing nothing', async () => {
    const late = await measures.write(f.owner.key, onInitiative.id, { value: '14', due_date: FIRST_DUE });
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ detail: MEASURE_MESSAGES.readingLocked, code: CONFLICT_CODES.readingLocked });
    expect(
      refusal(
        await measures.write(f.owner.key, onInitiative.id, { value: '14', due_date: '2026-06-03T09:00:00Z' }),
      ),
    ).toEqual({
      status: 400,
      detail: MEASURE_MESSAGES.unknownDueDate,
      errors: { due_date: [MEASURE_MESSAGES.unknownDueDate] },
    });
    const measure = await measureOnPage(onInitiative.id);
    expect(measure.current.value).toBeNull();
    expect(measure.history).toEqual([{ due_date: FIRST_DUE, value: '12', note: 'Week one' }]);
    // The current one takes its reading.
    const next = await measures.write(f.teamMember.key, onInitiative.id, {
      value: '15',
      due_date: SECOND_DUE,
    });
    expect(next.body.current).toMatchObject({ value: '15', due_date: SECOND_DUE, version: 2 });
  });

  it('should give a past due date’s readings to anyone who sees the strategy', async () => {
    const locked = await measures.lockedReadings(f.teamMember.key, {
      strategy_id: f.strategy,
      date: '2026-06-01',
    });
    expect(locked.status).toBe(200);
    expect(locked.body).toEqual(
      expect.arrayContaining([
        { measure: onInitiative.id, due_date: FIRST_DUE, value: '12', note: 'Week one' },
        { measure: onArea.id, due_date: FIRST_DUE, value: null, note: '' },
      ]),
    );
    expect(locked.body).toHaveLength(2);
    const byInstant = await measures.lockedReadings(f.master.key, {
      strategy_id: f.strategy,
      date: FIRST_DUE,
    });
    expect(byInstant.body).toEqual(locked.body);
    const none = await measures.lockedReadings(f.master.key, { strategy_id: f.strategy, date: '2026-06-08' });
    expect(none.body).toEqual([]);
  });
});
