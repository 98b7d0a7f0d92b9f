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
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    APP_URL: 'http://localhost:8000',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli.ts', ...args], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  return { code: run.status, out: run.stdout, err: run.stderr };
}

// The embedded database of one DATA_DIR, used by one command after another.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('npm run admin -- invite', () => {
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

  it('reports the conflict and fails when the address already has an account', () => {
    expect(admin('seed-demo').code).toBe(0);
    const run = admin('invite', 'demo@keystone.local', '--organisation', 'Cli Co');
    expect(run.code).toBe(1);
    expect(run.err).toContain('Not invited: demo@keystone.local already has an account.');
    expect(run.out).not.toContain('Sign-up link');
  });
});
