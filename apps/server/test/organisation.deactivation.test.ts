/**
 * Deactivating a person (issue 14 offboarding): their keys stop working at once, their sockets
 * close, their field locks are released and announced, their queued mails and reset links go,
 * and they can neither log in nor reset their password until an administrator reactivates them.
 */
import { MESSAGES, ORGANISATION_MESSAGES, SOCKET_CLOSE } from '@keystone/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMails } from '../src/db/schema';
import { codeFor, mfaCalls } from './helpers/mfa';
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

describe('deactivating a member', () => {
  let server: TestServer;
  let baseUrl: string;
  let f: RealtimeFixture;
  let admin: Member;
  let adminKey: string;
  let org: ReturnType<typeof organisationApi>;
  const pool = socketPool();

  beforeAll(async () => {
    server = await getTestServer();
    baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
    f = await buildRealtimeFixture(server);
    admin = await signedInUser(server, { organisationId: f.people.master.organisationId, isAdmin: true });
    adminKey = admin.key;
    org = organisationApi(server.api);
  });
  afterAll(async () => {
    await pool.closeAll();
    await server.close();
  });

  const loginStatus = async (email: string, password: string) =>
    (await server.api('POST', '/api/auth/login/', { body: { email, password } })).status;

  it('should end their sessions, sockets and locks at once, and stop their queued mails', async () => {
    const owner = f.people.owner;
    // Their own strategy gets another master, or they could not be deactivated.
    await strategyApi(server).assignOk(owner.key, {
      strategy_id: f.own.owner,
      strategy_masters: [personOf(owner), personOf(admin)],
    });
    const secondKey = await server.loginAs(owner);
    const ownerLocks = await pool.add(locksSocket(baseUrl, owner.key, 'owner-tab'));
    const ownerStream = await pool.add(streamingSocket(baseUrl, secondKey));
    const watcher = await pool.add(locksSocket(baseUrl, f.people.master.key));
    const title = { model: 'initiative', res_id: f.initiative, field: 'title' };
    expect((await lockApi(server.api).lock(owner.key, title, 'owner-tab')).status).toBe(200);

    // A mail waiting for its next attempt, to them and to someone else.
    const { db } = server.database;
    const later = new Date(Date.now() + 3_600_000);
    const mail = { subject: 'Waiting', textBody: 'text', htmlBody: '<p>html</p>', nextAttemptAt: later };
    await db.insert(outboxMails).values([
      { ...mail, recipient: owner.email },
      { ...mail, recipient: f.people.sponsor.email },
    ]);

    const response = await org.updateMember(adminKey, owner.id, { is_active: false });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      detail: ORGANISATION_MESSAGES.memberDeactivated('Olive Owner'),
      member: expect.objectContaining({ id: owner.id, status: 'deactivated', is_admin: false }),
    });

    // Every key is refused at once; every socket closes as unauthenticated.
    for (const key of [owner.key, secondKey]) {
      const refused = await server.api('GET', '/api/get-user-details/', { token: key });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ detail: MESSAGES.invalidToken });
    }
    expect(await ownerLocks.closed).toBe(SOCKET_CLOSE.unauthenticated);
    expect(await ownerStream.closed).toBe(SOCKET_CLOSE.unauthenticated);

    // Their lock is gone, and viewers were told.
    expect(await watcher.waitFor(isUnlockOf(title))).toMatchObject({ user_id: owner.id, action: 'unlock' });
    expect((await lockApi(server.api).list(f.people.master.key, f.strategy)).body).toEqual([]);
    expect((await lockApi(server.api).lock(f.people.master.key, title)).status).toBe(200);
    await lockApi(server.api).unlock(f.people.master.key, title);

    const waiting = await db
      .select({ to: outboxMails.recipient })
      .from(outboxMails)
      .where(eq(outboxMails.subject, 'Waiting'));
    expect(waiting).toEqual([{ to: f.people.sponsor.email }]);

    // Logged as done by the administrator.
    const log = (await org.securityLog(adminKey, `user=${owner.id}&kind=user_deactivated`)).body.results;
    expect(log).toHaveLength(1);
    expect(log[0].user.id).toBe(owner.id);
    expect(log[0].actor).not.toBeNull();
  });

  it('should refuse their login and password reset until they are reactivated', async () => {
    const person = await signedInUser(server, {
      organisationId: f.people.master.organisationId,
      firstName: 'Pia',
      lastName: 'Parting',
      password: 'Quartz-lantern8?',
    });
    // A reset link asked for before the deactivation dies with it.
    expect(
      (await server.api('POST', '/api/auth/password/reset/', { body: { email: person.email } })).status,
    ).toBe(200);
    const resetMail = await server.smtp.waitFor(person.email, /Reset your Keystone password/);
    const link = resetMail.links.find((candidate) => candidate.includes('/reset-password/'))!;
    const [, , uid, token] = new URL(link).pathname.split('/');

    expect((await org.updateMember(adminKey, person.id, { is_active: false })).status).toBe(200);
    expect(await loginStatus(person.email, 'Quartz-lantern8?')).toBe(400);

    const confirm = await server.api('POST', `/api/auth/password/reset/confirm/${uid}/${token}/`, {
      body: { uid, token, new_password1: 'Basalt-harbour5!', new_password2: 'Basalt-harbour5!' },
    });
    expect(confirm.status).toBe(400);
    expect(confirm.body).toEqual({ detail: MESSAGES.resetLinkInvalid });
    // A new request answers as always, and mails nothing.
    expect(
      (await server.api('POST', '/api/auth/password/reset/', { body: { email: person.email } })).status,
    ).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(server.smtp.mailsTo(person.email)).toHaveLength(1);

    const reactivated = await org.updateMember(adminKey, person.id, { is_active: true });
    expect(reactivated.status).toBe(200);
    expect(reactivated.body.detail).toBe(ORGANISATION_MESSAGES.memberReactivated('Pia Parting'));
    expect(reactivated.body.member.status).toBe('active');
    expect(await loginStatus(person.email, 'Quartz-lantern8?')).toBe(200);
    const log = (await org.securityLog(adminKey, `user=${person.id}`)).body.results;
    expect(log.map((entry: { kind: string }) => entry.kind).slice(0, 4)).toEqual([
      'login_succeeded',
      'user_reactivated',
      'login_failed',
      'user_deactivated',
    ]);
  });

  it('should refuse the second step of a sign-in begun before the deactivation', async () => {
    const mfa = mfaCalls(() => server);
    const enrolled = await mfa.enrolledUser();
    const theirAdmin = await signedInUser(server, {
      organisationId: enrolled.user.organisationId,
      isAdmin: true,
    });
    const mfaToken = await mfa.mfaToken(enrolled.user);
    expect((await org.updateMember(theirAdmin.key, enrolled.user.id, { is_active: false })).status).toBe(200);
    const second = await mfa.secondStep({ mfa_token: mfaToken, code: codeFor(enrolled.secret) });
    expect(second.status).toBe(400);
    expect(second.body.key).toBeUndefined();
  });
});
