/** Deleted records kept so the strategy's masters can bring them back (issue 27). */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accountsSchema';
import { activity, strategies } from './strategiesSchema';

/**
 * A deleted focus area, initiative or measure, kept so the strategy's masters can bring it back
 * within the retention period (DELETED_RETENTION_DAYS): its rows and those under it (initiatives,
 * members, timelines, comments, measures and their readings) as `to_jsonb` of each table's rows,
 * taken in the deleting transaction. The live tables hold only live records, so no read path has to leave
 * deleted ones out. `snapshot` is emptied when the record is restored or purged; the row stays (no
 * text in it) so the deletion's history entry can say which.
 */
export const deletedRecords = pgTable(
  'deleted_records',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    strategyId: integer('strategy_id')
      .notNull()
      .references(() => strategies.id, { onDelete: 'cascade' }),
    model: text({ enum: ['focusArea', 'initiative', 'measure'] }).notNull(),
    recordId: integer('record_id').notNull(),
    /** The deletion's activity entry: the Activity panel offers the restore on it. */
    activityId: bigint('activity_id', { mode: 'number' })
      .notNull()
      .references(() => activity.id, { onDelete: 'cascade' }),
    deletedBy: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    /** By the app's clock (injectable), which the purge compares with. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull(),
    snapshot: jsonb(),
    restoredAt: timestamp('restored_at', { withTimezone: true }),
    purgedAt: timestamp('purged_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('deleted_records_activity_idx').on(table.activityId),
    index('deleted_records_record_idx').on(table.model, table.recordId),
    index('deleted_records_purge_idx').on(table.deletedAt).where(sql`${table.snapshot} is not null`),
  ],
);
