/**
 * Company sign-in (issue 31): each organisation's OpenID Connect provider and e-mail domains, the
 * sign-ins under way through it, and its SCIM provisioning tokens.
 */
import type { SsoJoinRule } from '@keystone/contract';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organisations, users } from './accountsSchema';
import { createdAt } from './columns';

const SSO_JOIN_RULES = ['invited', 'domain'] as const satisfies readonly SsoJoinRule[];

/** An organisation's provider; no row: single sign-on is off. */
export const organisationSso = pgTable('organisation_sso', {
  organisationId: integer('organisation_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  /** As the discovery document states it (what ID tokens carry in `iss`). */
  issuer: text().notNull(),
  clientId: text('client_id').notNull(),
  /** Sealed with the server's secrets key (lib/encryption.ts), never stored in clear. */
  clientSecret: text('client_secret').notNull(),
  joinRule: text('join_rule', { enum: SSO_JOIN_RULES }).notNull().default('invited'),
  /** Members cannot use passwords or Google; break-glass administrators (users.break_glass) can. */
  required: boolean().notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/** The e-mail domains that sign in through an organisation's provider: one organisation per domain. */
export const organisationDomains = pgTable(
  'organisation_domains',
  {
    domain: text().primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
  },
  (table) => [index('organisation_domains_organisation_idx').on(table.organisationId)],
);

/**
 * A sign-in sent to the provider and not back yet: single use, short-lived, bound to the browser
 * that started it. Only hashes of the state and of the browser's secret are kept.
 */
export const ssoAttempts = pgTable(
  'sso_attempts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    stateHash: text('state_hash').notNull(),
    browserHash: text('browser_hash').notNull(),
    nonce: text().notNull(),
    /** Sealed like the client secret: a database copy cannot finish someone's sign-in. */
    codeVerifier: text('code_verifier').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('sso_attempts_state_unique').on(table.stateHash)],
);

/** SCIM bearer tokens; only a SHA-256 of the token is kept. */
export const scimTokens = pgTable(
  'scim_tokens',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    tokenHash: text('token_hash').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('scim_tokens_hash_unique').on(table.tokenHash),
    index('scim_tokens_organisation_idx').on(table.organisationId),
  ],
);
