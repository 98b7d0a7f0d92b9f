/**
 * Issue 14: invitations belong to one organisation. Two organisations inviting one address each
 * get their own invitation; the sign-up link decides where the person lands; nothing answered to
 * one organisation tells it about the other.
 */
import {
  INVITE_MESSAGES,
  LIMITS,
  MESSAGES,
  NAME_NOT_ALLOWED,
  ORGANISATION_MESSAGES,
} from '@keystone/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReceivedMail } from '../../../testing/smtp';
import { invites, organisations, securityEvents, users } from '../src/db/schema';
import { tokenOf, verificationLink, verify } from './helpers/signup';
import { getTestServer, type TestServer, type TestUser } from './helpers/testServer';

const PASSWORD = 'Quartz-lantern8?';

describe('invitations per organisation', () => {
  let server: TestServer;
  let acme: TestUser & { key: string };
  let rival: TestUser & { key: string };
  beforeAll(async () => {
    server = await getTestServer();
    const acmeAdmin = await server.createUser({
      email: 'grace@acme.test',
      firstName: 'Grace',
      isAdmin: true,
    });
    const rivalAdmin = await server.createUser({
      email: 'boss@rival.test',
      firstName: 'Rita',
      isAdmin: true,
    });
    acme = { ...acmeAdmin, key: await server.loginAs(acmeAdmin) };
    rival = { ...rivalAdmin, key: await server.loginAs(rivalAdmin) };
  });
  afterAll(() => server.close());

  const invite = (who: { key: string }, emails: string[]) =>
    server.api('POST', '/api/invites/create/', { token: who.key, body: emails });
  const inviteLink = async (email: string, from: RegExp = /invited you/, count = 1): Promise<URL> => {
    const deadline = Date.now() + 10_000;
    let mails: ReceivedMail[] = [];
    while (Date.now() < deadline) {
      mails = server.smtp.mailsTo(email).filter((mail) => from.test(mail.subject));
      if (mails.length >= count) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const mail = mails[count - 1];
    if (!mail) throw new Error(`no invitation mail #${count} to ${email}`);
    return new URL(mail.links.find((link) => link.includes('/signup'))!);
  };
  const register = (email: string, inviteToken?: string | null, names = { first: 'Nia', last: 'Newcomer' }) =>
    server.api('POST', '/api/auth/registration/', {
      body: {
        email,
        password1: PASSWORD,
        password2: PASSWORD,
        first_name: names.first,
        last_name: names.last,
        ...(inviteToken && { invite: inviteToken }),
      },
    });
  /** Signs up (through the link's token when given), verifies from the mail, logs in: the new key. */
  const join = async (email: string, inviteToken?: string | null): Promise<string> => {
    const before = server.smtp
      .mailsTo(email)
      .filter((mail) => /Confirm your e-mail/.test(mail.subject)).length;
    const response = await register(email, inviteToken);
    expect(response.status).toBe(201);
    const mail = await (async () => {
      for (let tries = 0; tries < 200; tries += 1) {
        const mails = server.smtp.mailsTo(email).filter((m) => /Confirm your e-mail/.test(m.subject));
        if (mails.length > before) return mails[mails.length - 1]!;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('no verification mail');
    })();
    expect((await verify(server, tokenOf(verificationLink(mail)), PASSWORD)).status).toBe(200);
    const login = await server.api('POST', '/api/auth/login/', { body: { email, password: PASSWORD } });
    expect(login.status).toBe(200);
    return login.body.key as string;
  };
  const organisationOf = async (email: string) => {
    const [row] = await server.database.db
      .select({ organisationId: users.organisationId, isAdmin: users.isAdmin })
      .from(users)
      .where(and(eq(users.email, email), eq(users.isPlaceholder, false)));
    return row;
  };
  const pending = async (who: { key: string }) =>
    (await server.api('GET', '/api/invites/', { token: who.key })).body as {
      id: number;
      email: string;
      is_accepted: boolean;
    }[];

  it('lands the person in the organisation whose link they follow, and tells the other nothing', async () => {
    const email = 'dual@elsewhere.test';
    expect((await invite(acme, [email])).body).toMatchObject({ invited: [email], skipped: [] });
    const acmeLink = await inviteLink(email);
    // The rival's answer is the one any new address gets.
    expect((await invite(rival, [email])).body).toMatchObject({ invited: [email], skipped: [] });
    const rivalLink = await inviteLink(email, /invited you/, 2);
    expect(rivalLink.searchParams.get('invite')).not.toBe(acmeLink.searchParams.get('invite'));

    // Without a link's token nobody signs up, whoever invited the address.
    const unclear = await register(email);
    expect(unclear.status).toBe(403);
    expect(unclear.body).toEqual({ detail: MESSAGES.inviteOnly });

    await join(email, acmeLink.searchParams.get('invite'));
    expect((await organisationOf(email))?.organisationId).toBe(acme.organisationId);
    expect((await pending(acme)).find((row) => row.email === email)?.is_accepted).toBe(true);
    // The rival's invitation can never be accepted now: it is no longer listed as pending.
    expect((await pending(rival)).find((row) => row.email === email)).toBeUndefined();
    // The rival's link can no longer make a second account.
    const again = await register(email, rivalLink.searchParams.get('invite'));
    expect(again.status).toBe(400);
  });

  it("follows the rival's link into the rival's organisation", async () => {
    const email = 'chooser@elsewhere.test';
    await invite(acme, [email]);
    await invite(rival, [email]);
    const rivalLink = await inviteLink(email, /invited you/, 2);
    await join(email, rivalLink.searchParams.get('invite'));
    expect((await organisationOf(email))?.organisationId).toBe(rival.organisationId);
  });

  it("refuses a sign-up without the link's token even when one organisation invited the address", async () => {
    const email = 'single@elsewhere.test';
    await invite(rival, [email]);
    const withoutLink = await register(email);
    expect(withoutLink.status).toBe(403);
    expect(withoutLink.body).toEqual({ detail: MESSAGES.inviteOnly });
    await join(email, (await inviteLink(email)).searchParams.get('invite'));
    expect((await organisationOf(email))?.organisationId).toBe(rival.organisationId);
  });

  it("refuses a link's token for another address, and a made-up token", async () => {
    await invite(acme, ['owner-of-link@elsewhere.test']);
    const link = await inviteLink('owner-of-link@elsewhere.test');
    const other = await register('someone-else@elsewhere.test', link.searchParams.get('invite'));
    expect(other.status).toBe(400);
    expect(other.body.detail).toBe(ORGANISATION_MESSAGES.inviteLinkOtherAddress);
    const madeUp = await register('owner-of-link@elsewhere.test', 'x'.repeat(43));
    expect(madeUp.status).toBe(400);
    expect(madeUp.body.detail).toBe(ORGANISATION_MESSAGES.inviteLinkInvalid);
  });

  it('says which addresses cannot join (an account elsewhere) without naming where, and lists no pending row for them', async () => {
    const response = await invite(rival, ['grace@acme.test', 'boss@rival.test', 'dual@elsewhere.test']);
    expect(response.status).toBe(201);
    // dual@ joined acme through its link, after the rival had invited it too: it cannot join now.
    expect(response.body).toEqual({
      detail: INVITE_MESSAGES.noneInvited,
      invited: [],
      skipped: ['grace@acme.test', 'boss@rival.test', 'dual@elsewhere.test'],
      not_invited: [
        { email: 'grace@acme.test', reason: 'unavailable' },
        { email: 'boss@rival.test', reason: 'member' },
        { email: 'dual@elsewhere.test', reason: 'unavailable' },
      ],
    });
    // The words name no organisation.
    const words = INVITE_MESSAGES.notInvited('grace@acme.test', 'unavailable');
    expect(words).toBe(
      'grace@acme.test was not invited: this address cannot join your organisation. Ask the person for another address.',
    );
    expect(words).not.toMatch(/acme corp|rival/i);
    // No pending row: neither new, nor the one the rival made before dual@ joined acme.
    const listed = (await pending(rival)).map((row) => row.email);
    expect(listed).not.toContain('grace@acme.test');
    expect(listed).not.toContain('dual@elsewhere.test');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.smtp.mailsTo('grace@acme.test').filter((mail) => /invited you/.test(mail.subject))).toEqual(
      [],
    );
    expect((await organisationOf('grace@acme.test'))?.organisationId).toBe(acme.organisationId);
    // The attempt is in the rival's security log, by its inviter.
    const refused = await server.database.db
      .select()
      .from(securityEvents)
      .where(
        and(
          eq(securityEvents.kind, 'invite_refused'),
          eq(securityEvents.organisationId, rival.organisationId),
        ),
      );
    expect(refused.map((event) => event.detail)).toEqual(
      expect.arrayContaining([{ email: 'grace@acme.test' }, { email: 'dual@elsewhere.test' }]),
    );
    // Resending the rival's old invitation to dual@ cannot mail a link that would never work.
    const [old] = await server.database.db
      .select({ id: invites.id })
      .from(invites)
      .where(and(eq(invites.email, 'dual@elsewhere.test'), eq(invites.organisationId, rival.organisationId)));
    const dayAgo = new Date(Date.now() - 86_400_000);
    await server.database.db.update(invites).set({ lastSentAt: dayAgo }).where(eq(invites.id, old!.id));
    const resend = await server.api('POST', `/api/invites/${old!.id}/resend/`, { token: rival.key });
    expect(resend.status).toBe(409);
    expect(resend.body.detail).toBe(INVITE_MESSAGES.notInvited('dual@elsewhere.test', 'unavailable'));
  });

  it('makes the first person to join an organisation made by the CLI its administrator, and nobody after', async () => {
    const [created] = await server.database.db
      .insert(organisations)
      .values({ name: 'Fresh Co' })
      .returning({ id: organisations.id });
    await server.invite('first@fresh.test', created!.id);
    await server.invite('second@fresh.test', created!.id);
    await join('first@fresh.test', server.inviteTokens.get('first@fresh.test'));
    await join('second@fresh.test', server.inviteTokens.get('second@fresh.test'));
    expect((await organisationOf('first@fresh.test'))?.isAdmin).toBe(true);
    expect((await organisationOf('second@fresh.test'))?.isAdmin).toBe(false);
  });

  describe('revoke and resend', () => {
    let member: TestUser & { key: string };
    beforeAll(async () => {
      const user = await server.createUser({ email: 'plain@acme.test', organisationId: acme.organisationId });
      member = { ...user, key: await server.loginAs(user) };
    });
    const idOf = async (email: string, who = acme) =>
      (await pending(who)).find((row) => row.email === email)!.id;

    it('revokes: the link stops working, a sign-up waiting for verification is void, the log says who', async () => {
      const email = 'revoked@elsewhere.test';
      await invite(acme, [email]);
      const link = await inviteLink(email);
      expect((await register(email, link.searchParams.get('invite'))).status).toBe(201);
      const mail = await server.smtp.waitFor(email, /Confirm your e-mail/);

      const revoked = await server.api('DELETE', `/api/invites/${await idOf(email)}/`, { token: acme.key });
      expect(revoked.status).toBe(200);
      expect(revoked.body).toEqual({ detail: ORGANISATION_MESSAGES.inviteRevoked });
      expect((await pending(acme)).map((row) => row.email)).not.toContain(email);
      expect((await verify(server, tokenOf(verificationLink(mail)), PASSWORD)).status).toBe(400);
      const retry = await register(email, link.searchParams.get('invite'));
      expect(retry.status).toBe(400);
      expect(retry.body.detail).toBe(ORGANISATION_MESSAGES.inviteLinkInvalid);
      const [event] = await server.database.db
        .select()
        .from(securityEvents)
        .where(eq(securityEvents.kind, 'invite_revoked'));
      expect(event).toMatchObject({
        actorId: acme.id,
        organisationId: acme.organisationId,
        detail: { email },
      });
    });

    it('answers 403 to members who are not administrators, 404 to other organisations, 409 when accepted', async () => {
      await invite(acme, ['guarded@elsewhere.test']);
      const id = await idOf('guarded@elsewhere.test');
      for (const [method, path] of [
        ['DELETE', `/api/invites/${id}/`],
        ['POST', `/api/invites/${id}/resend/`],
      ] as const) {
        const byMember = await server.api(method, path, { token: member.key });
        expect(byMember.status).toBe(403);
        expect(byMember.body).toEqual({ detail: ORGANISATION_MESSAGES.adminsOnly });
        const byRival = await server.api(method, path, { token: rival.key });
        expect(byRival.status).toBe(404);
        expect(byRival.body).toEqual({ detail: ORGANISATION_MESSAGES.inviteNotFound });
        expect((await server.api(method, '/api/invites/999999/', { token: acme.key })).status).toBe(404);
      }
      const acceptedId = await idOf('dual@elsewhere.test');
      const accepted = await server.api('DELETE', `/api/invites/${acceptedId}/`, { token: acme.key });
      expect(accepted.status).toBe(409);
      expect(accepted.body.detail).toBe(ORGANISATION_MESSAGES.inviteAlreadyAccepted);
      expect((await pending(acme)).map((row) => row.email)).toContain('guarded@elsewhere.test');
    });

    it('resends with a new link (the old one stops working), but not twice within minutes', async () => {
      const email = 'resent@elsewhere.test';
      await invite(acme, [email]);
      const first = await inviteLink(email);
      const id = await idOf(email);
      const tooSoon = await server.api('POST', `/api/invites/${id}/resend/`, { token: acme.key });
      expect(tooSoon.status).toBe(409);
      expect(tooSoon.body.detail).toBe(ORGANISATION_MESSAGES.inviteResendTooSoon);

      const earlier = new Date(Date.now() - (LIMITS.inviteResendMinutes + 1) * 60_000);
      await server.database.db.update(invites).set({ lastSentAt: earlier }).where(eq(invites.id, id));
      const resent = await server.api('POST', `/api/invites/${id}/resend/`, { token: acme.key });
      expect(resent.status).toBe(200);
      expect(resent.body).toEqual({ detail: ORGANISATION_MESSAGES.inviteResent });
      const second = await inviteLink(email, /invited you/, 2);
      expect(second.searchParams.get('invite')).not.toBe(first.searchParams.get('invite'));
      expect((await register(email, first.searchParams.get('invite'))).status).toBe(400);
      await join(email, second.searchParams.get('invite'));
      expect((await organisationOf(email))?.organisationId).toBe(acme.organisationId);
    });
  });

  describe('abuse', () => {
    it("refuses the sender's quota with 429, counting the last 24 hours only", async () => {
      const sender = await server.createUser({ organisationId: rival.organisationId });
      const key = await server.loginAs(sender);
      const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3_600_000);
      const event = (createdAt: Date) => ({
        kind: 'invite_created',
        actorId: sender.id,
        organisationId: rival.organisationId,
        createdAt,
      });
      await server.database.db
        .insert(securityEvents)
        .values([
          ...Array.from({ length: LIMITS.invitesPerUserPerDay - 1 }, () => event(at(1))),
          event(at(25)),
        ]);
      const over = await invite({ key }, ['q1@quota.test', 'q2@quota.test']);
      expect(over.status).toBe(429);
      expect(over.body.detail).toBe(ORGANISATION_MESSAGES.inviteQuotaUser);
      expect((await pending(rival)).map((row) => row.email)).not.toContain('q1@quota.test');
      expect((await invite({ key }, ['q1@quota.test'])).status).toBe(201);
      expect((await invite({ key }, ['q3@quota.test'])).status).toBe(429);
    });

    it("refuses the organisation's quota with 429", async () => {
      const organisationId = await server.createOrganisation();
      const admin = await server.createUser({ organisationId, isAdmin: true });
      const key = await server.loginAs(admin);
      await server.database.db.insert(securityEvents).values(
        Array.from({ length: LIMITS.invitesPerOrganisationPerDay }, () => ({
          kind: 'invite_resent',
          organisationId,
        })),
      );
      const response = await invite({ key }, ['o1@quota.test']);
      expect(response.status).toBe(429);
      expect(response.body.detail).toBe(ORGANISATION_MESSAGES.inviteQuotaOrganisation);
    });

    it('lets only administrators invite new people when the organisation says so, on team pages too', async () => {
      const organisationId = await server.createOrganisation();
      const admin = await server.createUser({ organisationId, isAdmin: true });
      const colleague = await server.createUser({ organisationId });
      const adminKey = await server.loginAs(admin);
      const colleagueKey = await server.loginAs(colleague);
      await server.database.db
        .update(organisations)
        .set({ onlyAdminsInvite: true })
        .where(eq(organisations.id, organisationId));

      const refused = await invite({ key: colleagueKey }, ['new@closed.test']);
      expect(refused.status).toBe(403);
      expect(refused.body.detail).toBe(ORGANISATION_MESSAGES.onlyAdminsInvite);
      expect((await invite({ key: adminKey }, ['new@closed.test'])).status).toBe(201);
      // An address already invited is no new person: the colleague may name it.
      expect((await invite({ key: colleagueKey }, ['new@closed.test'])).body.skipped).toEqual([
        'new@closed.test',
      ]);

      const created = await server.api('POST', '/api/strategy/create/', { token: colleagueKey, body: {} });
      const strategy = created.body as { id: number; focus_areas: { initiatives: { id: number }[] }[] };
      const assign = (email: string) =>
        server.api('PATCH', '/api/assign-users-to-strategy/', {
          token: colleagueKey,
          body: {
            strategy_id: strategy.id,
            initiatives: [
              {
                initiative_id: strategy.focus_areas[0]!.initiatives[0]!.id,
                team_members: [{ id: null, email }],
              },
            ],
          },
        });
      const typed = await assign('stranger@closed.test');
      expect(typed.status).toBe(403);
      expect(typed.body.detail).toBe(ORGANISATION_MESSAGES.onlyAdminsInvite);
      expect((await assign('new@closed.test')).status).toBe(200);
    });

    it('keeps link-like or multi-line names out of invitation mails, and refuses them at sign-up', async () => {
      const organisationId = await server.createOrganisation();
      const sender = await server.createUser({
        organisationId,
        firstName: 'Visit',
        lastName: 'www.evil.test',
      });
      await server.database.db
        .update(organisations)
        .set({ name: 'Acme\nClick evil.test' })
        .where(eq(organisations.id, organisationId));
      await invite({ key: await server.loginAs(sender) }, ['target@names.test']);
      const mail = await server.smtp.waitFor('target@names.test', /invited you/);
      expect(mail.subject).toBe('A colleague invited you to Keystone');
      expect(mail.text).toContain('A colleague invited you to join their organisation on Keystone');
      expect(mail.text).not.toContain('evil');

      for (const first_name of ['Eve\nBcc: x@y.test', 'see https://evil.test']) {
        const response = await server.api('POST', '/api/auth/registration/', {
          body: {
            email: 'target@names.test',
            password1: PASSWORD,
            password2: PASSWORD,
            first_name,
            last_name: 'X',
          },
        });
        expect(response.status).toBe(400);
        expect(response.body.errors.first_name).toEqual([NAME_NOT_ALLOWED]);
      }
    });
  });

  it('never lets a placeholder row be found as an account', async () => {
    // acme put someone on a strategy before they signed up anywhere: a placeholder, not an account.
    await server.database.db
      .insert(users)
      .values({ email: 'ghost@elsewhere.test', organisationId: acme.organisationId, isPlaceholder: true });
    const reset = await server.api('POST', '/api/auth/password/reset/', {
      body: { email: 'ghost@elsewhere.test' },
    });
    expect(reset.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.smtp.mailsTo('ghost@elsewhere.test')).toEqual([]);
    const [count] = await server.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.email, 'ghost@elsewhere.test'));
    expect(count?.n).toBe(1);
  });
});
