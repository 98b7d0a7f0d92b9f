/**
 * Verification beyond the sign-up's own rules (split from auth.registration.test.ts): a person
 * placed on a team before signing up, the link's page path, and the verification rate limits.
 */
import { MESSAGES } from '@keystone/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  inviteTokenFromMail,
  signUp,
  signUpAndVerify,
  tokenOf,
  verificationLink,
  verify,
} from './helpers/signup';
import { initiativeOn, signedInUser, strategyApi } from './helpers/strategies';
import { getTestServer, pathOf, type TestServer } from './helpers/testServer';

const FIRST = 'Good-pass1!';

describe('verification of a person already placed on a team', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await getTestServer();
  });
  afterAll(() => server.close());

  it('should take the placeholder over at verification, keeping its assignments, and accept the invite then', async () => {
    const strategies = strategyApi(server);
    const master = await signedInUser(server, {
      email: 'grace@acme.com',
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    const strategy = await strategies.create(master.key, { title: 'Grow' });
    const initiative = strategy.focus_areas[0]!.initiatives[0]!.id;
    await strategies.assignOk(master.key, {
      strategy_id: strategy.id,
      initiatives: [{ initiative_id: initiative, team_members: [{ id: null, email: 'katherine@acme.com' }] }],
    });
    const placeholder = initiativeOn(await strategies.page(master.key, strategy.id), initiative)!
      .team_members[0]!;
    expect(placeholder).toEqual({ id: expect.any(Number), name: null, email: 'katherine@acme.com' });
    const inviteAccepted = async () =>
      (await server.api('GET', '/api/invites/', { token: master.key })).body.find(
        (invite: { email: string }) => invite.email === 'katherine@acme.com',
      ).is_accepted;

    const registration = await signUp(server, {
      email: 'katherine@acme.com',
      password: FIRST,
      firstName: 'Katherine',
      lastName: 'Johnson',
      invite: await inviteTokenFromMail(server, 'katherine@acme.com'),
    });
    expect(registration.status).toBe(201);
    // Signing up alone names nobody and accepts nothing.
    expect(initiativeOn(await strategies.page(master.key, strategy.id), initiative)!.team_members).toEqual([
      placeholder,
    ]);
    expect(await inviteAccepted()).toBe(false);

    const mail = await server.smtp.waitFor('katherine@acme.com', /Confirm your e-mail/);
    const verified = await verify(server, tokenOf(verificationLink(mail)), FIRST);
    expect(verified.status).toBe(200);
    expect(await inviteAccepted()).toBe(true);

    const login = await server.api('POST', '/api/auth/login/', {
      body: { email: 'katherine@acme.com', password: FIRST },
    });
    expect(login.status).toBe(200);
    expect(login.body.user_id).toBe(placeholder.id);
    expect(await strategies.listedIds(login.body.key)).toEqual([strategy.id]);
    expect(
      initiativeOn(await strategies.page(login.body.key, strategy.id), initiative)!.team_members,
    ).toEqual([{ id: placeholder.id, name: 'Katherine Johnson', email: 'katherine@acme.com' }]);
  });

  it('should follow the page path of the link from the mail', async () => {
    const email = 'linked@acme.com';
    const organisationId = await server.createOrganisation();
    await server.invite(email, organisationId);
    await signUpAndVerify(server, { email, password: FIRST });
    const mail = await server.smtp.waitFor(email, /Confirm your e-mail/);
    expect(pathOf(verificationLink(mail))).toMatch(/^\/verify-email\/[\w-]+$/);
  });
});

describe('verification rate limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await getTestServer({ authRateLimit: 3 });
  });
  afterAll(() => server.close());

  it('should answer 429 to the 4th verification attempt within a minute', async () => {
    for (let i = 0; i < 3; i++) expect((await verify(server, `token-${i}`, FIRST)).status).toBe(400);
    const limited = await verify(server, 'token-4', FIRST);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ detail: MESSAGES.tooManyRequests });
  });

  it("should not count reads of a real link's state from one address, only links that do not exist", async () => {
    const email = 'office@acme.com';
    await server.invite(email, await server.createOrganisation());
    expect((await signUp(server, { email, password: FIRST })).status).toBe(201);
    const token = tokenOf(verificationLink(await server.smtp.waitFor(email, /Confirm your e-mail/)));
    const state = (linkToken: string) =>
      server.app.inject({
        method: 'GET',
        url: `/api/auth/registration/verify-email/${linkToken}/`,
        remoteAddress: '198.51.100.90',
      });
    // Colleagues behind one office address opening their links: never refused.
    for (let i = 0; i < 10; i++) {
      const read = await state(token);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({ state: 'pending' });
    }
    // Guessed links count: the limit (3 here) still holds.
    const guesses = [];
    for (let i = 0; i < 4; i++) guesses.push((await state(`guessed-${i}`)).statusCode);
    expect(guesses).toEqual([200, 200, 200, 429]);
  });
});
