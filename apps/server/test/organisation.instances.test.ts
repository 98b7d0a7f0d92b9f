/**
 * Deactivation on two server instances sharing one PostgreSQL database: the person's sockets close
 * and their locks are released on the other instance too. PostgreSQL only (the `server-postgres`
 * project); PGlite is one process and reports this file as skipped.
 */
import { MESSAGES, SOCKET_CLOSE } from '@keystone/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../../../testing/serverProcess';
import { organisationApi } from './helpers/organisation';
import {
  buildRealtimeFixture,
  isUnlockOf,
  lockApi,
  locksSocket,
  type RealtimeFixture,
  socketPool,
  streamingSocket,
} from './helpers/realtime';
import { type Member, personOf, signedInUser, strategyApi } from './helpers/strategies';
import { getTestServer, type TestServer } from './helpers/testServer';

describe.runIf(process.env.TEST_DATABASE_URL)('deactivation across two server instances', () => {
  let setup: TestServer;
  let f: RealtimeFixture;
  let admin: Member;
  let a: ServerProcess;
  let b: ServerProcess;
  const pool = socketPool();

  beforeAll(async () => {
    setup = await getTestServer();
    f = await buildRealtimeFixture(setup);
    admin = await signedInUser(setup, { organisationId: f.people.master.organisationId, isAdmin: true });
    // The sponsor's own strategy gets another master, or they could not be deactivated.
    await strategyApi(setup).assignOk(f.people.sponsor.key, {
      strategy_id: f.own.sponsor,
      strategy_masters: [personOf(f.people.sponsor), personOf(admin)],
    });
    const env = { DATABASE_URL: setup.databaseUrl, SMTP_URL: setup.ctx.config.smtpUrl };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  });
  afterAll(async () => {
    await pool.closeAll();
    await Promise.all([a?.stop(), b?.stop()]);
    await setup?.close();
  });

  it('should close their sockets and release their locks on A when deactivated through B', async () => {
    const sponsor = f.people.sponsor;
    const title = { model: 'initiative', res_id: f.initiative, field: 'title' };
    const sponsorLocksOnA = await pool.add(locksSocket(a.baseUrl, sponsor.key, 'sponsor-tab'));
    const sponsorStreamOnA = await pool.add(streamingSocket(a.baseUrl, sponsor.key));
    const watcherOnA = await pool.add(locksSocket(a.baseUrl, f.people.master.key));
    // A lock taken without a socket id (through B): only the deactivation releases it before it expires.
    expect((await lockApi(b.api).lock(sponsor.key, title)).status).toBe(200);
    await watcherOnA.waitFor((message) => message.action === 'lock' && message.user_id === sponsor.id);

    const response = await organisationApi(b.api).updateMember(admin.key, sponsor.id, { is_active: false });
    expect(response.status).toBe(200);

    expect(await sponsorLocksOnA.closed).toBe(SOCKET_CLOSE.unauthenticated);
    expect(await sponsorStreamOnA.closed).toBe(SOCKET_CLOSE.unauthenticated);
    expect(await watcherOnA.waitFor(isUnlockOf(title))).toMatchObject({ user_id: sponsor.id });
    const refused = await a.api('GET', '/api/get-user-details/', { token: sponsor.key });
    expect(refused.body).toEqual({ detail: MESSAGES.invalidToken });
    expect((await lockApi(a.api).lock(f.people.master.key, title)).status).toBe(200);
    expect((await lockApi(a.api).unlock(f.people.master.key, title)).status).toBe(200);
  });

  it('should keep one active administrator when two demote each other through different instances', async () => {
    const second = await signedInUser(setup, {
      organisationId: f.people.master.organisationId,
      isAdmin: true,
    });
    for (let round = 0; round < 5; round += 1) {
      const answers = await Promise.all([
        organisationApi(a.api).updateMember(admin.key, second.id, { is_admin: false }),
        organisationApi(b.api).updateMember(second.key, admin.id, { is_admin: false }),
      ]);
      const winner = answers[0]!.status === 200 ? admin : second;
      const loser = winner === admin ? second : admin;
      expect(answers.map((answer) => answer.status).filter((status) => status === 200)).toHaveLength(1);
      const members = (await organisationApi(a.api).members(winner.key)).body as {
        id: number;
        is_admin: boolean;
      }[];
      expect(members.filter((member) => member.is_admin).map((member) => member.id)).toEqual([winner.id]);
      // Back to two administrators for the next round.
      expect(
        (await organisationApi(a.api).updateMember(winner.key, loser.id, { is_admin: true })).status,
      ).toBe(200);
    }
  });
});
