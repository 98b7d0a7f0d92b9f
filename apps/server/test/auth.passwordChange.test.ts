/** Changing the password from the profile settings; the notice mail of a change or reset; common passwords. */
import { MESSAGES, SESSION_MESSAGES, SOCKET_CLOSE } from '@keystone/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEvents, users } from '../src/db/schema';
import { openSocket, type TestSocket } from './helpers/sockets';
import { getTestServer, type TestServer, type TestUser } from './helpers/testServer';

const NEW_PASSWORD = 'Changed-pass3?';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const NOTICE_SUBJECT = /Your Keystone password was changed/;

describe('password change', () => {
  let server: TestServer;
  let baseUrl: string;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    server = await getTestServer();
    baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const socket of sockets) await socket.close();
    await server.close();
  });

  const change = (
    token: string,
    body: { old_password?: string; new_password1?: string; new_password2?: string },
    headers: Record<string, string> = {},
  ) => server.api('POST', '/api/auth/password/change/', { token, body, headers });

  const changeTo = (token: string, user: TestUser, password: string) =>
    change(token, { old_password: user.password, new_password1: password, new_password2: password });

  const loginStatus = async (user: TestUser, password: string) =>
    (await server.api('POST', '/api/auth/login/', { body: { email: user.email, password } })).status;

  const events = (userId: number, kind: string) =>
    server.database.db
      .select({ detail: securityEvents.detail, userAgent: securityEvents.userAgent })
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, userId), eq(securityEvents.kind, kind)));

  it('should set the new password, keep this session, end the others and mail a notice', async () => {
    const user = await server.createUser({ firstName: 'Ada' });
    const current = await server.loginAs(user);
    const other = await server.loginAs(user);
    const otherSocket = await openSocket(baseUrl, '/ws/locks/', { token: other });
    sockets.push(otherSocket);

    const response = await change(
      current,
      { old_password: user.password, new_password1: NEW_PASSWORD, new_password2: NEW_PASSWORD },
      { 'user-agent': FIREFOX },
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ detail: SESSION_MESSAGES.passwordChanged });

    expect((await server.api('GET', '/api/get-user-details/', { token: current })).status).toBe(200);
    const ended = await server.api('GET', '/api/get-user-details/', { token: other });
    expect(ended.status).toBe(403);
    expect(ended.body).toEqual({ detail: MESSAGES.invalidToken });
    expect(await otherSocket.closed).toBe(SOCKET_CLOSE.unauthenticated);
    expect(await loginStatus(user, NEW_PASSWORD)).toBe(200);
    expect(await loginStatus(user, user.password)).toBe(400);

    const mail = await server.smtp.waitFor(user.email, NOTICE_SUBJECT);
    expect(mail.text).toContain('Hello Ada,');
    expect(mail.text).toContain('was changed on');
    expect(mail.text).toContain('Firefox on Windows');
    expect(mail.text).toContain('If it was not you');
    expect(mail.links).toContain('http://localhost:8000/forgot-password');
    expect(await events(user.id, 'password_changed')).toEqual([
      { detail: { sessionsEnded: 1 }, userAgent: FIREFOX },
    ]);
  });

  it('should refuse a wrong current password under old_password, changing nothing', async () => {
    const user = await server.createUser();
    const key = await server.loginAs(user);
    const response = await change(key, {
      old_password: 'Not-my-pass9!',
      new_password1: NEW_PASSWORD,
      new_password2: NEW_PASSWORD,
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      detail: SESSION_MESSAGES.oldPasswordWrong,
      errors: { old_password: [SESSION_MESSAGES.oldPasswordWrong] },
    });
    expect(await loginStatus(user, user.password)).toBe(200);
    expect(await events(user.id, 'password_changed')).toEqual([]);
  });

  it('should apply the password rules and "Passwords must match"', async () => {
    const user = await server.createUser();
    const key = await server.loginAs(user);
    const weak = await changeTo(key, user, 'weakpass');
    expect(weak.status).toBe(400);
    expect(weak.body.errors).toEqual({
      new_password1: [MESSAGES.passwordUppercase, MESSAGES.passwordNumber, MESSAGES.passwordSpecial],
    });
    const mismatch = await change(key, {
      old_password: user.password,
      new_password1: NEW_PASSWORD,
      new_password2: 'Changed-pass4?',
    });
    expect(mismatch.body.errors).toEqual({ new_password2: [MESSAGES.passwordsMustMatch] });
    const missing = await change(key, { new_password1: NEW_PASSWORD, new_password2: NEW_PASSWORD });
    expect(missing.body.errors).toEqual({ old_password: [SESSION_MESSAGES.oldPasswordRequired] });
    expect(await loginStatus(user, user.password)).toBe(200);
  });

  it('should refuse the current password as the new one', async () => {
    const user = await server.createUser();
    const key = await server.loginAs(user);
    const response = await changeTo(key, user, user.password);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      detail: SESSION_MESSAGES.passwordUnchanged,
      errors: { new_password1: [SESSION_MESSAGES.passwordUnchanged] },
    });
  });

  it('should refuse common passwords, also with the case changed and digits or symbols added', async () => {
    const user = await server.createUser();
    const key = await server.loginAs(user);
    for (const common of [
      'Password1!',
      'pASSWORD123!',
      'Qwerty123!',
      '!1Sunshine',
      'Iloveyou2!',
      'P@ssw0rd1',
    ]) {
      const response = await changeTo(key, user, common);
      expect({ common, status: response.status, body: response.body }).toEqual({
        common,
        status: 400,
        body: {
          detail: SESSION_MESSAGES.passwordTooCommon,
          errors: { new_password1: [SESSION_MESSAGES.passwordTooCommon] },
        },
      });
    }
    expect(await loginStatus(user, user.password)).toBe(200);
  });

  it("should refuse a password built on the person's names, e-mail or the app's name", async () => {
    const user = await server.createUser({
      email: 'zorblax.quillfeather@example.com',
      firstName: 'Zorblax',
      lastName: 'Quillfeather',
    });
    const key = await server.loginAs(user);
    for (const guessable of ['Zorblax-1969!', 'xQUILLFEATHER-42x!', 'Keystone-Zq77!']) {
      const response = await changeTo(key, user, guessable);
      expect({ guessable, status: response.status, errors: response.body.errors }).toEqual({
        guessable,
        status: 400,
        errors: { new_password1: [SESSION_MESSAGES.passwordHasContextWords] },
      });
    }
  });

  it('should count wrong old passwords on the account, but not right ones', async () => {
    const user = await server.createUser();
    const key = await server.loginAs(user);
    // Right old password, refused new one: these do not count.
    for (let i = 0; i < 8; i++) expect((await changeTo(key, user, 'Password1!')).status).toBe(400);
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const response = await server.api('POST', '/api/auth/password/change/', {
        token: key,
        body: {
          old_password: `Wrong-old${i}!`,
          new_password1: 'Cobalt-ring7?',
          new_password2: 'Cobalt-ring7?',
        },
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('should tell a Google-only account to use "forgot password" instead', async () => {
    const user = await server.createUser();
    const key = await server.loginAs(user);
    await server.database.db.update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
    const response = await changeTo(key, user, NEW_PASSWORD);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ detail: SESSION_MESSAGES.passwordNotSet });
  });

  it('should need a key', async () => {
    const response = await server.api('POST', '/api/auth/password/change/', {
      body: { old_password: 'x', new_password1: NEW_PASSWORD, new_password2: NEW_PASSWORD },
    });
    expect(response.status).toBe(403);
  });

  describe('password reset', () => {
    async function resetLink(email: string): Promise<string> {
      await server.api('POST', '/api/auth/password/reset/', { body: { email } });
      const mail = await server.smtp.waitFor(email, /Reset your Keystone password/);
      const link = mail.links.find((candidate) => candidate.includes('/reset-password/'));
      if (!link) throw new Error('no reset link');
      const [uid, token] = new URL(link).pathname.split('/').slice(2);
      return `/api/auth/password/reset/confirm/${uid}/${token}/`;
    }

    const confirm = (path: string, password: string) =>
      server.api('POST', path, {
        body: { new_password1: password, new_password2: password },
        headers: { 'user-agent': FIREFOX },
      });

    it('should refuse a common password and keep the link usable', async () => {
      const user = await server.createUser();
      const path = await resetLink(user.email);
      const response = await confirm(path, 'Password1!');
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        detail: SESSION_MESSAGES.passwordTooCommon,
        errors: { new_password1: [SESSION_MESSAGES.passwordTooCommon] },
      });
      expect((await confirm(path, NEW_PASSWORD)).status).toBe(200);
    });

    it('should mail the notice and record password_reset', async () => {
      const user = await server.createUser({ firstName: 'Grace' });
      const path = await resetLink(user.email);
      expect((await confirm(path, NEW_PASSWORD)).status).toBe(200);
      const mail = await server.smtp.waitFor(user.email, NOTICE_SUBJECT);
      expect(mail.text).toContain('Hello Grace,');
      expect(mail.text).toContain('was reset with a link');
      expect(mail.text).toContain('Firefox on Windows');
      expect(mail.links).toContain('http://localhost:8000/forgot-password');
      expect(await events(user.id, 'password_reset')).toEqual([{ detail: {}, userAgent: FIREFOX }]);
    });
  });

  describe('registration', () => {
    // Registration (signup.ts) applies commonPasswordProblem: this fails until that is wired in.
    it('should refuse a common password under password1', async () => {
      const organisationId = await server.createOrganisation();
      const email = 'common-signup@example.com';
      const invite = await server.invite(email, organisationId);
      const response = await server.api('POST', '/api/auth/registration/', {
        body: {
          email,
          password1: 'Password1!',
          password2: 'Password1!',
          first_name: 'A',
          last_name: 'B',
          invite,
        },
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        detail: SESSION_MESSAGES.passwordTooCommon,
        errors: { password1: [SESSION_MESSAGES.passwordTooCommon] },
      });
    });
  });
});
