/**
 * Account-security tables (issue 13): pending sign-ups, outside identities, the second factor,
 * throttling counters, trusted browsers and the security log. Re-exported by schema.ts.
 */
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organisations, users } from './accountsSchema';
import { createdAt } from './columns';

/**
 * A sign-up waiting for its verification link. Nothing of it reaches `users` until its own token
 * is used together with its own password (or the secret of the browser that signed up), so a
 * stranger's sign-up can never set an account's credentials. Sign-ups of one address stay valid
 * side by side until one of them is verified, which voids the others.
 */
export const pendingSignups = pgTable(
  'pending_signups',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    email: text().notNull(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when verified, or when another sign-up's verification (or too many wrong passwords) voided it. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** SHA-256 of the secret the sign-up's answer gave its browser: there, it stands for the password. */
    browserSecretHash: text('browser_secret_hash'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('pending_signups_token_unique').on(table.tokenHash),
    index('pending_signups_email_idx').on(table.email),
  ],
);

/** An outside identity (Google) linked by issuer and subject, never by e-mail alone. */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text().notNull(),
    subject: text().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('user_identities_subject_unique').on(table.issuer, table.subject),
    index('user_identities_user_idx').on(table.userId),
  ],
);

/** A user's TOTP secret (RFC 6238); two-factor is on once `confirmedAt` is set. */
export const userTotp = pgTable('user_totp', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text().notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** The last time step a code was accepted for: a code is never accepted twice. */
  lastUsedStep: integer('last_used_step').notNull().default(0),
  createdAt: createdAt(),
});

/** Single-use recovery codes, stored hashed. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('recovery_codes_user_idx').on(table.userId)],
);

/** The half-way state of a login with two-factor on: the first factor passed, the code is due. */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** How the first factor was passed ('password', 'google' or 'sso'), for the security log and the key. */
    method: text().$type<'password' | 'google' | 'sso'>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('mfa_challenges_token_unique').on(table.tokenHash)],
);

/** Fixed-window request counters shared by every instance (per client address and route). */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text().primaryKey(),
  hits: integer().notNull(),
  resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
});

/**
 * Failed sign-in attempts per account (the e-mail address, whether or not it has an account, so
 * the back-off reveals nothing). docs/SECURITY.md states the rule.
 */
export const accountThrottles = pgTable('account_throttles', {
  account: text().primaryKey(),
  failures: integer().notNull().default(0),
  lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});

/** Browsers that signed in to an account before: the account's back-off does not hold them up. */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('trusted_devices_token_unique').on(table.tokenHash),
    index('trusted_devices_user_idx').on(table.userId),
  ],
);

/** Sign-ins, sessions, passwords and two-factor changes, kept for the organisation's administrators. */
export const securityEvents = pgTable(
  'security_events',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** Null for a failed login naming an address nobody has. */
    organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The administrator who acted, for administrators' actions (invite, deactivate, …). */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text().notNull(),
    /** How: 'password', 'google', 'totp', 'recovery_code', … */
    method: text(),
    ip: text().notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    detail: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [
    index('security_events_organisation_idx').on(table.organisationId, table.createdAt),
    index('security_events_user_idx').on(table.userId),
    index('security_events_actor_idx').on(table.actorId, table.createdAt),
  ],
);

/**
 * First-run links (`APP_URL/setup/TOKEN`), printed by a start on an empty database; only a hash
 * is kept. Setting up the first organisation deletes them all.
 */
export const setupTokens = pgTable('setup_tokens', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});
