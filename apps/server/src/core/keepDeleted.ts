/**
 * Keeping a deleted focus area, initiative or measure (DESIGN §9, "Deleted records"): in the
 * deleting transaction, before its rows go, a copy of them and of every row under them is written to
 * `deleted_records`, so the strategy's masters can bring it all back within the retention period.
 * Rows are copied as `to_jsonb` of each table's row, so a restore puts back exactly what was
 * stored, ids and versions included.
 */
import type { DeletedRestoreModel } from '@keystone/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';

/** The tables a deleted record's rows come from, parents first (the order a restore inserts them). */
export const SNAPSHOT_TABLES = [
  'focus_areas',
  'initiatives',
  'initiative_members',
  'timelines',
  'comments',
  'measures',
  'measure_readings',
] as const;
type SnapshotTable = (typeof SNAPSHOT_TABLES)[number];

/** Rows as `to_jsonb` wrote them: column (snake_case) → value. */
export type SnapshotRow = Record<string, unknown>;
export type Snapshot = Record<SnapshotTable, SnapshotRow[]>;

/**
 * A stored snapshot as a whole one: those kept before measures existed have no `measures` nor
 * `measure_readings`, read as none. (A driver may give jsonb as text.)
 */
export function readSnapshot(stored: unknown): Snapshot {
  const kept = (typeof stored === 'string' ? JSON.parse(stored) : stored) as Partial<Snapshot>;
  return Object.fromEntries(SNAPSHOT_TABLES.map((table) => [table, kept[table] ?? []])) as Snapshot;
}

export interface Deletion {
  strategyId: number;
  model: DeletedRestoreModel;
  recordId: number;
  /** The deletion's history entry. */
  activityId: number;
  deletedBy: number;
  deletedAt: Date;
}

const rowsOf = (table: SnapshotTable, where: SQL) =>
  sql`(select coalesce(jsonb_agg(to_jsonb(t)), '[]'::jsonb) from ${sql.identifier(table)} t where ${where})`;

/** Call with the strategy row locked, before the record is deleted. */
export async function keepDeleted(db: Queryable, deletion: Deletion): Promise<void> {
  const id = sql`${deletion.recordId}::integer`;
  // What goes with the record: a focus area's initiatives with what is under them, and its own
  // measures; an initiative's; a measure only its readings.
  const initiativeIds = {
    focusArea: sql`(select id from initiatives where focus_area_id = ${id})`,
    initiative: sql`(${id})`,
    measure: sql`(select id from initiatives where false)`,
  }[deletion.model];
  const underInitiatives = sql`t.initiative_id in ${initiativeIds}`;
  const measures = {
    focusArea: sql`${underInitiatives} or t.focus_area_id = ${id}`,
    initiative: underInitiatives,
    measure: sql`t.id = ${id}`,
  }[deletion.model];
  await db.execute(sql`
    insert into deleted_records (strategy_id, model, record_id, activity_id, deleted_by, deleted_at, snapshot)
    values (
      ${deletion.strategyId}, ${deletion.model}, ${id}, ${deletion.activityId}, ${deletion.deletedBy},
      ${deletion.deletedAt.toISOString()}::timestamptz,
      jsonb_build_object(
        'focus_areas', ${rowsOf('focus_areas', deletion.model === 'focusArea' ? sql`t.id = ${id}` : sql`false`)},
        'initiatives', ${rowsOf('initiatives', sql`t.id in ${initiativeIds}`)},
        'initiative_members', ${rowsOf('initiative_members', underInitiatives)},
        'timelines', ${rowsOf('timelines', underInitiatives)},
        'comments', ${rowsOf('comments', underInitiatives)},
        'measures', ${rowsOf('measures', measures)},
        'measure_readings', ${rowsOf('measure_readings', sql`t.measure_id in (select t.id from measures t where ${measures})`)}
      )
    )`);
}
