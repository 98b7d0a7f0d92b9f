/**
 * Browser-test fixtures: per worker, a real SMTP server on loopback and the real server
 * (built web app, embedded PGlite in a temporary DATA_DIR) as a child process.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { freePort, waitUntilReady } from '../testing/serverProcess';
import { TestSmtpServer } from '../testing/smtp';

const root = path.resolve(import.meta.dirname, '..');
const tsx = path.join(root, 'node_modules/.bin/tsx');

export interface RunningApp {
  baseURL: string;
  smtp: TestSmtpServer;
  dataDir: string;
  /** The sign-up link printed by `npm run admin -- invite EMAIL` (run before the server started). */
  firstInviteLink: string;
  firstInviteEmail: string;
  /**
   * Invited (by the admin command) to an organisation of its own, so helpers can make people
   * through the API without touching the account journey's invite (e2e/helpers/apiUsers.ts).
   */
  helperInviteEmail: string;
  /** Its sign-up link (the token a registration needs). */
  helperInviteLink: string;
  /**
   * Invited to a third organisation, the one the company sign-in journeys connect to a provider
   * and put policies on, so no other test's people are touched (e2e/companySignIn.spec.ts).
   */
  companyInviteEmail: string;
  companyInviteLink: string;
}

export const test = base.extend<{ app: RunningApp }, { workerApp: RunningApp }>({
  workerApp: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring
    async ({}, use) => {
      const smtp = new TestSmtpServer();
      const smtpUrl = await smtp.start();
      const port = await freePort();
      const baseURL = `http://localhost:${port}`;
      const dataDir = mkdtempSync(path.join(tmpdir(), 'keystone-e2e-'));
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: baseURL,
        DATA_DIR: dataDir,
        SMTP_URL: smtpUrl,
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT: '1000',
        // Clients here write and create faster than any person: the per-person limits are lifted.
        WRITE_RATE_LIMIT: '1000000',
        WRITE_BURST: '1000000',
        STRATEGIES_PER_PERSON_PER_DAY: '1000000',
        STRATEGIES_PER_ORGANISATION_PER_DAY: '1000000',
        // Any free port: the workers' servers never compete for the default one.
        METRICS_PORT: '0',
        // Lets the progress test move the server's clock past a due date (POST /api/test/clock).
        TEST_CLOCK: '1',
        // The test identity provider runs on loopback over plain http (testing/oidcProvider.ts).
        SSO_ALLOW_HTTP_ISSUERS: 'true',
        // The webhook receivers of the tests listen on loopback over plain http (testing/webhookReceiver.ts).
        WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
      };
      delete env.DATABASE_URL;
      const firstInviteEmail = 'founder@e2e.test';
      const printed = execFileSync(tsx, ['apps/server/src/cli.ts', 'invite', firstInviteEmail], {
        cwd: root,
        env,
        encoding: 'utf8',
      });
      const firstInviteLink = /Sign-up link: (\S+)/.exec(printed)?.[1] ?? '';
      const helperInviteEmail = 'team-lead@e2e.test';
      const helperPrinted = execFileSync(
        tsx,
        ['apps/server/src/cli.ts', 'invite', helperInviteEmail, '--organisation', 'E2E helpers'],
        { cwd: root, env, encoding: 'utf8' },
      );
      const helperInviteLink = /Sign-up link: (\S+)/.exec(helperPrinted)?.[1] ?? '';
      const companyInviteEmail = 'founder@acme-sso.test';
      const companyPrinted = execFileSync(
        tsx,
        ['apps/server/src/cli.ts', 'invite', companyInviteEmail, '--organisation', 'E2E company sign-in'],
        { cwd: root, env, encoding: 'utf8' },
      );
      const companyInviteLink = /Sign-up link: (\S+)/.exec(companyPrinted)?.[1] ?? '';
      const child = spawn(tsx, ['apps/server/src/main.ts'], {
        cwd: root,
        env,
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      try {
        await waitUntilReady(baseURL, child);
        await use({
          baseURL,
          smtp,
          dataDir,
          firstInviteLink,
          firstInviteEmail,
          helperInviteEmail,
          helperInviteLink,
          companyInviteEmail,
          companyInviteLink,
        });
      } finally {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
        await smtp.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker' },
  ],
  app: async ({ workerApp }, use) => use(workerApp),
  baseURL: async ({ workerApp }, use) => use(workerApp.baseURL),
});

export { expect } from '@playwright/test';
