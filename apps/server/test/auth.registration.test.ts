import { MESSAGES } from '@keystone/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invites, pendingSignups, securityEvents, users } from '../src/db/schema';
import { maskSecrets } from '../src/http/logging';
import { pendingSignupPasswordMatches } from '../src/modules/auth/signup';
import { nthVerificationMail, signUp, tokenOf, verificationLink, verify } from './helpers/signup';
import { getTestServer, type TestServer } from './helpers/testServer';

const FIRST = 'Good-pass1!';
const SECOND = 'Other-pass2?';

const validSignup = (email: string) => ({
  email,
  password1: FIRST,
  password2: FIRST,
  first_name: 'Ada',
  last_name: 'Lovelace',
});

describe('POST /api/auth/registration/', () => {
  let server: TestServer;
  let organisationId: number;
  beforeAll(async () => {
    server = await getTestServer();
    organisationId = await server.createOrganisation('Acme');
  });
  afterAll(() => server.close());

  const db = () => server.database.db;
  const userRow = async (email: string) => (await db().select().from(users).where(eq(users.email, email)))[0];
  const inviteRow = async (email: string) =>
    (await db().select().from(invites).where(eq(invites.email, email)))[0];
  const loginWith = (email: string, password: string) =>
    server.api('POST', '/api/auth/login/', { body: { email, password } });
  /** Invites the address, signs it up and answers the token of the mailed link. */
  async function invitedSignup(
    email: string,
    password = FIRST,
    names: { first?: string; last?: string } = {},
  ) {
    await server.invite(email, organisationId);
    return nextSignup(email, password, names, 1);
  }
  async function nextSignup(
    email: string,
    password: string,
    names: { first?: string; last?: string },
    mailNumber: number,
  ): Promise<string> {
    const response = await signUp(server, { email, password, firstName: names.first, lastName: names.last });
    expect(response.status).toBe(201);
    return tokenOf(verificationLink(await nthVerificationMail(server, email, mailNumber)));
  }

  it('should refuse an e-mail without an invite with the invite-only message', async () => {
    const response = await server.api('POST', '/api/auth/registration/', {
      body: validSignup('nobody@example.com'),
    });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ detail: MESSAGES.inviteOnly });
  });

  it('should list every broken rule with the spec messages', async () => {
    const response = await server.api('POST', '/api/auth/registration/', {
      body: { email: 'not-an-email', password1: 'short', password2: 'other', first_name: ' ', last_name: '' },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors.email).toEqual([MESSAGES.invalidEmail]);
    expect(response.body.errors.password1).toEqual([
      MESSAGES.passwordMinLength,
      MESSAGES.passwordUppercase,
      MESSAGES.passwordNumber,
      MESSAGES.passwordSpecial,
    ]);
    expect(response.body.errors.password2).toEqual([MESSAGES.passwordsMustMatch]);
    expect(response.body.errors.first_name).toEqual([MESSAGES.firstNameRequired]);
    expect(response.body.errors.last_name).toEqual([MESSAGES.lastNameRequired]);
  });

  it('should mail a link to the verification page and create the account only when it is used with the password', async () => {
    const email = 'Ada@Example.com';
    const invite = await server.invite(email, organisationId);
    const response = await server.api('POST', '/api/auth/registration/', {
      body: { ...validSignup(email), invite },
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      detail: MESSAGES.registrationDone,
      browser_secret: expect.stringMatching(/^[\w-]{43}$/),
    });

    const mail = await server.smtp.waitFor('ada@example.com', /Confirm your e-mail/);
    expect(mail.html).toContain('Keystone');
    expect(mail.text).toContain('asks for the password you chose when signing up');
    const link = verificationLink(mail);
    expect(link).toMatch(/^http:\/\/localhost:8000\/verify-email\/[\w-]{43}$/);
    // Nothing is written to the account, and the invite is not accepted, before verification.
    expect(await userRow('ada@example.com')).toBeUndefined();
    expect((await inviteRow('ada@example.com'))!.isAccepted).toBe(false);

    const verified = await verify(server, tokenOf(link), FIRST);
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ detail: MESSAGES.emailVerified });
    // Used again (e.g. opened from the mail a second time): the account is verified, log in.
    const again = await verify(server, tokenOf(link), FIRST);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ detail: MESSAGES.emailAlreadyVerified });

    const login = await loginWith(email, FIRST);
    expect(login.status).toBe(200);
    expect(login.body).toEqual({ user_id: expect.any(Number), key: expect.any(String) });
    const details = await server.api('GET', '/api/get-user-details/', { token: login.body.key });
    expect(details.body).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com' });
    const listed = await server.api('GET', '/api/invites/', { token: login.body.key });
    expect(listed.body).toEqual([expect.objectContaining({ email: 'ada@example.com', is_accepted: true })]);

    const events = await db()
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, login.body.user_id), eq(securityEvents.kind, 'signup_verified')));
    expect(events).toHaveLength(1);
    expect(events[0]!.organisationId).toBe(organisationId);
  });

  it('should not let a second sign-up take over a verified account', async () => {
    const response = await server.api('POST', '/api/auth/registration/', {
      body: { ...validSignup('ada@example.com'), password1: SECOND, password2: SECOND, first_name: 'Eve' },
    });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ detail: MESSAGES.inviteOnly });
    expect((await loginWith('ada@example.com', SECOND)).status).toBe(400);
    const login = await loginWith('ada@example.com', FIRST);
    expect(login.status).toBe(200);
    const details = await server.api('GET', '/api/get-user-details/', { token: login.body.key });
    expect(details.body.name).toBe('Ada Lovelace');
  });

  it("should tell someone who signed up but has not verified yet to open the mail when logging in with the sign-up's password", async () => {
    await invitedSignup('early@example.com');
    const early = await loginWith('early@example.com', FIRST);
    expect(early.status).toBe(400);
    expect(early.body).toEqual({ detail: MESSAGES.emailNotVerified });
  });

  it("should never change an existing account's password or names at sign-up", async () => {
    // An account that exists but is not verified (made before this flow, or by an administrator).
    const existing = await server.createUser({
      email: 'kept@example.com',
      organisationId,
      verified: false,
      password: 'Owner-pass3#',
      firstName: 'Kept',
      lastName: 'Owner',
    });
    const before = await userRow(existing.email);
    await server.invite(existing.email, organisationId);
    const response = await signUp(server, { email: existing.email, password: SECOND, firstName: 'Eve' });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({
      email: ['A user is already registered with this e-mail address.'],
    });

    const after = await userRow(existing.email);
    expect(after).toEqual(before);
    expect((await loginWith(existing.email, SECOND)).status).toBe(400);
  });

  it('should keep every sign-up of an address valid until one is verified, which voids the others', async () => {
    const email = 'twice@example.com';
    const first = await invitedSignup(email, FIRST, { first: 'First', last: 'Try' });
    const second = await nextSignup(email, SECOND, { first: 'Second', last: 'Try' }, 2);
    expect(second).not.toBe(first);
    expect(await userRow(email)).toBeUndefined();

    // Each link verifies only with its own sign-up's password.
    const crossed = await verify(server, second, FIRST);
    expect(crossed.status).toBe(400);
    expect(crossed.body).toEqual({ detail: MESSAGES.signupPasswordMismatch });

    // The older link still works after the newer sign-up; verifying it ends the newer one.
    expect((await verify(server, first, FIRST)).status).toBe(200);
    expect((await verify(server, second, SECOND)).body).toEqual({ detail: MESSAGES.emailAlreadyVerified });
    const [left] = await db()
      .select({ live: sql<number>`count(*) filter (where ${pendingSignups.usedAt} is null)` })
      .from(pendingSignups)
      .where(eq(pendingSignups.email, email));
    expect(Number(left!.live)).toBe(0);
    expect((await loginWith(email, FIRST)).status).toBe(200);
    expect((await loginWith(email, SECOND)).status).toBe(400);
    expect((await userRow(email))!.firstName).toBe('First');
  });

  it("should not let a sign-up without the invitation's token void the invitee's pending link", async () => {
    const email = 'victim@example.com';
    const invitees = await invitedSignup(email, FIRST, { first: 'Vic', last: 'Invitee' });
    // A stranger who knows the address but not the invitation's link.
    const stranger = await signUp(server, { email, password: SECOND, firstName: 'Mal', invite: null });
    expect(stranger.status).toBe(403);
    expect(stranger.body).toEqual({ detail: MESSAGES.inviteOnly });
    expect(
      server.smtp.mailsTo(email).filter((mail) => /Confirm your e-mail/.test(mail.subject)),
    ).toHaveLength(1);
    expect((await verify(server, invitees, FIRST)).status).toBe(200);
    expect((await userRow(email))!.firstName).toBe('Vic');
  });

  it('should answer a sign-up without a token the same for invited, registered and unknown addresses', async () => {
    await server.invite('invited-only@example.com', organisationId);
    const registered = await server.createUser({ email: 'registered@example.com', organisationId });
    const answers = [];
    for (const email of ['invited-only@example.com', registered.email, 'unknown@example.com']) {
      answers.push(await signUp(server, { email, password: FIRST, invite: null }));
    }
    for (const answer of answers) {
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ detail: MESSAGES.inviteOnly });
    }
    const pending = await db()
      .select()
      .from(pendingSignups)
      .where(eq(pendingSignups.email, 'invited-only@example.com'));
    expect(pending).toEqual([]);
  });

  it("should refuse the owner's own password on a stranger's sign-up link and change nothing", async () => {
    const email = 'owner@example.com';
    const stranger = 'Quartz-pass4$';
    const owner = 'Velvet-pass5%';
    const strangersLink = await invitedSignup(email, stranger, { first: 'Mallory', last: 'Stranger' });

    // The owner gets the stranger's mail and opens the link with their own password.
    const refused = await verify(server, strangersLink, owner);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ detail: MESSAGES.signupPasswordMismatch });
    expect(await userRow(email)).toBeUndefined();
    expect((await inviteRow(email))!.isAccepted).toBe(false);
    expect((await loginWith(email, owner)).status).toBe(400);

    // Signing up themselves gives the owner a link of their own; verifying it ends the other one.
    const ownLink = await nextSignup(email, owner, { first: 'Olivia', last: 'Owner' }, 2);
    expect((await verify(server, ownLink, owner)).status).toBe(200);
    expect((await verify(server, strangersLink, stranger)).body).toEqual({
      detail: MESSAGES.emailAlreadyVerified,
    });
    const login = await loginWith(email, owner);
    expect(login.status).toBe(200);
    expect((await loginWith(email, stranger)).status).toBe(400);
    const details = await server.api('GET', '/api/get-user-details/', { token: login.body.key });
    expect(details.body.name).toBe('Olivia Owner');
  });

  it('should change nothing when the page path, the old link path or the verify call is fetched with GET', async () => {
    const email = 'scanned@example.com';
    const token = await invitedSignup(email);
    for (const path of [
      `/verify-email/${token}`,
      `/api/auth/verify-email/${token}/`,
      `/api/auth/verify-email/${token}`,
      '/api/auth/registration/verify-email/',
      `/api/auth/registration/verify-email/?key=${token}`,
    ]) {
      const response = await server.api('GET', path);
      expect(response.status, path).not.toBe(302);
      expect(response.status, path).toBeLessThan(500);
    }
    expect(await userRow(email)).toBeUndefined();
    const [pending] = await db().select().from(pendingSignups).where(eq(pendingSignups.email, email));
    expect(pending!.usedAt).toBeNull();
    // The link still works, once, from the page.
    expect((await verify(server, token, FIRST)).status).toBe(200);
  });

  it('should mask the token of the verification page in logged paths', () => {
    expect(maskSecrets('/verify-email/abcDEF_123-x')).toBe('/verify-email/***');
    expect(maskSecrets('/verify-email/abc?x=1')).toBe('/verify-email/***?x=1');
    expect(maskSecrets('/api/auth/registration/verify-email/')).toBe('/api/auth/registration/verify-email/');
  });

  it('should void the link after 10 wrong passwords', async () => {
    const email = 'guessed@example.com';
    const token = await invitedSignup(email);
    for (let attempt = 1; attempt <= 10; attempt++) {
      const wrong = await verify(server, token, `Wrong-pass${attempt}!`);
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ detail: MESSAGES.signupPasswordMismatch });
    }
    const right = await verify(server, token, FIRST);
    expect(right.status).toBe(400);
    expect(right.body).toEqual({ detail: MESSAGES.verificationLinkInvalid });
    expect(await userRow(email)).toBeUndefined();
  });

  it('should still verify after 9 wrong passwords', async () => {
    const token = await invitedSignup('clumsy@example.com');
    for (let attempt = 1; attempt <= 9; attempt++) await verify(server, token, `Wrong-pass${attempt}!`);
    expect((await verify(server, token, FIRST)).status).toBe(200);
  });

  it('should verify once when the link is used concurrently', async () => {
    const email = 'racing@example.com';
    const token = await invitedSignup(email);
    const answers = await Promise.all(Array.from({ length: 5 }, () => verify(server, token, FIRST)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400, 400, 400]);
    for (const answer of answers.filter((one) => one.status === 400)) {
      expect(answer.body).toEqual({ detail: MESSAGES.emailAlreadyVerified });
    }
    expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(1);
    const events = await db()
      .select()
      .from(securityEvents)
      .where(
        and(
          eq(securityEvents.kind, 'signup_verified'),
          eq(securityEvents.userId, (await userRow(email))!.id),
        ),
      );
    expect(events).toHaveLength(1);
  });

  it('should refuse an expired or unknown link', async () => {
    const email = 'late@example.com';
    const token = await invitedSignup(email);
    await db()
      .update(pendingSignups)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(pendingSignups.email, email));
    expect((await verify(server, token, FIRST)).body).toEqual({ detail: MESSAGES.verificationLinkInvalid });
    expect((await verify(server, 'no-such-token', FIRST)).body).toEqual({
      detail: MESSAGES.verificationLinkInvalid,
    });
    const empty = await server.api('POST', '/api/auth/registration/verify-email/', { body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toMatchObject({ key: [MESSAGES.verificationLinkInvalid] });
  });

  it('should not take over an account verified another way after the sign-up', async () => {
    const email = 'meanwhile@example.com';
    const token = await invitedSignup(email, SECOND, { first: 'Eve' });
    // E.g. the owner signed in with Google meanwhile.
    const owner = await server.createUser({ email, organisationId, firstName: 'Real', lastName: 'Owner' });
    const before = await userRow(email);
    const response = await verify(server, token, SECOND);
    expect(response.status).toBe(400);
    expect(await userRow(email)).toEqual(before);
    expect((await loginWith(email, owner.password)).status).toBe(200);
  });

  it("should tell login whether a password is a pending sign-up's", async () => {
    const email = 'pending@example.com';
    await invitedSignup(email, FIRST);
    expect(await pendingSignupPasswordMatches(db(), email, FIRST)).toBe(true);
    expect(await pendingSignupPasswordMatches(db(), ' Pending@Example.com ', FIRST)).toBe(true);
    expect(await pendingSignupPasswordMatches(db(), email, SECOND)).toBe(false);
    const newer = await nextSignup(email, SECOND, {}, 2);
    expect(await pendingSignupPasswordMatches(db(), email, FIRST)).toBe(true);
    expect(await pendingSignupPasswordMatches(db(), email, SECOND)).toBe(true);
    await verify(server, newer, SECOND);
    expect(await pendingSignupPasswordMatches(db(), email, SECOND)).toBe(false);
    expect(await pendingSignupPasswordMatches(db(), email, FIRST)).toBe(false);
    expect(await pendingSignupPasswordMatches(db(), 'nobody@example.com', SECOND)).toBe(false);
  });

  // The same server: what the verification page reads, and the browser that signed up.
  const stateOf = (token: string) => server.api('GET', `/api/auth/registration/verify-email/${token}/`);
  async function signupWithSecret(email: string) {
    await server.invite(email, organisationId);
    const answer = await signUp(server, { email, password: FIRST });
    expect(answer.status).toBe(201);
    const token = tokenOf(verificationLink(await server.smtp.waitFor(email, /Confirm your e-mail/)));
    return { token, secret: answer.body.browser_secret as string };
  }
  const verifyWithSecret = (token: string, secret: string) =>
    server.api('POST', '/api/auth/registration/verify-email/', {
      body: { key: token, browser_secret: secret },
    });

  it('should tell the page whether a link waits, is verified or is invalid, changing nothing', async () => {
    const email = 'state@example.com';
    const { token } = await signupWithSecret(email);
    expect((await stateOf(token)).body).toEqual({ state: 'pending', email });
    expect((await stateOf(token)).body).toEqual({ state: 'pending', email });
    expect((await verify(server, token, FIRST)).status).toBe(200);
    expect((await stateOf(token)).body).toEqual({ state: 'verified', email });
    for (const other of ['A'.repeat(43), `${token}"}`, 'short']) {
      const answer = await stateOf(encodeURIComponent(other));
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ state: 'invalid', email: null });
    }
  });

  it('should call an expired link invalid while its account is not verified', async () => {
    const email = 'expired-state@example.com';
    const { token } = await signupWithSecret(email);
    await server.database.db
      .update(pendingSignups)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(pendingSignups.email, email));
    expect((await stateOf(token)).body).toEqual({ state: 'invalid', email: null });
  });

  it("should verify with the signing-up browser's secret instead of the password", async () => {
    const email = 'same-browser@example.com';
    const { token, secret } = await signupWithSecret(email);
    const verified = await verifyWithSecret(token, secret);
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ detail: MESSAGES.emailVerified });
    const login = await server.api('POST', '/api/auth/login/', { body: { email, password: FIRST } });
    expect(login.status).toBe(200);
  });

  it("should refuse another browser's secret without voiding the link, which still takes the password", async () => {
    const email = 'other-browser@example.com';
    const { token } = await signupWithSecret(email);
    const { secret: othersSecret } = await signupWithSecret('someone-else@example.com');
    for (let attempt = 0; attempt < 12; attempt++) {
      const refused = await verifyWithSecret(token, attempt === 0 ? othersSecret : `x${attempt}`);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ detail: MESSAGES.signupBrowserUnknown });
    }
    expect((await stateOf(token)).body.state).toBe('pending');
    expect((await verify(server, token, FIRST)).status).toBe(200);
  });
});
