/** PATCH /api/assign-users-to-strategy/ with addresses typed into the pickers: invitations, placeholders, refusals (spec §3). */
import { INVITE_MESSAGES, MESSAGES } from '@keystone/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { tokenOf, verificationLink, verify } from './helpers/signup';
import { idsOf, initiativeOn, type Member, personOf, type StrategyApi } from './helpers/strategies';
import { teamFixture, typed } from './helpers/teamFixture';
import type { TestServer } from './helpers/testServer';

describe('PATCH /api/assign-users-to-strategy/ with typed addresses', () => {
  const { people, calls } = teamFixture();
  const { twoInitiatives, assign, page, invitedEmails, colleagues, queuedMailsTo } = calls;
  let server: TestServer;
  let strategies: StrategyApi;
  let master: Member;
  let alan: Member;
  let rival: Member;
  beforeAll(() => {
    ({ server, strategies, master, alan, rival } = people);
  });

  it('should invite a typed e-mail, mail a sign-up link and assign a placeholder at once', async () => {
    const { strategy, first } = await twoInitiatives();
    const response = await assign({
      strategy_id: strategy.id,
      initiatives: [{ initiative_id: first, team_members: [typed('ada@acme.com')] }],
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: strategy.id });

    const [placeholder] = initiativeOn(await page(strategy.id), first)!.team_members;
    expect(placeholder).toEqual({ id: expect.any(Number), name: null, email: 'ada@acme.com' });
    expect(await invitedEmails()).toContain('ada@acme.com');
    const invite = (await server.api('GET', '/api/invites/', { token: master.key })).body.find(
      (entry: { email: string }) => entry.email === 'ada@acme.com',
    );
    expect(invite).toMatchObject({ invited_by: master.id, is_accepted: false, accepted_at: null });

    const mail = await server.smtp.waitFor('ada@acme.com', /invited you/);
    expect(mail.subject).toBe('Grace Hopper invited you to Keystone');
    expect(
      mail.links.some((link) => link.startsWith('http://localhost:8000/signup?email=ada%40acme.com&invite=')),
    ).toBe(true);

    // Colleagues list the placeholder after the named people; another organisation never does.
    const people: { name: string | null }[] = await colleagues();
    const nameless = people.slice(people.findIndex((person) => person.name === null));
    expect(nameless.every((person) => person.name === null)).toBe(true);
    expect(nameless).toContainEqual({ id: placeholder!.id, name: null, email: 'ada@acme.com' });
    expect(idsOf(await colleagues(rival.key))).not.toContain(placeholder!.id);
    expect(await invitedEmails(rival.key)).not.toContain('ada@acme.com');
  });

  it('should let the invited person sign up, verify, log in and find the strategy as the same user', async () => {
    const { strategy, first } = await twoInitiatives();
    await strategies.assignOk(master.key, {
      strategy_id: strategy.id,
      initiatives: [{ initiative_id: first, owners: [typed('katherine@acme.com', 1_700_000_000_000)] }],
    });
    const placeholderId = initiativeOn(await page(strategy.id), first)!.owners[0]!.id;
    const invitation = await server.smtp.waitFor('katherine@acme.com', /invited you/);
    const signup = new URL(invitation.links.find((link) => link.includes('/signup'))!);
    const email = signup.searchParams.get('email')!;

    const registration = await server.api('POST', '/api/auth/registration/', {
      body: {
        email,
        password1: 'Good-pass1!',
        password2: 'Good-pass1!',
        first_name: 'Katherine',
        last_name: 'Johnson',
        invite: signup.searchParams.get('invite'),
      },
    });
    expect(registration.status).toBe(201);
    const verification = await server.smtp.waitFor(email, /Confirm your e-mail/);
    const verified = await verify(server, tokenOf(verificationLink(verification)), 'Good-pass1!');
    expect(verified.status).toBe(200);
    const login = await server.api('POST', '/api/auth/login/', { body: { email, password: 'Good-pass1!' } });
    expect(login.status).toBe(200);

    expect(login.body.user_id).toBe(placeholderId);
    expect(await strategies.listedIds(login.body.key)).toEqual([strategy.id]);
    const seen = await page(strategy.id, login.body.key);
    expect(initiativeOn(seen, first)!.owners).toEqual([
      { id: placeholderId, name: 'Katherine Johnson', email: 'katherine@acme.com' },
    ]);
  });

  it('should treat a temporary numeric id as a typed e-mail', async () => {
    const { strategy, first } = await twoInitiatives();
    for (const id of [1_700_000_000_000, Date.now(), 0, -3, 0.5]) {
      const email = `temp${String(id).replace(/\W/g, '')}@acme.com`;
      const response = await assign({
        strategy_id: strategy.id,
        initiatives: [{ initiative_id: first, sponsors: [typed(email, id)] }],
      });
      expect(response.status, `${id}: ${JSON.stringify(response.body)}`).toBe(200);
      expect(initiativeOn(await page(strategy.id), first)!.sponsors).toEqual([
        { id: expect.any(Number), name: null, email },
      ]);
    }
  });

  it('should create one placeholder, one invite and one mail for an address typed twice', async () => {
    const { strategy, first, second } = await twoInitiatives();
    const response = await assign({
      strategy_id: strategy.id,
      strategy_masters: [personOf(master), typed('Hedy@Acme.com ', 1_700_000_000_001)],
      initiatives: [
        { initiative_id: first, owners: [typed('hedy@acme.com')], team_members: [typed(' HEDY@acme.com')] },
        { initiative_id: second, sponsors: [typed('hedy@acme.com', 1_700_000_000_002)] },
      ],
    });
    expect(response.status).toBe(200);
    const after = await page(strategy.id);
    const hedy = after.strategy_masters.find((person) => person.email === 'hedy@acme.com')!;
    expect(hedy).toEqual({ id: expect.any(Number), name: null, email: 'hedy@acme.com' });
    expect(initiativeOn(after, first)!.owners).toEqual([hedy]);
    expect(initiativeOn(after, first)!.team_members).toEqual([hedy]);
    expect(initiativeOn(after, second)!.sponsors).toEqual([hedy]);
    expect((await invitedEmails()).filter((email: string) => email === 'hedy@acme.com')).toHaveLength(1);
    expect(await queuedMailsTo('hedy@acme.com')).toBe(1);

    // Typed again later, it is the same person, invited no second time.
    const { strategy: other, first: otherInitiative } = await twoInitiatives();
    await strategies.assignOk(master.key, {
      strategy_id: other.id,
      initiatives: [{ initiative_id: otherInitiative, team_members: [typed('hedy@acme.com')] }],
    });
    expect(initiativeOn(await page(other.id), otherInitiative)!.team_members).toEqual([hedy]);
    expect(await queuedMailsTo('hedy@acme.com')).toBe(1);
  });

  it('should take a typed e-mail of a colleague as that colleague, in any case, without inviting them', async () => {
    const { strategy, first } = await twoInitiatives();
    await strategies.assignOk(master.key, {
      strategy_id: strategy.id,
      initiatives: [{ initiative_id: first, team_members: [typed(' Alan@ACME.com ', 1_700_000_000_003)] }],
    });
    expect(initiativeOn(await page(strategy.id), first)!.team_members).toEqual([
      { id: alan.id, name: 'Alan Turing', email: 'alan@acme.com' },
    ]);
    expect(await invitedEmails()).not.toContain('alan@acme.com');
    expect(await queuedMailsTo('alan@acme.com')).toBe(0);
  });

  it('should assign someone with a pending invite without inviting them again', async () => {
    const invited = await server.api('POST', '/api/invites/create/', {
      token: master.key,
      body: ['margaret@acme.com'],
    });
    expect(invited.status).toBe(201);
    const { strategy, first } = await twoInitiatives();
    await strategies.assignOk(master.key, {
      strategy_id: strategy.id,
      initiatives: [{ initiative_id: first, owners: [typed('margaret@acme.com')] }],
    });
    expect(initiativeOn(await page(strategy.id), first)!.owners).toEqual([
      { id: expect.any(Number), name: null, email: 'margaret@acme.com' },
    ]);
    expect(await queuedMailsTo('margaret@acme.com')).toBe(1);
  });

  it("should refuse another organisation's member by address, naming no organisation, and create nothing", async () => {
    const { strategy, first } = await twoInitiatives();
    const message = INVITE_MESSAGES.notInvited('boss@rival.com', 'unavailable');
    for (const reference of [
      typed('boss@rival.com'),
      typed('BOSS@rival.com', 1_700_000_000_004),
      // Another organisation's id is not this organisation's person: it goes by its e-mail.
      personOf(rival),
    ]) {
      const response = await assign({
        strategy_id: strategy.id,
        strategy_masters: [personOf(master)],
        initiatives: [
          { initiative_id: first, team_members: [personOf(alan), reference], sponsors: [reference] },
        ],
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        detail: message,
        errors: { 'initiatives.0.team_members': [message], 'initiatives.0.sponsors': [message] },
      });
      // Nothing of the save was made: not Alan, not a placeholder.
      const initiative = initiativeOn(await page(strategy.id), first)!;
      expect(initiative.team_members).toEqual([]);
      expect(initiative.sponsors).toEqual([]);
    }
    // The rival's account is where it was: still theirs, still unable to see this strategy.
    expect(await strategies.listedIds(rival.key)).toEqual([]);
    expect((await server.api('GET', '/api/get-user-details/', { token: rival.key })).body.email).toBe(
      'boss@rival.com',
    );
    // No invitation, no placeholder among the colleagues, no mail.
    expect(await invitedEmails()).not.toContain('boss@rival.com');
    expect((await colleagues()).map((person: { email: string }) => person.email)).not.toContain(
      'boss@rival.com',
    );
    expect(await queuedMailsTo('boss@rival.com')).toBe(0);
  });

  it("should refuse an invalid e-mail with 'Invalid email address'", async () => {
    const { strategy, first } = await twoInitiatives();
    for (const email of ['not an email', '', 'a@b', '<script>@x.com']) {
      const response = await assign({
        strategy_id: strategy.id,
        initiatives: [{ initiative_id: first, sponsors: [typed(email, 1_700_000_000_005)] }],
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        detail: MESSAGES.invalidEmail,
        errors: { 'initiatives.0.sponsors': [MESSAGES.invalidEmail] },
      });
    }
    expect(await page(strategy.id)).toEqual(strategy);
  });
});
