/**
 * getTestServer(): the real app on a fresh database copy, sending mail to a real SMTP server
 * on loopback, plus factories for organisations, users and invites.
 */

import type { ApiCall } from '../../../../testing/api';
import { TEST_SECRETS_KEYS } from '../../../../testing/secretsKeys';
import { TestSmtpServer } from '../../../../testing/smtp';
import { type BuildOptions, type BuiltApp, buildApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config';
import { invites, organisations, users } from '../../src/db/schema';
import { hashPassword } from '../../src/lib/passwords';
import { newInviteToken } from '../../src/modules/invites/service';
import { checkAnswer } from './answerCheck';
import { createTestDatabase } from './database';

export type { ApiResponse } from '../../../../testing/api';

export const PASSWORD = 'Str0ng-Passw0rd!';
let passwordHash: Promise<string> | undefined;

export interface TestUser {
  id: number;
  email: string;
  password: string;
  organisationId: number;
}

export interface TestServer extends BuiltApp {
  smtp: TestSmtpServer;
  /** The connection string of this file's database copy on PostgreSQL (undefined on PGlite). */
  databaseUrl: string | undefined;
  api: ApiCall;
  createOrganisation(name?: string): Promise<number>;
  createUser(
    options?: Partial<TestUser> & {
      verified?: boolean;
      firstName?: string;
      lastName?: string;
      isAdmin?: boolean;
    },
  ): Promise<TestUser>;
  /** Invites the address; answers the token its sign-up link would carry (kept for signUp()). */
  invite(email: string, organisationId: number): Promise<string>;
  /** The token of the address's last invitation made with invite(). */
  inviteTokens: Map<string, string>;
  /** SQL statements the application ran (the outbox polling and lock sweeps left out). */
  queries: string[];
  loginAs(user: TestUser): Promise<string>;
  close(): Promise<void>;
}

/** Tests write and create far faster than people: the per-person limits are lifted unless a test sets them. */
const UNLIMITED_WORK = {
  WRITE_RATE_LIMIT: '1000000',
  WRITE_BURST: '1000000',
  STRATEGIES_PER_PERSON_PER_DAY: '1000000',
  STRATEGIES_PER_ORGANISATION_PER_DAY: '1000000',
};

let sequence = 0;

export async function getTestServer(
  overrides: Partial<Config> = {},
  options: BuildOptions = {},
): Promise<TestServer> {
  const smtp = new TestSmtpServer();
  const smtpUrl = await smtp.start();
  const queries: string[] = [];
  const testDatabase = await createTestDatabase((query) => {
    // Background work (mail outbox polling, expired-lock sweeps, the progress scheduler's
    // claims and wake-up reads, the purge of deleted records, the webhook worker's claims and comment sweeps,
    // the instance lease's renewal and the sweep for dead instances) is not what tests count.
    const instanceLease = query.includes('server_instances');
    const scheduler =
      (query.includes('notification_settings') && /skip locked|least\(/i.test(query)) ||
      (query.includes('deleted_records') && /skip locked/i.test(query)) ||
      (query.includes('webhook_deliveries') && /skip locked/i.test(query)) ||
      query.includes('webhook_sweeps');
    const lockSweep = query.startsWith(
      'delete from "locked_fields" where "locked_fields"."expires_at" <= now()',
    );
    // node-postgres sends a transaction's begin and commit as statements of their own, PGlite
    // does not log them: left out, a count is the same on both, and a background pass's
    // transaction landing beside a request is not counted as the request's.
    const transactionControl = /^(begin|commit|rollback)$/i.test(query.trim());
    if (!query.includes('outbox_mails') && !lockSweep && !scheduler && !instanceLease && !transactionControl)
      queries.push(query);
  });
  const config: Config = {
    ...loadConfig({
      LOG_LEVEL: 'silent',
      APP_URL: 'http://localhost:8000',
      AUTH_RATE_LIMIT: '1000',
      // As the server processes of the same tests have it (on PostgreSQL they share the database).
      SECRETS_KEYS: TEST_SECRETS_KEYS,
      // The Redis run of the instance tests (scripts/test.mjs) sets it for the server processes and this one.
      REDIS_URL: process.env.REDIS_URL,
      ...UNLIMITED_WORK,
    }),
    smtpUrl,
    outboxPollMs: 100,
    ...overrides,
  };
  const built = await buildApp(config, testDatabase.database, options);
  await built.app.ready();
  const { db } = testDatabase.database;

  const server: TestServer = {
    ...built,
    smtp,
    databaseUrl: testDatabase.url,
    queries,
    async api(method, url, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.authorization = `Token ${options.token}`;
      const response = await built.app.inject({
        method,
        url,
        headers,
        ...(options.body !== undefined && {
          payload: typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
          headers: { 'content-type': 'application/json', ...headers },
        }),
      });
      let body: unknown = response.body;
      try {
        body = response.json();
      } catch {
        // Not JSON (e.g. a redirect or HTML): keep the text.
      }
      if (body !== response.body) checkAnswer(method, url, response.statusCode, body);
      return { status: response.statusCode, body, headers: response.headers };
    },
    async createOrganisation(name = `Organisation ${++sequence}`) {
      const [row] = await db.insert(organisations).values({ name }).returning({ id: organisations.id });
      return row!.id;
    },
    async createUser(options = {}) {
      sequence += 1;
      const organisationId = options.organisationId ?? (await server.createOrganisation());
      const email = (options.email ?? `user${sequence}-${Date.now()}@example.com`).toLowerCase();
      passwordHash ??= hashPassword(PASSWORD);
      const hash = options.password ? await hashPassword(options.password) : await passwordHash;
      const [row] = await db
        .insert(users)
        .values({
          email,
          organisationId,
          passwordHash: hash,
          firstName: options.firstName ?? 'Test',
          lastName: options.lastName ?? `User${sequence}`,
          emailVerifiedAt: options.verified === false ? null : new Date(),
          isAdmin: options.isAdmin ?? false,
        })
        .returning({ id: users.id });
      return { id: row!.id, email, password: options.password ?? PASSWORD, organisationId };
    },
    inviteTokens: new Map(),
    async invite(email, organisationId) {
      const { token, tokenHash } = newInviteToken();
      await db.insert(invites).values({ email: email.toLowerCase(), organisationId, tokenHash });
      server.inviteTokens.set(email.toLowerCase(), token);
      return token;
    },
    async loginAs(user) {
      const login = () =>
        server.api('POST', '/api/auth/login/', { body: { email: user.email, password: user.password } });
      let response = await login();
      // A test that just made wrong guesses at this account (the hostile-input test does) meets
      // its back-off: the person waits it out, as anyone would, before signing in.
      for (let tries = 0; response.status === 429 && tries < 3; tries += 1) {
        const seconds = Number(response.body?.retry_after ?? 1);
        await new Promise((resolve) => setTimeout(resolve, Math.min(seconds, 10) * 1000 + 50));
        response = await login();
      }
      if (response.status !== 200) throw new Error(`login failed: ${JSON.stringify(response.body)}`);
      return response.body.key as string;
    },
    async close() {
      await built.app.close();
      await testDatabase.drop();
      await smtp.stop();
    },
  };
  return server;
}

/** The path and query of a link from a mail, to follow it through the app. */
export function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
