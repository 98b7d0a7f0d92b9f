/** Organisations, the people in them, their keys, one-time tokens, invitations and the mail outbox. */
import type { MfaPolicy, SignInMethod } from '@keystone/contract';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

// Written out (drizzle-kit reads these files without the contract's code); `satisfies` keeps them in step.
const MFA_POLICIES = ['off', 'admins', 'everyone'] as const satisfies readonly MfaPolicy[];
export const SIGN_IN_METHODS = [
  'password',
  'google',
  'sso',
  'totp',
  'recovery_code',
] as const satisfies readonly SignInMethod[];

export const organisations = pgTable('organisations', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull(),
  /** When set, only administrators may invite new people (also by typing them on a team page). */
  onlyAdminsInvite: boolean('only_admins_invite').notNull().default(false),
  /** Whom two-factor sign-in is required of (issue 31): 'off', 'admins' or 'everyone'. */
  mfaRequired: text('mfa_required', { enum: MFA_POLICIES }).notNull().default('off'),
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
    /** An administrator who keeps password plus second factor when the organisation requires single sign-on. */
    breakGlass: boolean('break_glass').notNull().default(false),
    /** The provider's own id for the person, as its SCIM client sent it (`externalId`). */
    scimExternalId: text('scim_external_id'),
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
    /** How the session was started (null: before this was kept); 'sso' sessions survive "single sign-on required". */
    method: text({ enum: SIGN_IN_METHODS }),
    /**
     * The organisation requires two-factor sign-in of this person and the session has no second
     * factor yet: it may only set it up (Endpoint.beforeSecondFactor) until it is on.
     */
    secondFactorPending: boolean('second_factor_pending').notNull().default(false),
    /**
     * The sign-in gave a second factor (a code, or the organisation's provider said it asked for
     * one): a two-factor policy switched on later leaves such a session alone.
     */
    secondFactor: boolean('second_factor').notNull().default(false),
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
    /** The instance that claimed it: once that instance's lease runs out, another takes the mail at once. */
    claimedBy: text('claimed_by'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** The mail's Message-ID, fixed when it is queued: a mail sent again after a crash is the same mail. */
    messageId: text('message_id').notNull().default(sql`gen_random_uuid()::text`),
    createdAt: createdAt(),
  },
  (table) => [index('outbox_mails_due_idx').on(table.nextAttemptAt).where(sql`${table.sentAt} is null`)],
);
