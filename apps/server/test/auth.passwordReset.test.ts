import { MESSAGES } from '@keystone/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeTokens, outboxMails } from '../src/db/schema';
import { getTestServer, type TestServer, type TestUser } from './helpers/testServer';

const RESET_LINK = /^http:\/\/localhost:8000\/reset-password\/([^/?#]+)\/([^/?#]+)$/;
const NEW_PASSWORD = 'Fresh-start7!';

interface ResetLink {
  uid: string;
  token: string;
}

describe('password reset', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await getTestServer();
  });
  afterAll(() => server.close());

  /** Waits until `count` reset mails reached `email` and returns the link of the last one. */
  async function resetMail(email: string, count = 1): Promise<ResetLink> {
    const deadline = Date.now() + 10_000;
    while (server.smtp.mailsTo(email).length < count) {
      if (Date.now() > deadline) throw new Error(`fewer than ${count} mails to ${email}`);
      await server.smtp.waitFor(email, /Reset your Keystone password/, 10_000);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const mail = server.smtp.mailsTo(email)[count - 1]!;
    expect(mail.subject).toBe('Reset your Keystone password');
    const link = mail.links.find((candidate) => candidate.includes('/reset-password/'));
    const match = RESET_LINK.exec(link ?? '');
    if (!match) throw new Error(`no reset link in ${JSON.stringify(mail.links)}`);
    return { uid: match[1]!, token: match[2]! };
  }

  const askForReset = (email: string) => server.api('POST', '/api/auth/password/reset/', { body: { email } });

  const confirm = (link: ResetLink, password = NEW_PASSWORD, repeat = password) =>
    server.api('POST', `/api/auth/password/reset/confirm/${link.uid}/${link.token}/`, {
      body: { uid: link.uid, token: link.token, new_password1: password, new_password2: repeat },
    });

  const loginStatus = async (user: TestUser, password: string) =>
    (await server.api('POST', '/api/auth/login/', { body: { email: user.email, password } })).status;

  describe('POST /api/auth/password/reset/', () => {
    it('should answer the same for known and unknown e-mails, and mail only the known one', async () => {
      const user = await server.createUser({ email: 'known@example.com' });
      const known = await askForReset(user.email);
      const unknown = await askForReset('unknown@example.com');
      expect(known.status).toBe(200);
      expect(known.body).toEqual({ detail: MESSAGES.passwordResetSent });
      expect(unknown.status).toBe(200);
      expect(unknown.body).toEqual(known.body);

      const link = await resetMail(user.email);
      expect(link.uid).not.toBe('');
      expect(server.smtp.mailsTo('unknown@example.com')).toEqual([]);
      const queued = await server.database.db
        .select()
        .from(outboxMails)
        .where(eq(outboxMails.recipient, 'unknown@example.com'));
      expect(queued).toEqual([]);
    });

    it('should find the account whatever the case of the e-mail', async () => {
      const user = await server.createUser({ email: 'mixed@example.com' });
      expect((await askForReset('  MIXED@Example.com ')).status).toBe(200);
      await resetMail(user.email);
    });

    it('should refuse an invalid e-mail with "Invalid email address"', async () => {
      const response = await askForReset('not-an-email');
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        detail: MESSAGES.invalidEmail,
        errors: { email: [MESSAGES.invalidEmail] },
      });
    });

    it('should make a link that lasts 24 hours', async () => {
      const user = await server.createUser();
      await askForReset(user.email);
      await resetMail(user.email);
      const [row] = await server.database.db
        .select()
        .from(oneTimeTokens)
        .where(and(eq(oneTimeTokens.userId, user.id), eq(oneTimeTokens.purpose, 'reset_password')));
      const lifetimeMs = row!.expiresAt.getTime() - row!.createdAt.getTime();
      expect(Math.abs(lifetimeMs - 24 * 60 * 60 * 1000)).toBeLessThan(60_000);
    });
  });

  describe('POST /api/auth/password/reset/confirm/{uid}/{token}/', () => {
    it('should set the new password, refuse the old one and end every session', async () => {
      const user = await server.createUser();
      const key = await server.loginAs(user);
      await askForReset(user.email);
      const link = await resetMail(user.email);

      const response = await confirm(link);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ detail: MESSAGES.passwordResetDone });

      expect(await loginStatus(user, NEW_PASSWORD)).toBe(200);
      expect(await loginStatus(user, user.password)).toBe(400);
      const old = await server.api('GET', '/api/get-user-details/', { token: key });
      expect(old.status).toBe(403);
      expect(old.body).toEqual({ detail: MESSAGES.invalidToken });
    });

    it('should count following the mailed link as verifying the address', async () => {
      const user = await server.createUser({ verified: false });
      await askForReset(user.email);
      expect((await confirm(await resetMail(user.email))).status).toBe(200);
      expect(await loginStatus(user, NEW_PASSWORD)).toBe(200);
    });

    it('should accept the link only once', async () => {
      const user = await server.createUser();
      await askForReset(user.email);
      const link = await resetMail(user.email);
      expect((await confirm(link)).status).toBe(200);

      const second = await confirm(link, 'Another-pass2!');
      expect(second.status).toBe(400);
      expect(second.body).toEqual({ detail: MESSAGES.resetLinkInvalid });
      expect(await loginStatus(user, NEW_PASSWORD)).toBe(200);
    });

    it('should refuse a link older than 24 hours', async () => {
      const user = await server.createUser();
      await askForReset(user.email);
      const link = await resetMail(user.email);
      await server.database.db
        .update(oneTimeTokens)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(oneTimeTokens.userId, user.id));

      const response = await confirm(link);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ detail: MESSAGES.resetLinkInvalid });
      expect(await loginStatus(user, user.password)).toBe(200);
    });

    it('should void the other links once one is used', async () => {
      const user = await server.createUser();
      await askForReset(user.email);
      await askForReset(user.email);
      const first = await resetMail(user.email, 1);
      const second = await resetMail(user.email, 2);
      expect(second.token).not.toBe(first.token);

      expect((await confirm(second)).status).toBe(200);
      const stale = await confirm(first, 'Another-pass2!');
      expect(stale.status).toBe(400);
      expect(stale.body).toEqual({ detail: MESSAGES.resetLinkInvalid });
      expect(await loginStatus(user, NEW_PASSWORD)).toBe(200);
    });

    it('should enforce the password rules and "Passwords must match" without using the link', async () => {
      const user = await server.createUser();
      await askForReset(user.email);
      const link = await resetMail(user.email);

      const weak = await confirm(link, 'weakpass');
      expect(weak.status).toBe(400);
      expect(weak.body).toEqual({
        detail: MESSAGES.passwordUppercase,
        errors: {
          new_password1: [MESSAGES.passwordUppercase, MESSAGES.passwordNumber, MESSAGES.passwordSpecial],
        },
      });

      const short = await confirm(link, 'Aa1!');
      expect(short.body.errors.new_password1).toEqual([MESSAGES.passwordMinLength]);

      const mismatch = await confirm(link, NEW_PASSWORD, 'Fresh-start8!');
      expect(mismatch.status).toBe(400);
      expect(mismatch.body).toEqual({
        detail: MESSAGES.passwordsMustMatch,
        errors: { new_password2: [MESSAGES.passwordsMustMatch] },
      });

      expect((await confirm(link)).status).toBe(200);
    });

    it('should refuse a bad uid or token with the invalid-link message', async () => {
      const user = await server.createUser();
      const other = await server.createUser();
      await askForReset(user.email);
      const link = await resetMail(user.email);
      const otherUid = Buffer.from(String(other.id)).toString('base64url');

      for (const bad of [
        { uid: link.uid, token: 'garbage' },
        { uid: link.uid, token: `${link.token}x` },
        { uid: otherUid, token: link.token },
        { uid: 'not-a-uid', token: link.token },
        { uid: Buffer.from('0').toString('base64url'), token: link.token },
        { uid: Buffer.from('99999999999').toString('base64url'), token: link.token },
      ]) {
        const response = await confirm(bad);
        expect(response.status, JSON.stringify(bad)).toBe(400);
        expect(response.body).toEqual({ detail: MESSAGES.resetLinkInvalid });
      }
      expect(await loginStatus(other, other.password)).toBe(200);
      expect((await confirm(link)).status).toBe(200);
    });
  });
});
