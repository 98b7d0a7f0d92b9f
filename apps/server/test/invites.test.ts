import { INVITE_MESSAGES, MESSAGES } from '@keystone/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMails } from '../src/db/schema';
import { inviteTokenFromMail, tokenOf, verificationLink, verify } from './helpers/signup';
import { getTestServer, type TestServer, type TestUser } from './helpers/testServer';

describe('invites', () => {
  let server: TestServer;
  let inviter: TestUser;
  let key: string;
  let rival: TestUser;
  let rivalKey: string;
  beforeAll(async () => {
    server = await getTestServer();
    inviter = await server.createUser({ email: 'grace@acme.com', firstName: 'Grace', lastName: 'Hopper' });
    rival = await server.createUser({ email: 'boss@rival.com' });
    key = await server.loginAs(inviter);
    rivalKey = await server.loginAs(rival);
  });
  afterAll(() => server.close());

  const create = (body: unknown, token = key) => server.api('POST', '/api/invites/create/', { token, body });
  const list = (token = key) => server.api('GET', '/api/invites/', { token });
  const queuedMailsTo = async (email: string) =>
    (await server.database.db.select().from(outboxMails).where(eq(outboxMails.recipient, email))).length;

  describe('POST /api/invites/create/', () => {
    it('should invite each address of a JSON array and mail each a sign-up link', async () => {
      const response = await create(['alan@acme.com', ' Edsger@Acme.com ']);
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        detail: MESSAGES.invitesUpdated,
        invited: ['alan@acme.com', 'edsger@acme.com'],
        skipped: [],
        not_invited: [],
      });

      for (const email of ['alan@acme.com', 'edsger@acme.com']) {
        const mail = await server.smtp.waitFor(email, /invited you/);
        expect(mail.subject).toBe('Grace Hopper invited you to Keystone');
        const link = new URL(mail.links.find((candidate) => candidate.includes('/signup'))!);
        expect(`${link.origin}${link.pathname}`).toBe('http://localhost:8000/signup');
        expect(link.searchParams.get('email')).toBe(email);
        // The invitation's own token: signing up through it joins this organisation.
        expect(link.searchParams.get('invite')).toMatch(/^[\w-]{40,}$/);
      }
    });

    it('should accept the {emails} form', async () => {
      const response = await create({ emails: ['barbara@acme.com'] });
      expect(response.status).toBe(201);
      expect(response.body.invited).toEqual(['barbara@acme.com']);
    });

    it('should refuse a list with an invalid entry and create nothing', async () => {
      const before = await list();
      const response = await create(['valid@acme.com', 'not an email']);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        detail: MESSAGES.invalidEmail,
        errors: { '1': [MESSAGES.invalidEmail] },
      });
      expect((await list()).body).toEqual(before.body);
      expect(await queuedMailsTo('valid@acme.com')).toBe(0);
    });

    it('should refuse an empty list with "Invalid email address"', async () => {
      const response = await create([]);
      expect(response.status).toBe(400);
      expect(response.body.detail).toBe(MESSAGES.invalidEmail);
    });

    it('should skip existing users and pending invites without a second mail', async () => {
      const colleague = await server.createUser({
        email: 'linus@acme.com',
        organisationId: inviter.organisationId,
      });
      const response = await create(['alan@acme.com', colleague.email, 'ken@acme.com', 'KEN@acme.com']);
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        detail: MESSAGES.invitesUpdated,
        invited: ['ken@acme.com'],
        skipped: ['alan@acme.com', 'linus@acme.com'],
        not_invited: [
          { email: 'alan@acme.com', reason: 'invited' },
          { email: 'linus@acme.com', reason: 'member' },
        ],
      });
      expect(await queuedMailsTo('alan@acme.com')).toBe(1);
      expect(await queuedMailsTo('linus@acme.com')).toBe(0);
      expect(await queuedMailsTo('ken@acme.com')).toBe(1);
      const emails = (await list()).body.map((invite: { email: string }) => invite.email);
      expect(emails.filter((email: string) => email === 'alan@acme.com')).toHaveLength(1);
    });

    it('should not say invites were updated when nobody was invited, and say why for each address', async () => {
      const response = await create(['alan@acme.com', 'Linus@acme.com']);
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        detail: INVITE_MESSAGES.noneInvited,
        invited: [],
        skipped: ['alan@acme.com', 'linus@acme.com'],
        not_invited: [
          { email: 'alan@acme.com', reason: 'invited' },
          { email: 'linus@acme.com', reason: 'member' },
        ],
      });
    });

    it('should answer another organisation as for any new address, without touching the first invitation', async () => {
      const response = await create(['alan@acme.com'], rivalKey);
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        detail: MESSAGES.invitesUpdated,
        invited: ['alan@acme.com'],
        skipped: [],
        not_invited: [],
      });
      expect((await list(rivalKey)).body.map((invite: { email: string }) => invite.email)).toEqual([
        'alan@acme.com',
      ]);
      const ours = (await list()).body.find((invite: { email: string }) => invite.email === 'alan@acme.com');
      expect(ours).toMatchObject({ invited_by: inviter.id, is_accepted: false });
    });

    it('should answer 403 without a key', async () => {
      const response = await server.api('POST', '/api/invites/create/', { body: ['x@acme.com'] });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ detail: MESSAGES.credentialsMissing });
    });
  });

  describe('GET /api/invites/', () => {
    it("should list only the caller's organisation's invites, newest first", async () => {
      await create(['dennis@rival.com'], rivalKey);
      const response = await list();
      // The rival's own invitation of alan@acme.com (test above) is in the rival's list only.
      expect(response.status).toBe(200);
      expect(response.body.map((invite: { email: string }) => invite.email)).toEqual([
        'ken@acme.com',
        'barbara@acme.com',
        'edsger@acme.com',
        'alan@acme.com',
      ]);
      expect(response.body[0]).toEqual({
        id: expect.any(Number),
        email: 'ken@acme.com',
        invited_by: inviter.id,
        is_accepted: false,
        accepted_at: null,
        created_at: expect.any(String),
        last_sent_at: expect.any(String),
      });
      const rivals = await list(rivalKey);
      expect(rivals.body.map((invite: { email: string }) => invite.email)).toEqual([
        'dennis@rival.com',
        'alan@acme.com',
      ]);
    });

    it('should answer 403 without a key', async () => {
      const response = await server.api('GET', '/api/invites/');
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ detail: MESSAGES.credentialsMissing });
    });
  });

  describe('accepting an invite', () => {
    it("should let the invitee register into the inviter's organisation", async () => {
      const email = 'barbara@acme.com';
      const registration = await server.api('POST', '/api/auth/registration/', {
        body: {
          email,
          password1: 'Good-pass1!',
          password2: 'Good-pass1!',
          first_name: 'Barbara',
          last_name: 'Liskov',
          invite: await inviteTokenFromMail(server, email),
        },
      });
      expect(registration.status).toBe(201);

      const mail = await server.smtp.waitFor(email, /Confirm your e-mail/);
      const verified = await verify(server, tokenOf(verificationLink(mail)), 'Good-pass1!');
      expect(verified.status).toBe(200);
      const login = await server.api('POST', '/api/auth/login/', {
        body: { email, password: 'Good-pass1!' },
      });
      expect(login.status).toBe(200);

      const colleagues = await server.api('GET', '/api/users/', { token: key });
      expect(colleagues.body).toContainEqual({ id: login.body.user_id, name: 'Barbara Liskov', email });
      const rivals = await server.api('GET', '/api/users/', { token: rivalKey });
      expect(rivals.body.map((user: { email: string }) => user.email)).not.toContain(email);

      const invite = (await list()).body.find((entry: { email: string }) => entry.email === email);
      expect(invite).toMatchObject({ is_accepted: true, accepted_at: expect.any(String) });
    });
  });
});
