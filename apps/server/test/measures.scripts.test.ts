/**
 * Readings from scripts (issue 32): POST /api/measures/{id}/readings/ with a read-and-write
 * access token records the current due date's reading; the same value again changes nothing and
 * answers the same, a new value replaces it, a passed due date is refused (409), a read token is
 * refused (403), another organisation's measure is not found.
 */
import { ACCESS_TOKEN_MESSAGES, CONFLICT_CODES, MEASURE_MESSAGES, type Measure } from '@keystone/contract';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activity } from '../src/db/schema';
import { measureApi } from './helpers/measures';
import { engineSuite, type ProgressFixture, progressFixture } from './helpers/progress';
import { signedInUser } from './helpers/strategies';

const FIRST_DUE = '2026-06-01T09:00:00.000Z';
const SECOND_DUE = '2026-06-08T09:00:00.000Z';

describe('readings from scripts', () => {
  const { clock, server, api: progress, runDue } = engineSuite();
  const measures = measureApi(server);
  let f: ProgressFixture;
  let measure: Measure;
  let writeToken: string;

  const tokenOf = async (key: string, scope: 'read' | 'read_write') => {
    const created = await server.api('POST', '/api/access-tokens/', {
      token: key,
      body: { name: `BI ${scope}`, scope, expires_in_days: 366 },
    });
    expect(created.status).toBe(201);
    return created.body.token as string;
  };
  /** The call as docs/API.md shows it with curl. */
  const record = (token: string, id: number, body: unknown) =>
    server.api('POST', `/api/measures/${id}/readings/`, {
      headers: { authorization: `Bearer ${token}` },
      body,
    });
  /** The measure's history entries: a write that changes nothing adds none. */
  const historyCount = async () =>
    (
      await server.database.db.select({ count: count() }).from(activity).where(eq(activity.model, 'measure'))
    )[0]?.count;

  it('should record the reading for the current due date, once for the same value', async () => {
    clock.set('2026-05-30T12:00:00Z');
    f = await progressFixture(server);
    await progress.setRhythm(f.master.key, f.strategy, {
      first_progress_update: '2026-06-01T09:00:00',
      time_zone: 'UTC',
      update_frequency_number: 1,
      update_frequency_unit: 'week',
    });
    measure = await measures.define(f.owner.key, { initiative: f.initiative });
    writeToken = await tokenOf(f.owner.key, 'read_write');

    const first = await record(writeToken, measure.id, { value: 1250, note: 'From the BI export' });
    expect(first.status).toBe(200);
    expect(first.body.current).toMatchObject({
      due_date: FIRST_DUE,
      value: '1250',
      note: 'From the BI export',
    });
    const before = await historyCount();
    const again = await record(writeToken, measure.id, { value: '1250', note: 'From the BI export' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await historyCount()).toEqual(before);

    const replaced = await record(writeToken, measure.id, { value: '1300', due_date: FIRST_DUE });
    expect(replaced.status).toBe(200);
    expect(replaced.body.current).toMatchObject({ value: '1300', note: 'From the BI export' });
  });

  it('should refuse a due date that has passed, and write the next one', async () => {
    clock.set(FIRST_DUE);
    expect((await runDue()).dueDates).toBe(1);
    const late = await record(writeToken, measure.id, { value: '9', due_date: FIRST_DUE });
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ detail: MEASURE_MESSAGES.readingLocked, code: CONFLICT_CODES.readingLocked });
    const next = await record(writeToken, measure.id, { value: '9' });
    expect(next.status).toBe(200);
    expect(next.body.current).toMatchObject({ due_date: SECOND_DUE, value: '9' });
  });

  it('should refuse a read token, bad values, and anyone who may not write the reading', async () => {
    const readToken = await tokenOf(f.owner.key, 'read');
    const refused = await record(readToken, measure.id, { value: '10' });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe(ACCESS_TOKEN_MESSAGES.readOnly);

    for (const body of [{}, { value: 'lots' }, { value: '1', extra: true }]) {
      expect((await record(writeToken, measure.id, body)).status, JSON.stringify(body)).toBe(400);
    }
    const outsider = await signedInUser(server);
    const theirToken = await tokenOf(outsider.key, 'read_write');
    expect((await record(theirToken, measure.id, { value: '10' })).status).toBe(404);
    const page = await progress.page(f.master.key, f.strategy);
    const shown = page.focus_areas
      .flatMap((area) => area.initiatives.flatMap((initiative) => initiative.measures))
      .find((listed) => listed.id === measure.id)!;
    expect(shown.current?.value).toBe('9');
  });
});
