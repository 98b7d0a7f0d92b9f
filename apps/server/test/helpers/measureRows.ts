/**
 * Measures with a past, written straight into the tables: locked readings only come from due dates
 * passing, which API tests of other things (the page read's query count, deleted records) need
 * without moving a clock through a dozen of them. Everything is then read back through the API.
 */
import { measureReadings, measures } from '../../src/db/schema';
import type { TestServer } from './testServer';

const WEEK_MS = 7 * 86_400_000;

export interface MeasureRowsOptions {
  strategyId: number;
  initiativeId?: number;
  focusAreaId?: number;
  title?: string;
  /** How many locked readings, one a week up to 2026-05-01 09:00 UTC (the latest last). */
  lockedReadings?: number;
  /** Their values, oldest first (else 10, 15, 20 …). */
  lockedValues?: readonly string[];
  current?: string | null;
  updatedBy?: number | null;
}

/** Inserts one measure (number, increase 0 → 100) with its current reading and `lockedReadings` past ones. */
export async function insertMeasure(server: TestServer, options: MeasureRowsOptions): Promise<number> {
  const { strategyId, initiativeId = null, focusAreaId = null, lockedReadings = 0 } = options;
  const [measure] = await server.ctx.db
    .insert(measures)
    .values({
      strategyId,
      initiativeId,
      focusAreaId,
      title: options.title ?? 'Customers',
      unit: 'number',
      baseline: '0',
      target: '100',
      targetDate: '2026-12-31',
      direction: 'increase',
    })
    .returning({ id: measures.id });
  const id = measure!.id;
  const last = Date.parse('2026-05-01T09:00:00Z');
  await server.ctx.db.insert(measureReadings).values([
    { measureId: id, value: options.current ?? null, updatedBy: options.updatedBy ?? null },
    ...Array.from({ length: lockedReadings }, (_, index) => ({
      measureId: id,
      value: options.lockedValues?.[index] ?? String(10 + index * 5),
      note: `week ${index + 1}`,
      lockedAt: new Date(last - (lockedReadings - 1 - index) * WEEK_MS),
      updatedBy: options.updatedBy ?? null,
    })),
  ]);
  // As a write's published change would: the cached page read is dropped.
  server.ctx.pages.changed([strategyId]);
  return id;
}
