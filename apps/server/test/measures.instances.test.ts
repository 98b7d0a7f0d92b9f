/**
 * Two people entering the same reading at once through two server instances on one PostgreSQL
 * database (issue 30): nothing acknowledged is lost, and the one refused is told who wrote it
 * (409 stale with the stored reading). PostgreSQL only (the `server-postgres` project); PGlite is
 * one process and reports this file as skipped.
 */
import { CONFLICT_CODES, type Measure } from '@keystone/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../../../testing/serverProcess';
import { measureApi } from './helpers/measures';
import { type Member, personOf, signedInUser, strategyApi } from './helpers/strategies';
import { getTestServer, type TestServer } from './helpers/testServer';

const ROUNDS = 20;

describe.runIf(process.env.TEST_DATABASE_URL)('a reading written at once on two server instances', () => {
  let setup: TestServer;
  let a: ServerProcess;
  let b: ServerProcess;
  let owner: Member;
  let member: Member;

  beforeAll(async () => {
    setup = await getTestServer();
    owner = await signedInUser(setup, { firstName: 'Olive', lastName: 'Owner' });
    member = await signedInUser(setup, { organisationId: owner.organisationId, firstName: 'Tom' });
    const env = { DATABASE_URL: setup.databaseUrl, SMTP_URL: setup.ctx.config.smtpUrl };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await setup?.close();
  });

  it('should keep every acknowledged value and tell the refused writer', async () => {
    const strategies = strategyApi(setup);
    const strategy = await strategies.create(owner.key, { title: 'Grow' });
    const initiative = strategy.focus_areas[0]!.initiatives[0]!.id;
    await strategies.assignOk(owner.key, {
      strategy_id: strategy.id,
      initiatives: [
        { initiative_id: initiative, owners: [personOf(owner)], team_members: [personOf(member)] },
      ],
    });
    const measure = await measureApi(setup).define(owner.key, { initiative }, { decimals: 1 });
    const onA = measureApi({ ...setup, api: a.api });
    const onB = measureApi({ ...setup, api: b.api });
    const stored = async (): Promise<Measure['current']> => {
      const page = await strategies.page(owner.key, strategy.id);
      return page.focus_areas[0]!.initiatives[0]!.measures[0]!.current;
    };

    let acknowledged = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const { version } = await stored();
      // Both start from the same version, as two open progress pages would.
      const [byOwner, byMember] = await Promise.all([
        onA.write(owner.key, measure.id, { value: `${round}.1`, version }),
        onB.write(member.key, measure.id, { value: `${round}.2`, version }),
      ]);
      const answers = [byOwner, byMember];
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const winner = answers.find((answer) => answer.status === 200)!;
      const loser = answers.find((answer) => answer.status === 409)!;
      const now = await stored();
      // What was acknowledged is what is stored; the refused one is shown it and who wrote it.
      expect(now).toEqual(winner.body.current);
      expect(now.version).toBe(version + 1);
      expect(loser.body).toMatchObject({
        code: CONFLICT_CODES.stale,
        current: { current: { value: now.value, version: now.version } },
        changed_by: { id: now.updated_by },
      });
      acknowledged += 1;
    }

    // Every acknowledged write is on record, once, with its own version of the reading.
    const history = await a.api('GET', `/api/initiative/${initiative}/activity/?limit=100`, {
      token: owner.key,
    });
    const values = (history.body.results as { model: string; field: string; version: number }[]).filter(
      (entry) => entry.model === 'measure' && entry.field === 'value',
    );
    expect(values).toHaveLength(acknowledged);
    expect(new Set(values.map((entry) => entry.version)).size).toBe(acknowledged);
  });
  it('should answer a reading written while its measure is deleted on the other instance, never a 500', async () => {
    const strategies = strategyApi(setup);
    const strategy = await strategies.create(owner.key, { title: 'Shrink' });
    const initiative = strategy.focus_areas[0]!.initiatives[0]!.id;
    const onA = measureApi({ ...setup, api: a.api });
    const onB = measureApi({ ...setup, api: b.api });
    for (let round = 0; round < ROUNDS; round += 1) {
      const measure = await measureApi(setup).define(owner.key, { initiative }, { title: `Round ${round}` });
      const [written, deleted] = await Promise.all([
        onA.write(owner.key, measure.id, { value: String(round), note: 'Late' }),
        onB.remove(owner.key, measure.id),
      ]);
      expect(deleted.status).toBe(204);
      expect([200, 404, 409]).toContain(written.status);
    }
  });
});
