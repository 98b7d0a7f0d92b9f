/**
 * Measures and their readings (DESIGN §10). Numbers are `numeric`, read and written as decimal
 * strings, so what a person typed is what they read back. A reading is the value of one due
 * date: the current one has no `locked_at` (exactly one per measure, created with it and again
 * at each due date, as the comments are); a past one is locked at its due date.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accountsSchema';
import { createdAt } from './columns';
import { focusAreas, initiatives, strategies } from './strategiesSchema';

export const measures = pgTable(
  'measures',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    strategyId: integer('strategy_id')
      .notNull()
      .references(() => strategies.id, { onDelete: 'cascade' }),
    /** Exactly one of these two is set: the measure belongs to an initiative or to a focus area. */
    initiativeId: integer('initiative_id').references(() => initiatives.id, { onDelete: 'cascade' }),
    focusAreaId: integer('focus_area_id').references(() => focusAreas.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    unit: text({ enum: ['number', 'percent', 'currency'] }).notNull(),
    currency: text(),
    unitLabel: text('unit_label').notNull().default(''),
    decimals: smallint().notNull().default(0),
    baseline: numeric().notNull(),
    target: numeric().notNull(),
    targetDate: date('target_date', { mode: 'string' }).notNull(),
    direction: text({ enum: ['increase', 'decrease', 'at_least', 'at_most'] }).notNull(),
    amberBand: numeric('amber_band').notNull().default('10'),
    sortIndex: integer('sort_index').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer().notNull().default(1),
  },
  (table) => [
    index('measures_strategy_idx').on(table.strategyId),
    index('measures_initiative_idx').on(table.initiativeId),
    index('measures_focus_area_idx').on(table.focusAreaId),
    check('measures_one_owner', sql`(${table.initiativeId} is null) <> (${table.focusAreaId} is null)`),
  ],
);

export const measureReadings = pgTable(
  'measure_readings',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    measureId: integer('measure_id')
      .notNull()
      .references(() => measures.id, { onDelete: 'cascade' }),
    /** Null: "No reading". */
    value: numeric(),
    note: text().notNull().default(''),
    /** The due date this reading was locked at; null for the current one. */
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer().notNull().default(1),
  },
  (table) => [
    uniqueIndex('measure_readings_current_idx').on(table.measureId).where(sql`${table.lockedAt} is null`),
    uniqueIndex('measure_readings_due_date_idx').on(table.measureId, table.lockedAt),
  ],
);
