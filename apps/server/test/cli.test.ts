/**
 * `npm run admin -- invite EMAIL`: the operator's command says what it did, and fails when it
 * cannot invite (the address already has an account) instead of claiming success.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'keystone-cli-'));

function admin(...args: string[]) {
  return adminWith({ APP_URL: 'http://localhost:8000' }, ...args);
}

/** The command with the server's address settings given (or not) as an operator would. */
function adminWith(address: { APP_URL?: string; PORT?: string }, ...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...address };
  delete env.DATABASE_URL;
  if (!address.APP_URL) delete env.APP_URL;
  if (!address.PORT) delete env.PORT;
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli.ts', ...args], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  return { code: run.status, out: run.stdout, err: run.stderr };
}

// The embedded database of one DATA_DIR, used by one command after another.
// Each command starts tsx and the embedded database: seconds each on a busy machine.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  'npm run admin -- invite',
  { timeout: 120_000 },
  () => {
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    it('invites and prints a sign-up link carrying the invitation token', () => {
      const run = admin('invite', 'New.Person@cli.test', '--organisation', 'Cli Co');
      expect(run.code).toBe(0);
      expect(run.out).toContain('Invited new.person@cli.test to "Cli Co".');
      expect(run.out).toMatch(
        /Sign-up link: http:\/\/localhost:8000\/signup\?email=new\.person%40cli\.test&invite=[\w-]{40,}/,
      );
    });

    it('says so when the address was invited already, with a fresh link', () => {
      const run = admin('invite', 'new.person@cli.test', '--organisation', 'Cli Co');
      expect(run.code).toBe(0);
      expect(run.out).toContain('was already invited to "Cli Co"; here is a new link');
    });

    it("prints links on the server's address: APP_URL, else PORT", () => {
      const public_ = adminWith({ APP_URL: 'https://keystone.example.com/' }, 'invite', 'a@cli.test');
      expect(public_.out).toMatch(
        /Sign-up link: https:\/\/keystone\.example\.com\/signup\?email=a%40cli\.test&invite=/,
      );
      expect(public_.out).not.toContain('Note:');
      const port = adminWith({ PORT: '19100' }, 'invite', 'b@cli.test');
      expect(port.out).toMatch(/Sign-up link: http:\/\/localhost:19100\/signup\?email=b%40cli\.test&invite=/);
      expect(port.out).not.toContain('Note:');
    });

    it('says which setting makes the link right when neither APP_URL nor PORT is set', () => {
      const run = adminWith({}, 'invite', 'c@cli.test');
      expect(run.code).toBe(0);
      expect(run.out).toMatch(/Sign-up link: http:\/\/localhost:8000\/signup/);
      expect(run.out).toContain('APP_URL and PORT are not set here');
      expect(run.out).toContain('run this again with the same APP_URL (or PORT) the server runs with');
    });

    it('reports the conflict and fails when the address already has an account', () => {
      expect(admin('seed-demo').code).toBe(0);
      const run = admin('invite', 'demo@keystone.local', '--organisation', 'Cli Co');
      expect(run.code).toBe(1);
      expect(run.err).toContain('Not invited: demo@keystone.local already has an account.');
      expect(run.out).not.toContain('Sign-up link');
    });
  },
);
