/**
 * Two server instances on one PostgreSQL database sweeping for expired deleted records at the same
 * moment purge each one once (rows claimed FOR UPDATE SKIP LOCKED). PostgreSQL only (the
 * `server-postgres` project); PGlite is one process and reports this file as skipped.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltApp, buildApp } from '../src/app';
import { type Database, openDatabase } from '../src/db/client';
import { DAY_MS, FakeClock } from './helpers/progress';
import { type Member, signedInUser, strategyApi } from './helpers/strategies';
import { getTestServer, type TestServer } from './helpers/testServer';

const DELETIONS = 45;

describe.runIf(process.env.TEST_DATABASE_URL)('purging deleted records on two instances', () => {
  const clock = new FakeClock('2027-03-01T12:00:00Z');
  let a: TestServer;
  let b: BuiltApp;
  let bDatabase: Database;
  let master: Member;

  beforeAll(async () => {
    a = await getTestServer({}, { clock });
    bDatabase = await openDatabase({ databaseUrl: a.databaseUrl, dataDir: '' });
    b = await buildApp(a.ctx.config, bDatabase, { clock });
    await b.app.ready();
    master = await signedInUser(a, { firstName: 'Mia' });
  });
  afterAll(async () => {
    await b?.app.close();
    await bDatabase?.close();
    await a?.close();
  });

  it('should purge each expired record once however many instances sweep', async () => {
    const strategies = strategyApi(a);
    const strategy = await strategies.create(master.key);
    const area = strategy.focus_areas[0]!;
    for (let index = 0; index < DELETIONS; index += 1) {
      const added = await strategies.addInitiative(master.key, area.id, { title: `Doomed ${index}` });
      const response = await a.api('DELETE', `/api/initiative/delete/${added.id}/`, { token: master.key });
      expect(response.status).toBe(204);
    }
    clock.advance(31 * DAY_MS);
    const counts = await Promise.all([a.purger.run(), b.purger.run(), a.purger.run(), b.purger.run()]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(DELETIONS);
    const { rows } = await a.ctx.db.execute<{ titled: number; purged: number }>(sql`
      select count(*) filter (where a.old_value is not null)::int as titled,
             count(d.purged_at)::int as purged
      from activity a join deleted_records d on d.activity_id = a.id
      where a.strategy_id = ${strategy.id}`);
    expect(rows[0]).toEqual({ titled: 0, purged: DELETIONS });
  });
});
