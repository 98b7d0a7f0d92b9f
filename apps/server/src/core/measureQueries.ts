/**
 * The measures of initiatives or focus areas with their readings, in one query however many
 * there are (the strategy page's fixed query count): each measure with its strategy's first and
 * next due dates, its current reading, and its latest locked readings as JSON (numbers as text,
 * so they stay exact). The page read, the charter and every answer that carries an initiative or
 * a focus area read them here; modules/measures writes them.
 */
import { LIMITS, type Measure, type MeasureDefinition } from '@keystone/contract';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';

/** A measure's row as the query gives it: its definition, keys, and the readings beside it. */
interface MeasureRow extends MeasureDefinition, Record<string, unknown> {
  id: number;
  strategy_id: number;
  initiative_id: number | null;
  focus_area_id: number | null;
  sort_index: number;
  version: number;
  created_at: Date | string;
  updated_at: Date | string;
  first_due: string | null;
  next_due: Date | string | null;
  current_value: string | null;
  current_note: string | null;
  current_version: number | null;
  current_updated_by: number | null;
  current_updated_at: Date | string | null;
  history: RawReading[] | string | null;
}

/** A locked reading as the JSON of the query gives it (the due date in PostgreSQL's text form). */
interface RawReading {
  due_date: string;
  value: string | null;
  note: string;
}

const iso = (value: Date | string) => new Date(value).toISOString();
/** PGlite and node-postgres both give a `date` column as text here (`::text` below). */
const day = (value: Date | string) => iso(value).slice(0, 10);

export function presentMeasure(row: MeasureRow): Measure {
  const history: RawReading[] =
    typeof row.history === 'string' ? JSON.parse(row.history) : (row.history ?? []);
  return {
    id: row.id,
    model: 'measure',
    strategy: row.strategy_id,
    initiative: row.initiative_id,
    focus_area: row.focus_area_id,
    title: row.title,
    unit: row.unit,
    currency: row.currency,
    unit_label: row.unit_label,
    decimals: row.decimals,
    baseline: row.baseline,
    target: row.target,
    target_date: row.target_date,
    direction: row.direction,
    amber_band: row.amber_band,
    start_date: row.first_due ? row.first_due.slice(0, 10) : day(row.created_at),
    sort_index: row.sort_index,
    version: row.version,
    current: {
      due_date: row.next_due === null ? null : iso(row.next_due),
      value: row.current_value,
      note: row.current_note ?? '',
      version: row.current_version ?? 1,
      updated_by: row.current_updated_by,
      updated_at: iso(row.current_updated_at ?? row.updated_at),
    },
    history: history.map((reading) => ({
      due_date: iso(reading.due_date),
      value: reading.value,
      note: reading.note,
    })),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** Which measures to read: those of these strategies, initiatives, focus areas, or these ids. */
export interface MeasureSelection {
  strategyIds?: readonly number[];
  initiativeIds?: readonly number[];
  focusAreaIds?: readonly number[];
  measureIds?: readonly number[];
}

const idList = (ids: readonly number[] | undefined) => sql`${`{${(ids ?? []).join(',')}}`}::int[]`;

/** The selected measures in order (sort index, then id), each with its readings. */
export async function loadMeasures(db: Queryable, selection: MeasureSelection): Promise<Measure[]> {
  const { strategyIds = [], initiativeIds = [], focusAreaIds = [], measureIds = [] } = selection;
  if (strategyIds.length + initiativeIds.length + focusAreaIds.length + measureIds.length === 0) return [];
  const { rows } = await db.execute<MeasureRow>(sql`
    select m.id, m.strategy_id, m.initiative_id, m.focus_area_id, m.title, m.unit, m.currency,
           m.unit_label, m.decimals, m.baseline::text as baseline, m.target::text as target,
           m.target_date::text as target_date, m.direction, m.amber_band::text as amber_band,
           m.sort_index, m.version, m.created_at, m.updated_at,
           s.first_progress_update::text as first_due, s.next_progress_update as next_due,
           c.value::text as current_value, c.note as current_note, c.version as current_version,
           c.updated_by as current_updated_by, c.updated_at as current_updated_at,
           (select coalesce(json_agg(json_build_object('due_date', h.locked_at, 'value', h.value::text,
                                                       'note', h.note) order by h.locked_at), '[]')
              from (select locked_at, value, note from measure_readings
                     where measure_id = m.id and locked_at is not null
                     order by locked_at desc limit ${LIMITS.readingsOnPage}) h) as history
      from measures m
      left join notification_settings s on s.strategy_id = m.strategy_id
      left join measure_readings c on c.measure_id = m.id and c.locked_at is null
     where m.strategy_id = any(${idList(strategyIds)})
        or m.initiative_id = any(${idList(initiativeIds)})
        or m.focus_area_id = any(${idList(focusAreaIds)})
        or m.id = any(${idList(measureIds)})
     order by m.sort_index, m.id`);
  return rows.map(presentMeasure);
}

/** Measures grouped by whom they belong to, for the presenters: initiative id → and focus area id → list. */
export function groupMeasures(measures: readonly Measure[]): {
  byInitiative: Map<number, Measure[]>;
  byFocusArea: Map<number, Measure[]>;
} {
  const byInitiative = new Map<number, Measure[]>();
  const byFocusArea = new Map<number, Measure[]>();
  for (const measure of measures) {
    const [map, key] =
      measure.initiative !== null ? [byInitiative, measure.initiative] : [byFocusArea, measure.focus_area!];
    const list = map.get(key) ?? [];
    list.push(measure);
    map.set(key, list);
  }
  return { byInitiative, byFocusArea };
}
