/**
 * The documented production start commands (docs/OPERATIONS.md): the bundle under plain node, and
 * `npm start`. SIGTERM sent to the command an operator started must reach the server, which shuts
 * down gracefully (exit 0), stops listening, and leaves no process behind.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../../../testing/serverProcess';
import { createTestDatabase, type TestDatabase } from './helpers/database';

const root = path.resolve(import.meta.dirname, '../../..');

/** Processes still in the process group `group` (the started command's own group). */
function processesInGroup(group: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        // The command name (field 2) may hold spaces; the group is the third field after it.
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        return Number(fields[2]) === group;
      } catch {
        return false; // Exited while we looked.
      }
    })
    .map(Number);
}

async function stillListening(baseUrl: string): Promise<boolean> {
  try {
    await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) });
    return true;
  } catch {
    return false;
  }
}

const COMMANDS: Record<string, string[]> = {
  'node apps/server/dist/main.js': [process.execPath, 'apps/server/dist/main.js'],
  'npm start': ['npm', 'start'],
};

describe('the production start commands', () => {
  // On PostgreSQL the commands share one database; on PGlite each gets an empty DATA_DIR.
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    execFileSync(process.execPath, ['scripts/build-if-stale.mjs', 'server'], { cwd: root, stdio: 'pipe' });
    if (process.env.TEST_DATABASE_URL) database = await createTestDatabase();
  }, 120_000);
  afterAll(() => database?.drop());

  for (const [name, command] of Object.entries(COMMANDS)) {
    it(`${name}: SIGTERM stops the server gracefully and leaves no process behind`, async () => {
      const env = { LOG_LEVEL: 'info', ...(database ? { DATABASE_URL: database.url } : {}) };
      const server = await startServerProcess(env, command);
      try {
        expect((await server.api('GET', '/readyz')).status).toBe(200);
        const ended = await server.kill('SIGTERM');
        expect(ended, server.output()).toEqual({ code: 0, signal: null });
        expect(server.output()).toContain('shutting down');
        expect(await stillListening(server.baseUrl)).toBe(false);
        expect(processesInGroup(server.pid)).toEqual([]);
      } finally {
        for (const pid of processesInGroup(server.pid)) process.kill(pid, 'SIGKILL');
        await server.stop();
      }
    }, 180_000);
  }
});
