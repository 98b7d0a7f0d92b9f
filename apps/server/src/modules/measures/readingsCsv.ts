/**
 * Every reading of a strategy's measures as CSV (GET /api/strategy/{id}/measure-readings.csv), for
 * anyone who may view the strategy: one row per measure and due date, the locked ones and the
 * current one, in the board's order. Values are the exact decimals as stored; the expected value
 * and the suggestion are what measureMath says for that due date, as the pages show them.
 */
import {
  expectedAt,
  type MeasureDefinition,
  plainText,
  READINGS_CSV_COLUMNS,
  readingsCsvFileName,
  SUGGESTION_LABELS,
  suggestionFor,
  UNIT_LABELS,
} from '@keystone/contract';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor';
import type { AppContext } from '../../core/context';
import { loadStrategyAccess } from '../../core/strategyAccess';
import { wallClockAt } from '../../lib/schedule';
import { CSV_BOM, csvLine } from '../../lib/spreadsheetCells';

interface ReadingRow extends MeasureDefinition, Record<string, unknown> {
  focus_area: string;
  initiative: string | null;
  start_date: string;
  /** The due date: when the reading was locked, or the next one for the current reading (null without a rhythm). */
  due: Date | string | null;
  value: string | null;
  note: string;
}

const unitOf = (row: ReadingRow) =>
  `${UNIT_LABELS[row.unit]}${row.currency ? ` ${row.currency}` : ''}${row.unit_label ? `: ${row.unit_label}` : ''}`;

/** The due date as the strategy's people read it: the day in its time zone. */
const dayIn = (instant: Date, timeZone: string) => {
  const { year, month, day } = wallClockAt(instant.getTime(), timeZone);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};

export interface ReadingsCsv {
  fileName: string;
  text: string;
}

export async function readingsCsv(ctx: AppContext, user: Actor, strategyId: number): Promise<ReadingsCsv> {
  const { strategy } = await loadStrategyAccess(ctx.db, strategyId, user);
  const { rows } = await ctx.db.execute<ReadingRow & { time_zone: string | null }>(sql`
    select f.title as focus_area, i.title as initiative, m.title, m.unit, m.currency, m.unit_label,
           m.decimals, m.baseline::text as baseline, m.target::text as target,
           m.target_date::text as target_date, m.direction, m.amber_band::text as amber_band,
           coalesce(s.first_progress_update::date, m.created_at::date)::text as start_date,
           coalesce(r.locked_at, s.next_progress_update) as due, r.value::text as value, r.note,
           s.time_zone
      from measures m
      left join initiatives i on i.id = m.initiative_id
      join focus_areas f on f.id = coalesce(m.focus_area_id, i.focus_area_id)
      join measure_readings r on r.measure_id = m.id
      left join notification_settings s on s.strategy_id = m.strategy_id
     where m.strategy_id = ${strategyId}
     order by f.sort_index, f.id, i.sort_index nulls first, i.id nulls first, m.sort_index, m.id,
              r.locked_at nulls last`);
  const strategyTitle = plainText(strategy.title);
  let text = `${CSV_BOM}${csvLine(READINGS_CSV_COLUMNS)}`;
  for (const row of rows) {
    const due = row.due === null ? null : new Date(row.due);
    // As measureMath reads a due date elsewhere (the pages pass the instant).
    const when = due?.toISOString() ?? null;
    const expected = when === null ? '' : expectedAt(row, when).toFixed(row.decimals);
    const suggestion =
      when === null || row.value === null ? '' : SUGGESTION_LABELS[suggestionFor(row, row.value, when)];
    text += csvLine([
      strategyTitle,
      plainText(row.focus_area),
      plainText(row.initiative),
      row.title,
      unitOf(row),
      due === null ? '' : dayIn(due, row.time_zone ?? 'UTC'),
      row.value ?? '',
      row.note,
      expected,
      suggestion,
    ]);
  }
  return { fileName: readingsCsvFileName(strategyId), text };
}
