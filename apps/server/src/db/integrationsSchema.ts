/**
 * Ways in and out (issue 32, DESIGN §12): personal access tokens, each person's calendar feed,
 * and outgoing webhooks (Standard Webhooks, Slack and Teams) with the events and deliveries that
 * leave through their outbox.
 */
import type { TokenScope, WebhookDeliveryStatus, WebhookKind } from '@keystone/contract';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organisations, SIGN_IN_METHODS, users } from './accountsSchema';
import { createdAt, jsonValue } from './columns';
import { strategies } from './strategiesSchema';

const TOKEN_SCOPES = ['read', 'read_write'] as const satisfies readonly TokenScope[];
const WEBHOOK_KINDS = ['standard', 'slack', 'teams'] as const satisfies readonly WebhookKind[];
const DELIVERY_STATUSES = [
  'pending',
  'delivered',
  'failed',
] as const satisfies readonly WebhookDeliveryStatus[];

/** A person's API token: only a SHA-256 of it is kept; it acts as its person, never more. */
export const personalAccessTokens = pgTable(
  'personal_access_tokens',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    scope: text({ enum: TOKEN_SCOPES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The token's first characters after the prefix, so a person can tell their tokens apart. */
    hint: text().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Who revoked it: the person, or an administrator of their organisation. */
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * How the session that made it began, and whether its sign-in gave a second factor: the
     * organisation's "single sign-on required" and "two-factor required" hold for a token as for
     * that session (core/accessTokens.ts). Null: made before this was kept.
     */
    signInMethod: text('sign_in_method', { enum: SIGN_IN_METHODS }),
    secondFactor: boolean('second_factor').notNull().default(false),
  },
  (table) => [
    uniqueIndex('personal_access_tokens_hash_unique').on(table.tokenHash),
    index('personal_access_tokens_user_idx').on(table.userId),
  ],
);

/** A person's private calendar address; a new one replaces the old (one row per person). */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastFetchedAt: timestamp('last_fetched_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('calendar_feeds_hash_unique').on(table.tokenHash)],
);

/**
 * Where events are sent: for the organisation (administrators) or for one strategy (its masters).
 * A Slack or Teams channel is an endpoint of its kind: its address is checked like any other.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** Null: the organisation's endpoint, sent the events of every strategy. */
    strategyId: integer('strategy_id').references(() => strategies.id, { onDelete: 'cascade' }),
    kind: text({ enum: WEBHOOK_KINDS }).notNull(),
    description: text().notNull().default(''),
    /** Sealed (lib/encryption.ts): a Slack or Teams address is itself a credential. */
    url: text().notNull(),
    /** The host alone, shown in lists without unsealing. */
    urlHost: text('url_host').notNull(),
    /** The event types it is sent (WEBHOOK_EVENT_TYPES or CHAT_EVENT_TYPES). */
    events: text().array().notNull(),
    /** Sealed `whsec_…` signing secret (standard endpoints only). */
    secret: text(),
    /** The secret before the last rotation, still signing until previousSecretUntil. */
    previousSecret: text('previous_secret'),
    previousSecretUntil: timestamp('previous_secret_until', { withTimezone: true }),
    enabled: boolean().notNull().default(true),
    /** Why it was switched off: by a person, or by the server after days of failures. */
    disabledReason: text('disabled_reason', { enum: ['manual', 'failing'] }),
    /** The first failure since its last success; null while it succeeds. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    /**
     * A chat channel's next free moment to send (one message a second): reserved by whichever
     * instance sends next, so instances take turns (modules/webhooks/worker.ts).
     */
    nextSendAt: timestamp('next_send_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('webhook_endpoints_organisation_idx').on(table.organisationId),
    index('webhook_endpoints_strategy_idx').on(table.strategyId),
  ],
);

/** One thing that happened, as sent to every endpoint that chose its type (payload built once). */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The Standard Webhooks `webhook-id` (msg_…): the same on every try and on "send again". */
    messageId: text('message_id').notNull(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    strategyId: integer('strategy_id'),
    type: text().notNull(),
    payload: jsonValue().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('webhook_events_message_unique').on(table.messageId),
    index('webhook_events_organisation_idx').on(table.organisationId, table.createdAt),
    // The hourly purge of events past the retention period (modules/webhooks/retention.ts).
    index('webhook_events_created_idx').on(table.createdAt),
  ],
);

/** An event on its way to one endpoint: claimed by one instance at a time, retried with back-off. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    status: text({ enum: DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** The instance that claimed it: once that instance's lease runs out, another takes it at once. */
    claimedBy: text('claimed_by'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    /** The receiver's HTTP status of the last try; null when it gave none (refused, timed out). */
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('webhook_deliveries_due_idx').on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(table.endpointId, table.createdAt),
  ],
);

/**
 * How far a sweep over another table has read (modules/webhooks/commentSweep.ts): one row per
 * sweep, locked while an instance runs it, so two instances never announce the same rows.
 */
export const webhookSweeps = pgTable('webhook_sweeps', {
  name: text().primaryKey(),
  /** The last activity id read. */
  lastId: bigint('last_id', { mode: 'number' }).notNull(),
});
