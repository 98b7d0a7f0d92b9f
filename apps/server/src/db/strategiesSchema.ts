/**
 * Strategies and everything in them (focus areas, initiatives, members, timelines, comments,
 * notification settings, reminders), their field locks and history, and the real-time spill.
 */
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organisations, users } from './accountsSchema';
import { createdAt, jsonValue } from './columns';
export const strategies = pgTable(
  'strategies',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    title: text().notNull().default(''),
    ambition: text().notNull().default(''),
    status: boolean().notNull().default(true),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Grows by one with each change; a PATCH that started from an older one may be stale. */
    version: integer().notNull().default(1),
  },
  (table) => [index('strategies_organisation_idx').on(table.organisationId)],
);

export const strategyMasters = pgTable(
  'strategy_masters',
  {
    strategyId: integer('strategy_id')
      .notNull()
      .references(() => strategies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [
    uniqueIndex('strategy_masters_pk').on(table.strategyId, table.userId),
    index('strategy_masters_user_idx').on(table.userId),
  ],
);

export const focusAreas = pgTable(
  'focus_areas',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    strategyId: integer('strategy_id')
      .notNull()
      .references(() => strategies.id, { onDelete: 'cascade' }),
    title: text().notNull().default(''),
    sortIndex: integer('sort_index').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Grows by one with each change; a PATCH that started from an older one may be stale. */
    version: integer().notNull().default(1),
  },
  (table) => [index('focus_areas_strategy_idx').on(table.strategyId, table.sortIndex)],
);

export const initiatives = pgTable(
  'initiatives',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    focusAreaId: integer('focus_area_id')
      .notNull()
      .references(() => focusAreas.id, { onDelete: 'cascade' }),
    title: text().notNull().default(''),
    problemStatement: text('problem_statement').notNull().default(''),
    inScope: text('in_scope').notNull().default(''),
    outScope: text('out_scope').notNull().default(''),
    deliverables: text().notNull().default(''),
    risksAndDependencies: text('risks_and_dependencies').notNull().default(''),
    impact: text().notNull().default(''),
    investment: text().notNull().default(''),
    workPlan: text('work_plan').notNull().default(''),
    status: text().notNull().default('IN'),
    lastStatus: text('last_status'),
    lastProgressUpdate: timestamp('last_progress_update', { withTimezone: true }),
    lastProgressComment: text('last_progress_comment'),
    sponsorApproval: boolean('sponsor_approval').notNull().default(false),
    sponsorApprovalAt: timestamp('sponsor_approval_at', { withTimezone: true }),
    sponsorApprovalRequested: boolean('sponsor_approval_requested').notNull().default(false),
    sponsorApprovalUserId: integer('sponsor_approval_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    sortIndex: integer('sort_index').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Grows by one with each change; a PATCH that started from an older one may be stale. */
    version: integer().notNull().default(1),
  },
  (table) => [index('initiatives_focus_area_idx').on(table.focusAreaId, table.sortIndex)],
);

/** Who is owner, sponsor or team member of an initiative. */
export const initiativeMembers = pgTable(
  'initiative_members',
  {
    initiativeId: integer('initiative_id')
      .notNull()
      .references(() => initiatives.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text({ enum: ['owner', 'sponsor', 'team_member'] }).notNull(),
  },
  (table) => [
    uniqueIndex('initiative_members_pk').on(table.initiativeId, table.role, table.userId),
    index('initiative_members_user_idx').on(table.userId),
  ],
);

export const timelines = pgTable(
  'timelines',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    initiativeId: integer('initiative_id')
      .notNull()
      .references(() => initiatives.id, { onDelete: 'cascade' }),
    description: text(),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    createdAt: createdAt(),
    /** Grows by one with each change; a PATCH that started from an older one may be stale. */
    version: integer().notNull().default(1),
  },
  (table) => [index('timelines_initiative_idx').on(table.initiativeId)],
);

export const comments = pgTable(
  'comments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    initiativeId: integer('initiative_id')
      .notNull()
      .references(() => initiatives.id, { onDelete: 'cascade' }),
    comment: text().notNull().default(''),
    commentType: text('comment_type', { enum: ['PR', 'RB', 'NS'] }).notNull(),
    isLocked: boolean('is_locked').notNull().default(false),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    initiativeStatus: text('initiative_status'),
    createdAt: createdAt(),
    /** Who wrote the text as it stands (the last editor). */
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Grows by one with each change; a PATCH that started from an older one may be stale. */
    version: integer().notNull().default(1),
  },
  (table) => [
    index('comments_initiative_idx').on(table.initiativeId, table.isLocked),
    index('comments_locked_at_idx').on(table.lockedAt),
  ],
);

/**
 * A strategy's reporting rhythm and mail recipients (spec §3, DESIGN §6). One row per strategy.
 * The scheduler claims rows whose next due date or next reminder has come (SKIP LOCKED).
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    strategyId: integer('strategy_id')
      .notNull()
      .references(() => strategies.id, { onDelete: 'cascade' }),
    /** Wall-clock date and time in `timeZone` (no zone of its own): due dates keep that time across DST. */
    firstProgressUpdate: timestamp('first_progress_update', { mode: 'string' }),
    timeZone: text('time_zone').notNull().default('UTC'),
    updateFrequencyNumber: integer('update_frequency_number').notNull().default(1),
    updateFrequencyUnit: text('update_frequency_unit', { enum: ['day', 'week', 'month'] })
      .notNull()
      .default('week'),
    sendToSponsors: boolean('send_to_sponsors').notNull().default(true),
    sendToOwners: boolean('send_to_owners').notNull().default(true),
    sendToTeamMembers: boolean('send_to_team_members').notNull().default(true),
    /** Plain comma-separated e-mails, validated on the way in. */
    additionalRecipients: text('additional_recipients'),
    reminderSendToMaster: boolean('reminder_send_to_master').notNull().default(true),
    reminderSendToSponsors: boolean('reminder_send_to_sponsors').notNull().default(false),
    reminderSendToOwners: boolean('reminder_send_to_owners').notNull().default(true),
    reminderSendToTeamMembers: boolean('reminder_send_to_team_members').notNull().default(true),
    /** Which due date comes next: the first plus this many periods. */
    nextDueIndex: integer('next_due_index').notNull().default(0),
    nextProgressUpdate: timestamp('next_progress_update', { withTimezone: true }),
    lastProgressUpdate: timestamp('last_progress_update', { withTimezone: true }),
    /** Reminders due at or before this moment have been handled (sent, or set aside by a save). */
    remindersHandledUntil: timestamp('reminders_handled_until', { withTimezone: true }),
    nextReminderAt: timestamp('next_reminder_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Grows by one with each change; a PATCH that started from an older one may be stale. */
    version: integer().notNull().default(1),
  },
  (table) => [
    uniqueIndex('notification_settings_strategy_unique').on(table.strategyId),
    index('notification_settings_next_due_idx').on(table.nextProgressUpdate),
    index('notification_settings_next_reminder_idx').on(table.nextReminderAt),
  ],
);

export const teamReminders = pgTable(
  'team_reminders',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    settingsId: integer('settings_id')
      .notNull()
      .references(() => notificationSettings.id, { onDelete: 'cascade' }),
    offsetNumber: integer('offset_number').notNull(),
    offsetUnit: text('offset_unit', { enum: ['hour', 'day'] }).notNull(),
  },
  (table) => [index('team_reminders_settings_idx').on(table.settingsId)],
);

/**
 * Fields someone is editing (DESIGN §5). One row per field; in the database so that every
 * server instance sees the same locks. A row past `expires_at` no longer counts.
 */
export const lockedFields = pgTable(
  'locked_fields',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    strategyId: integer('strategy_id')
      .notNull()
      .references(() => strategies.id, { onDelete: 'cascade' }),
    model: text({
      enum: ['strategy', 'focusArea', 'initiative', 'comment', 'timeline', 'measure'],
    }).notNull(),
    resId: integer('res_id').notNull(),
    field: text().notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The browser's locks socket the lock belongs to; released when that socket closes. */
    connectionId: text('connection_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('locked_fields_field_unique').on(table.model, table.resId, table.field),
    index('locked_fields_strategy_idx').on(table.strategyId),
    index('locked_fields_expiry_idx').on(table.expiresAt),
    index('locked_fields_connection_idx').on(table.connectionId),
  ],
);

/**
 * Real-time events too large for a NOTIFY payload (8000 bytes): the notification carries only
 * the row id. Rows are deleted a minute later.
 */
export const realtimeSpill = pgTable('realtime_spill', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  payload: text().notNull(),
  createdAt: createdAt(),
});

/**
 * Every change to a strategy's content, written in the transaction of the change: who, when, which
 * record and field, the value before and after. `field` is null when a whole record was created
 * (old null) or deleted (new null). Rows outlive deleted focus areas and initiatives (no foreign
 * key on them), so the strategy's history still says what was removed; they go with the strategy,
 * or with the deleted record when it is purged after the retention period (deleted_records).
 */
export const activity = pgTable(
  'activity',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    strategyId: integer('strategy_id')
      .notNull()
      .references(() => strategies.id, { onDelete: 'cascade' }),
    /** The initiative the record belongs to (its charter, timeline, comments, team, approval). */
    initiativeId: integer('initiative_id'),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    model: text().notNull(),
    recordId: integer('record_id').notNull(),
    field: text(),
    oldValue: jsonValue('old_value'),
    newValue: jsonValue('new_value'),
    /** The record's version after this change (a stale PATCH is one older than a change by someone else). */
    version: integer().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('activity_strategy_idx').on(table.strategyId, table.id),
    index('activity_initiative_idx').on(table.initiativeId, table.id),
    index('activity_record_idx').on(table.model, table.recordId, table.version),
  ],
);
