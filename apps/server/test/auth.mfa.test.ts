import { MESSAGES, MFA_MESSAGES } from '@keystone/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEvents } from '../src/db/schema';
import { getTestServer, type TestServer, type TestUser } from './helpers/testServer';

/** The rows of a raw query (the driver's result type is not known here). */
async function rowsOf(server: TestServer, query: SQL): Promise<Record<string, unknown>[]> {
  return ((await server.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
}

const STEP_MS = 30_000;
const RECOVERY_CODE = /^[a-z2-7]{5}-[a-z2-7]{5}$/;

/** The code an authenticator app shows for `secret`, `steps` time steps away from now. */
function codeFor(secret: string, steps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: Date.now() + steps * STEP_MS });
}

/**
 * Tests that use the codes of neighbouring steps wait out the last seconds of a step, so "now"
 * does not move on between computing a code and the server checking it.
 */
async function awayFromStepEdge(): Promise<void> {
  const intoStep = Date.now() % STEP_MS;
  if (intoStep > STEP_MS - 4_000)
    await new Promise((resolve) => setTimeout(resolve, STEP_MS - intoStep + 100));
}

interface Enrolled {
  user: TestUser;
  key: string;
  secret: string;
  recoveryCodes: string[];
}

describe('two-factor authentication', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await getTestServer();
  });
  afterAll(() => server.close());

  const status = (key: string) => server.api('GET', '/api/auth/mfa/', { token: key });
  const setup = (key: string) => server.api('POST', '/api/auth/mfa/totp/setup/', { token: key });
  const confirm = (key: string, code: unknown) =>
    server.api('POST', '/api/auth/mfa/totp/confirm/', { token: key, body: { code } });
  const disable = (key: string, body: unknown) =>
    server.api('POST', '/api/auth/mfa/disable/', { token: key, body });
  const passwordLogin = (user: TestUser) =>
    server.api('POST', '/api/auth/login/', { body: { email: user.email, password: user.password } });
  const secondStep = (body: unknown) => server.api('POST', '/api/auth/login/mfa/', { body });

  /** A user with two-factor on, confirmed with the previous step's code (so "now" is still free). */
  async function enrolledUser(): Promise<Enrolled> {
    await awayFromStepEdge();
    const user = await server.createUser();
    const key = await server.loginAs(user);
    const secret = (await setup(key)).body.secret as string;
    const confirmed = await confirm(key, codeFor(secret, -1));
    expect(confirmed.status).toBe(200);
    return { user, key, secret, recoveryCodes: confirmed.body.recovery_codes };
  }

  /** Passes the password step and answers the mfa_token. */
  async function mfaToken(user: TestUser): Promise<string> {
    const response = await passwordLogin(user);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ mfa_required: true, mfa_token: expect.any(String) });
    return response.body.mfa_token;
  }

  const eventsOf = (userId: number, kind: string) =>
    server.database.db
      .select({ method: securityEvents.method, detail: securityEvents.detail })
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, userId), eq(securityEvents.kind, kind)));

  describe('set-up and confirmation', () => {
    it('should answer the status as off for a new user, and 403 without a key', async () => {
      const key = await server.loginAs(await server.createUser());
      expect((await status(key)).body).toEqual({ enabled: false, recovery_codes_left: 0 });
      const anonymous = await server.api('GET', '/api/auth/mfa/');
      expect(anonymous.status).toBe(403);
      expect((await server.api('POST', '/api/auth/mfa/totp/setup/')).status).toBe(403);
    });

    it('should answer a base32 secret, its otpauth URL and a QR code as an SVG data URL', async () => {
      const user = await server.createUser({ email: 'qr@example.com' });
      const key = await server.loginAs(user);
      const response = await setup(key);
      expect(response.status).toBe(200);
      const { secret, otpauth_url: url, qr_svg: qr } = response.body;
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(url).toMatch(/^otpauth:\/\/totp\/Keystone:qr%40example\.com\?/);
      const query = new URL(url).searchParams;
      expect(query.get('secret')).toBe(secret);
      expect(query.get('issuer')).toBe('Keystone');
      expect(query.get('digits')).toBe('6');
      expect(query.get('period')).toBe('30');
      expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
      const svg = Buffer.from(qr.split(',')[1], 'base64').toString('utf8');
      expect(svg).toContain('<svg');
      // Not on until confirmed: logging in still answers a key.
      expect((await status(key)).body).toEqual({ enabled: false, recovery_codes_left: 0 });
      expect((await passwordLogin(user)).body).toEqual({ user_id: user.id, key: expect.any(String) });
    });

    it('should replace an unconfirmed secret on a new set-up, so the old one no longer confirms', async () => {
      const key = await server.loginAs(await server.createUser());
      const first = (await setup(key)).body.secret;
      const second = (await setup(key)).body.secret;
      expect(second).not.toBe(first);
      const stale = await confirm(key, codeFor(first));
      expect(stale.status).toBe(400);
      expect(stale.body).toEqual({
        detail: MFA_MESSAGES.codeInvalid,
        errors: { code: [MFA_MESSAGES.codeInvalid] },
      });
      expect((await confirm(key, codeFor(second))).status).toBe(200);
    });

    it('should refuse a confirmation before any set-up', async () => {
      const key = await server.loginAs(await server.createUser());
      const response = await confirm(key, '123456');
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ detail: MFA_MESSAGES.setupFirst });
    });

    it('should refuse a missing or malformed code with a field message', async () => {
      const key = await server.loginAs(await server.createUser());
      await setup(key);
      for (const [code, message] of [
        [undefined, MFA_MESSAGES.codeRequired],
        ['', MFA_MESSAGES.codeRequired],
        ['12345', MFA_MESSAGES.codeFormat],
        ['abcdef', MFA_MESSAGES.codeFormat],
        [123456, MFA_MESSAGES.codeRequired],
      ] as const) {
        const response = await confirm(key, code);
        expect(response.status).toBe(400);
        expect(response.body).toEqual({ detail: message, errors: { code: [message] } });
      }
    });

    it('should turn two-factor on with a valid code and hand out 10 single-use recovery codes once', async () => {
      const { user, key, recoveryCodes } = await enrolledUser();
      expect(recoveryCodes).toHaveLength(10);
      for (const code of recoveryCodes) expect(code).toMatch(RECOVERY_CODE);
      expect(new Set(recoveryCodes).size).toBe(10);
      expect((await status(key)).body).toEqual({ enabled: true, recovery_codes_left: 10 });
      expect(await eventsOf(user.id, 'mfa_enabled')).toEqual([{ method: 'totp', detail: {} }]);

      // Only hashes are stored.
      const stored = await rowsOf(
        server,
        sql`select code_hash from recovery_codes where user_id = ${user.id}`,
      );
      const hashes = JSON.stringify(stored);
      // A password hash (argon2id with its own salt): a 50-bit code cannot be found by trying all.
      expect(stored.every((row) => String(row.code_hash).startsWith('$argon2id$'))).toBe(true);
      for (const code of recoveryCodes) {
        expect(hashes).not.toContain(code);
        expect(hashes).not.toContain(code.replace('-', ''));
      }
    });

    it('should refuse a new set-up or confirmation while two-factor is on (409)', async () => {
      const { key, secret } = await enrolledUser();
      const again = await setup(key);
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ detail: MFA_MESSAGES.alreadyEnabled });
      const reconfirm = await confirm(key, codeFor(secret));
      expect(reconfirm.status).toBe(409);
      expect(reconfirm.body).toEqual({ detail: MFA_MESSAGES.alreadyEnabled });
    });
  });

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
      const rows = await rowsOf(
        server,
        sql`select extract(epoch from expires_at - created_at) as seconds from mfa_challenges where user_id = ${user.id}`,
      );
      expect(Math.round(Number(rows[0]?.seconds))).toBe(300);
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

  describe('turning two-factor off', () => {
    it('should need the password and a valid code, then remove the secret and the recovery codes', async () => {
      const { user, key, secret } = await enrolledUser();
      const missing = await disable(key, { code: codeFor(secret) });
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({
        detail: MFA_MESSAGES.passwordRequired,
        errors: { password: [MFA_MESSAGES.passwordRequired] },
      });
      const wrongPassword = await disable(key, { password: 'Wrong-passw0rd!', code: codeFor(secret) });
      expect(wrongPassword.status).toBe(400);
      expect(wrongPassword.body).toEqual({
        detail: MFA_MESSAGES.wrongPassword,
        errors: { password: [MFA_MESSAGES.wrongPassword] },
      });
      const wrongCode = await disable(key, { password: user.password, code: codeFor(secret, 4) });
      expect(wrongCode.status).toBe(400);
      expect(wrongCode.body.detail).toBe(MFA_MESSAGES.codeInvalid);
      expect((await status(key)).body.enabled).toBe(true);

      const response = await disable(key, { password: user.password, code: codeFor(secret) });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ detail: MFA_MESSAGES.disabled });
      expect((await status(key)).body).toEqual({ enabled: false, recovery_codes_left: 0 });
      expect((await passwordLogin(user)).body).toEqual({ user_id: user.id, key: expect.any(String) });
      expect(await eventsOf(user.id, 'mfa_disabled')).toEqual([{ method: 'totp', detail: {} }]);
      const left = await rowsOf(
        server,
        sql`select (select count(*)::int from recovery_codes where user_id = ${user.id}) as codes,
                   (select count(*)::int from user_totp where user_id = ${user.id}) as secrets`,
      );
      expect(left[0]).toEqual({ codes: 0, secrets: 0 });
    });

    it('should accept a recovery code instead of a TOTP code', async () => {
      const { user, key, recoveryCodes } = await enrolledUser();
      const response = await disable(key, { password: user.password, code: recoveryCodes[3] });
      expect(response.status).toBe(200);
      expect(await eventsOf(user.id, 'mfa_disabled')).toEqual([{ method: 'recovery_code', detail: {} }]);
    });

    it('should need only the code for an account without a password (Google only)', async () => {
      const { user, key, secret } = await enrolledUser();
      await server.database.db.execute(sql`update users set password_hash = null where id = ${user.id}`);
      const response = await disable(key, { code: codeFor(secret) });
      expect(response.status).toBe(200);
    });

    it('should answer 409 when two-factor is off', async () => {
      const user = await server.createUser();
      const key = await server.loginAs(user);
      const response = await disable(key, { password: user.password, code: '123456' });
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ detail: MFA_MESSAGES.notEnabled });
    });

    it('should answer 403 without a key', async () => {
      const response = await server.api('POST', '/api/auth/mfa/disable/', { body: { code: '123456' } });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ detail: MESSAGES.credentialsMissing });
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
