/** Database tables (Drizzle). Migrations under ./migrations are generated from this file. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

export const organisations = pgTable('organisations', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull(),
  /** When set, only administrators may invite new people (also by typing them on a team page). */
  onlyAdminsInvite: boolean('only_admins_invite').notNull().default(false),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    /**
     * Always stored lower-cased. One account per address; each organisation may also hold a
     * placeholder of it (someone it invited), so no organisation learns of another's people.
     */
    email: text().notNull(),
    /** Null for a placeholder created by an invite, until its owner signs up (or for Google-only accounts). */
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    businessTitle: text('business_title').notNull().default(''),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** An invited person assigned before signing up; they take the row over at sign-up. */
    isPlaceholder: boolean('is_placeholder').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /** Administrators manage the organisation's people, invitations and settings. */
    isAdmin: boolean('is_admin').notNull().default(false),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_account_email_unique').on(table.email).where(sql`not ${table.isPlaceholder}`),
    uniqueIndex('users_organisation_email_unique').on(table.organisationId, table.email),
  ],
);

/** API keys (`Authorization: Token …`); only a SHA-256 of the key is kept. */
export const authKeys = pgTable(
  'auth_keys',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /** What the sessions list shows the user: the browser that logged in, and from where. */
    userAgent: text('user_agent').notNull().default(''),
    ip: text().notNull().default(''),
  },
  (table) => [
    uniqueIndex('auth_keys_hash_unique').on(table.keyHash),
    index('auth_keys_user_idx').on(table.userId),
  ],
);

/**
 * Single-use links sent by mail (password reset); only a hash is kept. 'verify_email' rows are
 * from before sign-ups kept their own tokens (pending_signups) and are no longer issued.
 */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text({ enum: ['verify_email', 'reset_password'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('one_time_tokens_hash_unique').on(table.tokenHash)],
);

export const invites = pgTable(
  'invites',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    email: text().notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    isAccepted: boolean('is_accepted').notNull().default(false),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /**
     * SHA-256 of the token the invitation mail's sign-up link carries (a resend replaces it).
     * Null for invitations made before links carried one.
     */
    tokenHash: text('token_hash'),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('invites_organisation_email_unique').on(table.organisationId, table.email),
    uniqueIndex('invites_token_unique').on(table.tokenHash),
    index('invites_email_idx').on(table.email),
  ],
);

/**
 * Mails waiting to be sent. Written in the transaction that causes them and sent by the
 * outbox worker with retries, so an SMTP outage loses nothing (DESIGN §6).
 */
export const outboxMails = pgTable(
  'outbox_mails',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    recipient: text().notNull(),
    subject: text().notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set while one worker sends it, so another instance leaves it alone. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** The mail's Message-ID, fixed when it is queued: a mail sent again after a crash is the same mail. */
    messageId: text('message_id').notNull().default(sql`gen_random_uuid()::text`),
    createdAt: createdAt(),
  },
  (table) => [index('outbox_mails_due_idx').on(table.nextAttemptAt).where(sql`${table.sentAt} is null`)],
);

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
    model: text({ enum: ['strategy', 'focusArea', 'initiative', 'comment', 'timeline'] }).notNull(),
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

// Account security has its own file (sign-ups, second factor, identities, throttling, events).
export * from './accountSecuritySchema';
// Deleted focus areas and initiatives kept for their retention period (issue 27).
export * from './deletedRecordsSchema';
// The organisation's own help videos (issue 27).
export * from './helpVideosSchema';

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
    oldValue: jsonb('old_value'),
    newValue: jsonb('new_value'),
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
