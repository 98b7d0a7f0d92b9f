import { MESSAGES, MFA_MESSAGES } from '@keystone/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mfaChallenges } from '../src/db/schema';
import { codeFor, mfaCalls } from './helpers/mfa';
import { getTestServer, type TestServer } from './helpers/testServer';

describe('two-factor login', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await getTestServer();
  });
  afterAll(() => server.close());
  const { status, passwordLogin, secondStep, enrolledUser, mfaToken, eventsOf } = mfaCalls(() => server);

  describe('login with two-factor on', () => {
    it('should answer mfa_required and no key, then the key for a valid code', async () => {
      const { user, secret } = await enrolledUser();
      const first = await passwordLogin(user);
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ mfa_required: true, mfa_token: expect.any(String) });
      expect(first.body).not.toHaveProperty('key');

      const response = await secondStep({ mfa_token: first.body.mfa_token, code: codeFor(secret) });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ user_id: user.id, key: expect.any(String) });
      const details = await server.api('GET', '/api/get-user-details/', { token: response.body.key });
      expect(details.status).toBe(200);
      expect(details.body.email).toBe(user.email);
      expect(await eventsOf(user.id, 'login_succeeded')).toContainEqual({
        method: 'totp',
        detail: { first_factor: 'password' },
      });
    });

    it('should accept a code typed with a space, as apps show it', async () => {
      const { user, secret } = await enrolledUser();
      const code = codeFor(secret);
      const response = await secondStep({
        mfa_token: await mfaToken(user),
        code: `${code.slice(0, 3)} ${code.slice(3)}`,
      });
      expect(response.status).toBe(200);
    });

    it('should accept a TOTP code once: the same code (or an older step) is refused afterwards', async () => {
      const { user, secret } = await enrolledUser();
      const code = codeFor(secret);
      expect((await secondStep({ mfa_token: await mfaToken(user), code })).status).toBe(200);

      const replay = await secondStep({ mfa_token: await mfaToken(user), code });
      expect(replay.status).toBe(400);
      expect(replay.body).toEqual({
        detail: MFA_MESSAGES.codeInvalid,
        errors: { code: [MFA_MESSAGES.codeInvalid] },
      });
      const older = await secondStep({ mfa_token: await mfaToken(user), code: codeFor(secret, -1) });
      expect(older.status).toBe(400);
      // The next step's code (a phone a little ahead) is still fine.
      expect((await secondStep({ mfa_token: await mfaToken(user), code: codeFor(secret, 1) })).status).toBe(
        200,
      );
    });

    it('should refuse codes more than one step away', async () => {
      const { user, secret } = await enrolledUser();
      const token = await mfaToken(user);
      for (const steps of [2, -3]) {
        const response = await secondStep({ mfa_token: token, code: codeFor(secret, steps) });
        expect(response.status).toBe(400);
        expect(response.body.detail).toBe(MFA_MESSAGES.codeInvalid);
      }
      expect((await secondStep({ mfa_token: token, code: codeFor(secret) })).status).toBe(200);
    });

    it('should record a wrong code as login_failed with method totp', async () => {
      const { user, secret } = await enrolledUser();
      const wrong = codeFor(secret, 5);
      const response = await secondStep({ mfa_token: await mfaToken(user), code: wrong });
      expect(response.status).toBe(400);
      expect(response.body.detail).toBe(MFA_MESSAGES.codeInvalid);
      expect(await eventsOf(user.id, 'login_failed')).toEqual([
        { method: 'totp', detail: { first_factor: 'password' } },
      ]);
    });

    it('should accept each recovery code once, in any case and without the dash', async () => {
      const { user, key, recoveryCodes } = await enrolledUser();
      const [first, second] = recoveryCodes as [string, string];
      const response = await secondStep({ mfa_token: await mfaToken(user), code: first });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ user_id: user.id, key: expect.any(String) });
      expect(await eventsOf(user.id, 'login_succeeded')).toContainEqual({
        method: 'recovery_code',
        detail: { first_factor: 'password' },
      });
      expect((await status(key)).body).toEqual({ enabled: true, recovery_codes_left: 9 });

      const reused = await secondStep({ mfa_token: await mfaToken(user), code: first });
      expect(reused.status).toBe(400);
      expect(reused.body.detail).toBe(MFA_MESSAGES.codeInvalid);
      expect(await eventsOf(user.id, 'login_failed')).toEqual([
        { method: 'recovery_code', detail: { first_factor: 'password' } },
      ]);

      const typed = second.toUpperCase().replace('-', ' ');
      expect((await secondStep({ mfa_token: await mfaToken(user), code: typed })).status).toBe(200);
      expect((await status(key)).body.recovery_codes_left).toBe(8);
    });

    it('should refuse a recovery code of another user', async () => {
      const { user } = await enrolledUser();
      const other = await enrolledUser();
      const response = await secondStep({ mfa_token: await mfaToken(user), code: other.recoveryCodes[0] });
      expect(response.status).toBe(400);
      expect(response.body.detail).toBe(MFA_MESSAGES.codeInvalid);
    });

    it('should let a token pass once', async () => {
      const { user, secret, recoveryCodes } = await enrolledUser();
      const token = await mfaToken(user);
      expect((await secondStep({ mfa_token: token, code: codeFor(secret) })).status).toBe(200);
      const again = await secondStep({ mfa_token: token, code: recoveryCodes[0] });
      expect(again.status).toBe(400);
      expect(again.body).toEqual({ detail: MFA_MESSAGES.challengeInvalid });
    });

    it('should refuse an unknown or expired token with the start-again message', async () => {
      const { user, secret } = await enrolledUser();
      const unknown = await secondStep({ mfa_token: 'not-a-token', code: codeFor(secret) });
      expect(unknown.status).toBe(400);
      expect(unknown.body).toEqual({ detail: MFA_MESSAGES.challengeInvalid });

      const token = await mfaToken(user);
      await server.database.db.execute(
        sql`update mfa_challenges set expires_at = now() - interval '1 second' where user_id = ${user.id}`,
      );
      const expired = await secondStep({ mfa_token: token, code: codeFor(secret) });
      expect(expired.status).toBe(400);
      expect(expired.body).toEqual({ detail: MFA_MESSAGES.challengeInvalid });
    });

    it('should give a token 5 minutes', async () => {
      const { user } = await enrolledUser();
      await mfaToken(user);
      const [challenge] = await server.database.db
        .select({ createdAt: mfaChallenges.createdAt, expiresAt: mfaChallenges.expiresAt })
        .from(mfaChallenges)
        .where(eq(mfaChallenges.userId, user.id));
      expect(Math.round((challenge!.expiresAt.getTime() - challenge!.createdAt.getTime()) / 1000)).toBe(300);
    });

    it('should end the token after 5 wrong codes, even for a right code after them', async () => {
      const { user, secret } = await enrolledUser();
      const token = await mfaToken(user);
      for (let attempt = 0; attempt < 5; attempt++) {
        const wrong = await secondStep({ mfa_token: token, code: codeFor(secret, 10 + attempt) });
        expect(wrong.status).toBe(400);
        expect(wrong.body.detail).toBe(MFA_MESSAGES.codeInvalid);
      }
      const late = await secondStep({ mfa_token: token, code: codeFor(secret) });
      expect(late.status).toBe(400);
      expect(late.body).toEqual({ detail: MFA_MESSAGES.challengeInvalid });
      // Wrong codes count on the account like wrong passwords: it now waits, password unchecked.
      const waiting = await passwordLogin(user);
      expect(waiting.status).toBe(429);
      expect(waiting.body.detail).toBe(MESSAGES.accountBackoff(waiting.body.retry_after));
      await server.database.db.execute(
        sql`update account_throttles set blocked_until = now() - interval '1 second' where account = ${user.email}`,
      );
      // A fresh sign-in gets a fresh token.
      expect((await secondStep({ mfa_token: await mfaToken(user), code: codeFor(secret) })).status).toBe(200);
    });

    it('should answer 400 with field messages for a missing token or code', async () => {
      const response = await secondStep({});
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual({
        mfa_token: [MFA_MESSAGES.tokenRequired],
        code: [MFA_MESSAGES.codeRequired],
      });
    });

    it('should refuse a deactivated user at the second step', async () => {
      const { user, secret } = await enrolledUser();
      const token = await mfaToken(user);
      await server.database.db.execute(sql`update users set is_active = false where id = ${user.id}`);
      const response = await secondStep({ mfa_token: token, code: codeFor(secret) });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ detail: MFA_MESSAGES.challengeInvalid });
    });

    it('should still ask for the code after a password reset', async () => {
      const { user, secret } = await enrolledUser();
      await server.api('POST', '/api/auth/password/reset/', { body: { email: user.email } });
      const mail = await server.smtp.waitFor(user.email, /Reset your Keystone password/, 10_000);
      const link = mail.links.find((candidate) => candidate.includes('/reset-password/'))!;
      const [uid, token] = new URL(link).pathname.split('/').filter(Boolean).slice(1);
      const newPassword = 'Quartz-lantern8?';
      const reset = await server.api('POST', `/api/auth/password/reset/confirm/${uid}/${token}/`, {
        body: { uid, token, new_password1: newPassword, new_password2: newPassword },
      });
      expect(reset.status).toBe(200);

      const login = await passwordLogin({ ...user, password: newPassword });
      expect(login.status).toBe(200);
      expect(login.body).toEqual({ mfa_required: true, mfa_token: expect.any(String) });
      expect((await secondStep({ mfa_token: login.body.mfa_token, code: codeFor(secret) })).status).toBe(200);
    });
  });
});

describe('two-factor rate limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await getTestServer({ authRateLimit: 3 });
  });
  afterAll(() => server.close());

  it('should answer 429 to the 4th code attempt within a minute', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const response = await server.api('POST', '/api/auth/login/mfa/', {
        body: { mfa_token: 'guess', code: '123456' },
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
  });
});
