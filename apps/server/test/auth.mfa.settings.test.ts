import { MESSAGES, MFA_MESSAGES } from '@keystone/contract';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoveryCodes as recoveryCodeRows, userTotp } from '../src/db/schema';
import { codeFor, mfaCalls, RECOVERY_CODE } from './helpers/mfa';
import { getTestServer, type TestServer } from './helpers/testServer';

describe('two-factor settings', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await getTestServer();
  });
  afterAll(() => server.close());
  const { status, setup, confirm, disable, passwordLogin, enrolledUser, eventsOf } = mfaCalls(() => server);

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
      const stored = await server.database.db
        .select({ codeHash: recoveryCodeRows.codeHash })
        .from(recoveryCodeRows)
        .where(eq(recoveryCodeRows.userId, user.id));
      const hashes = JSON.stringify(stored);
      // A password hash (argon2id with its own salt): a 50-bit code cannot be found by trying all.
      expect(stored.every((row) => row.codeHash.startsWith('$argon2id$'))).toBe(true);
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
      const db = server.database.db;
      const [codes] = await db
        .select({ n: count() })
        .from(recoveryCodeRows)
        .where(eq(recoveryCodeRows.userId, user.id));
      const [secrets] = await db.select({ n: count() }).from(userTotp).where(eq(userTotp.userId, user.id));
      expect({ codes: codes?.n, secrets: secrets?.n }).toEqual({ codes: 0, secrets: 0 });
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
