/**
 * Offboarding through SCIM on two server instances sharing one PostgreSQL database: the provider
 * deactivates a person through instance A, and their sockets on instance B close, their field
 * locks are released there, and their key is refused everywhere; reactivation lets them back in.
 * PostgreSQL only (the `server-postgres` project); PGlite is one process and skips this file.
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
import { newScimToken, scimClient } from './helpers/scim';
import { type Member, signedInUser } from './helpers/strategies';
import { getTestServer, type TestServer } from './helpers/testServer';

describe.runIf(process.env.TEST_DATABASE_URL)('SCIM offboarding across two server instances', () => {
  let setup: TestServer;
  let f: RealtimeFixture;
  let admin: Member;
  let token: string;
  let a: ServerProcess;
  let b: ServerProcess;
  const pool = socketPool();

  beforeAll(async () => {
    setup = await getTestServer();
    f = await buildRealtimeFixture(setup);
    admin = await signedInUser(setup, { organisationId: f.people.master.organisationId, isAdmin: true });
    token = await newScimToken(setup.api, admin.key, 'Okta');
    const env = { DATABASE_URL: setup.databaseUrl, SMTP_URL: setup.ctx.config.smtpUrl };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  });
  afterAll(async () => {
    await pool.closeAll();
    await Promise.all([a?.stop(), b?.stop()]);
    await setup?.close();
  });

  it('should close their sockets and release their locks on B when the provider deactivates them through A', async () => {
    const sponsor = f.people.sponsor;
    const title = { model: 'initiative', res_id: f.initiative, field: 'title' };
    const sponsorLocksOnB = await pool.add(locksSocket(b.baseUrl, sponsor.key, 'sponsor-tab'));
    const sponsorStreamOnB = await pool.add(streamingSocket(b.baseUrl, sponsor.key));
    const watcherOnB = await pool.add(locksSocket(b.baseUrl, f.people.master.key));
    expect((await lockApi(a.api).lock(sponsor.key, title)).status).toBe(200);
    await watcherOnB.waitFor((message) => message.action === 'lock' && message.user_id === sponsor.id);

    const okta = scimClient(a.api, token);
    const deactivated = await okta.patch(sponsor.id, [{ op: 'replace', value: { active: false } }]);
    expect(deactivated.status).toBe(200);
    expect(deactivated.body.active).toBe(false);

    expect(await sponsorLocksOnB.closed).toBe(SOCKET_CLOSE.unauthenticated);
    expect(await sponsorStreamOnB.closed).toBe(SOCKET_CLOSE.unauthenticated);
    expect(await watcherOnB.waitFor(isUnlockOf(title))).toMatchObject({ user_id: sponsor.id });
    for (const instance of [a, b]) {
      const refused = await instance.api('GET', '/api/get-user-details/', { token: sponsor.key });
      expect(refused.body).toEqual({ detail: MESSAGES.invalidToken });
    }
    expect((await lockApi(b.api).lock(f.people.master.key, title)).status).toBe(200);
    expect((await lockApi(b.api).unlock(f.people.master.key, title)).status).toBe(200);

    // The sponsor alone mastered their own strategy: access still ended, and the log says so.
    const log = await organisationApi(b.api).securityLog(
      admin.key,
      `kind=user_deactivated&user=${sponsor.id}`,
    );
    expect(log.body.results[0]).toMatchObject({
      actor: null,
      detail: { scim_token: 'Okta', strategies_without_master: [expect.any(String)] },
    });
  });

  it('should let them sign in again on either instance once the provider reactivates them through B', async () => {
    const sponsor = f.people.sponsor;
    const reactivated = await scimClient(b.api, token).patch(sponsor.id, [
      { op: 'Replace', path: 'active', value: 'True' },
    ]);
    expect(reactivated.body.active).toBe(true);
    const login = await a.api('POST', '/api/auth/login/', {
      body: { email: sponsor.email, password: sponsor.password },
    });
    expect(login.status).toBe(200);
    expect((await b.api('GET', '/api/get-user-details/', { token: login.body.key })).status).toBe(200);
  });
});
