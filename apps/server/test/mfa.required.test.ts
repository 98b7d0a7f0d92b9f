/**
 * "Two-factor required" (issue 31): a session of someone the organisation's policy covers, begun
 * without a second factor, may only set one up (and read who is signed in, and sign out) until it
 * is on; every other call answers 403 `second_factor_setup_required`, and it holds no socket.
 */
import { ACCESS_TOKEN_MESSAGES, AUTH_CODES, SOCKET_CLOSE, SSO_MESSAGES } from '@keystone/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authKeys } from '../src/db/schema';
import { sha256 } from '../src/lib/secrets';
import { completeLogin } from '../src/modules/auth/login';
import { codeFor, mfaCalls } from './helpers/mfa';
import { organisationApi } from './helpers/organisation';
import { openSocket, refusedUpgrade } from './helpers/sockets';
import { type SsoFixture, ssoFixture } from './helpers/sso';
import { getTestServer, type TestServer } from './helpers/testServer';

const SETUP_REQUIRED = {
  detail: SSO_MESSAGES.secondFactorSetupRequired,
  code: AUTH_CODES.secondFactorSetupRequired,
};
const ORIGIN = { ip: '127.0.0.1', userAgent: 'test' };

describe('two-factor required by the organisation', () => {
  let server: TestServer;
  let baseUrl: string;
  beforeAll(async () => {
    server = await getTestServer();
    baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => server.close());
  const { setup, confirm, disable, status, enrolledUser, mfaToken, secondStep } = mfaCalls(() => server);
  const org = organisationApi((...args) => server.api(...args));

  /** An organisation with an administrator (signed in before any policy) and the policy set. */
  async function organisationWith(policy: 'off' | 'admins' | 'everyone') {
    const organisationId = await server.createOrganisation();
    const admin = await server.createUser({ organisationId, isAdmin: true });
    const adminKey = await server.loginAs(admin);
    if (policy !== 'off') expect((await org.update(adminKey, { mfa_required: policy })).status).toBe(200);
    return { organisationId, admin, adminKey };
  }
  const normalCall = (key: string) => server.api('GET', '/api/strategies/', { token: key });
  const pendingOf = async (key: string) => {
    const [row] = await server.database.db
      .select({ pending: authKeys.secondFactorPending })
      .from(authKeys)
      .where(eq(authKeys.keyHash, sha256(key)));
    return row?.pending;
  };
  /** Sets up TOTP through the calls a pending session may make; answers the secret. */
  async function setUpTotp(key: string): Promise<string> {
    const secret = (await setup(key)).body.secret as string;
    expect((await confirm(key, codeFor(secret, -1))).status).toBe(200);
    return secret;
  }

  it('should let a covered member sign in, then refuse every other call with the code until TOTP is on', async () => {
    const { organisationId } = await organisationWith('everyone');
    const member = await server.createUser({ organisationId });
    const key = await server.loginAs(member);
    const refused = await normalCall(key);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(SETUP_REQUIRED);
    expect((await server.api('GET', '/api/organisation/members/', { token: key })).status).toBe(403);
    expect((await server.api('PATCH', '/api/update-user-details/', { token: key, body: {} })).body).toEqual(
      SETUP_REQUIRED,
    );
    // What the set-up needs still answers: who is signed in, the two-factor status and its set-up.
    expect((await server.api('GET', '/api/get-user-details/', { token: key })).status).toBe(200);
    expect((await status(key)).body).toEqual({ enabled: false, recovery_codes_left: 0 });
    await setUpTotp(key);
    expect(await pendingOf(key)).toBe(false);
    expect((await normalCall(key)).status).toBe(200);
    // The next sign-in asks for the code, as for anyone with two-factor on.
    expect((await mfaCalls(() => server).passwordLogin(member)).body).toMatchObject({ mfa_required: true });
  });

  it('should let a pending session sign out', async () => {
    const { organisationId } = await organisationWith('everyone');
    const key = await server.loginAs(await server.createUser({ organisationId }));
    expect((await server.api('POST', '/api/auth/logout/', { token: key })).status).toBe(200);
    expect((await server.api('GET', '/api/get-user-details/', { token: key })).status).toBe(403);
    expect(await pendingOf(key)).toBeUndefined();
  });

  it('should cover only administrators with "admins"', async () => {
    const { organisationId } = await organisationWith('admins');
    const member = await server.createUser({ organisationId });
    const otherAdmin = await server.createUser({ organisationId, isAdmin: true });
    expect((await normalCall(await server.loginAs(member))).status).toBe(200);
    expect((await normalCall(await server.loginAs(otherAdmin))).body).toEqual(SETUP_REQUIRED);
  });

  it('should leave alone people with two-factor on: their sign-in gave the code', async () => {
    const enrolled = await enrolledUser();
    const adminKey = await server.loginAs(
      await server.createUser({ organisationId: enrolled.user.organisationId, isAdmin: true }),
    );
    expect((await org.update(adminKey, { mfa_required: 'everyone' })).status).toBe(200);
    const token = await mfaToken(enrolled.user);
    const key = (await secondStep({ mfa_token: token, code: codeFor(enrolled.secret) })).body.key;
    expect((await normalCall(key)).status).toBe(200);
    // Their session from before the policy too.
    expect((await normalCall(enrolled.key)).status).toBe(200);
  });

  it('should refuse to turn two-factor off for someone the policy covers, and allow it once it does not', async () => {
    const enrolled = await enrolledUser();
    const adminKey = await server.loginAs(
      await server.createUser({ organisationId: enrolled.user.organisationId, isAdmin: true }),
    );
    expect((await org.update(adminKey, { mfa_required: 'everyone' })).status).toBe(200);
    const body = { password: enrolled.user.password, code: codeFor(enrolled.secret) };
    const refused = await disable(enrolled.key, body);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(SSO_MESSAGES.mfaRequiredCannotDisable);
    expect((await status(enrolled.key)).body.enabled).toBe(true);

    // The administrator, covered too, sets two-factor up before changing the policy again.
    await setUpTotp(adminKey);
    expect((await org.update(adminKey, { mfa_required: 'admins' })).status).toBe(200);
    expect((await disable(enrolled.key, body)).status).toBe(200);
    expect((await status(enrolled.key)).body.enabled).toBe(false);
  });

  it("should count the provider's second factor (amr/acr) as the sign-in's own, else apply the rule", async () => {
    const { organisationId } = await organisationWith('everyone');
    const member = await server.createUser({ organisationId });
    const withMfa = await completeLogin(server.ctx, member.id, 'sso', ORIGIN, { providerSecondFactor: true });
    const without = await completeLogin(server.ctx, member.id, 'sso', ORIGIN, {
      providerSecondFactor: false,
    });
    if (!('key' in withMfa) || !('key' in without)) throw new Error('expected sessions');
    expect((await normalCall(withMfa.key)).status).toBe(200);
    expect((await normalCall(without.key)).body).toEqual(SETUP_REQUIRED);
    // A later policy change leaves the provider's two-factor session alone.
    const adminKey = await server.loginAs(await server.createUser({ organisationId, isAdmin: true }));
    await setUpTotp(adminKey);
    expect((await org.update(adminKey, { mfa_required: 'off' })).status).toBe(200);
    expect((await normalCall(without.key)).status).toBe(200);
    expect((await org.update(adminKey, { mfa_required: 'everyone' })).status).toBe(200);
    expect((await normalCall(withMfa.key)).status).toBe(200);
    expect((await normalCall(without.key)).body).toEqual(SETUP_REQUIRED);
  });

  it('should hold back the access tokens of someone it covers who has no second factor, until they set it up', async () => {
    const { organisationId, adminKey } = await organisationWith('off');
    await setUpTotp(adminKey);
    const makeToken = async (key: string) => {
      const made = await server.api('POST', '/api/access-tokens/', {
        token: key,
        body: { name: 'Script', scope: 'read', expires_in_days: 30 },
      });
      expect(made.status).toBe(201);
      return made.body.token as string;
    };
    const member = await server.createUser({ organisationId });
    const memberKey = await server.loginAs(member);
    const passwordToken = await makeToken(memberKey);
    // A session whose provider asked for a second factor makes a token the policy leaves alone.
    const provider = await completeLogin(server.ctx, member.id, 'sso', ORIGIN, {
      providerSecondFactor: true,
    });
    if (!('key' in provider)) throw new Error('expected a session');
    const providerToken = await makeToken(provider.key);
    expect((await normalCall(passwordToken)).status).toBe(200);

    expect((await org.update(adminKey, { mfa_required: 'everyone' })).status).toBe(200);
    const held = await normalCall(passwordToken);
    expect(held.status).toBe(403);
    expect(held.body).toEqual({
      detail: ACCESS_TOKEN_MESSAGES.secondFactorRequired,
      code: AUTH_CODES.secondFactorSetupRequired,
    });
    expect((await normalCall(providerToken)).status).toBe(200);

    // Once the person has a second factor, the token works again.
    const again = await server.loginAs(member);
    await setUpTotp(again);
    expect((await normalCall(passwordToken)).status).toBe(200);
  });

  it('should refuse a socket to a pending session, and allow it once two-factor is on', async () => {
    const { organisationId } = await organisationWith('everyone');
    const key = await server.loginAs(await server.createUser({ organisationId }));
    for (const path of ['/ws/locks/', '/ws/streaming/']) {
      expect(await refusedUpgrade(baseUrl, path, { token: key })).toMatchObject({
        status: 403,
        body: { detail: SSO_MESSAGES.secondFactorSetupRequired },
      });
    }
    await setUpTotp(key);
    const socket = await openSocket(baseUrl, '/ws/locks/', { token: key });
    expect(socket.socket.readyState).toBe(socket.socket.OPEN);
    await socket.close();
  });

  it('should hold back the sessions a policy change covers, close their sockets, and log the change', async () => {
    const { organisationId, admin, adminKey } = await organisationWith('off');
    const memberKey = await server.loginAs(await server.createUser({ organisationId }));
    const socket = await openSocket(baseUrl, '/ws/streaming/', { token: memberKey });
    // Its key was found valid moments ago: the change must not leave it passing from memory.
    expect((await normalCall(memberKey)).status).toBe(200);

    const changed = await org.update(adminKey, { mfa_required: 'admins' });
    expect(changed.status).toBe(200);
    expect(changed.body.mfa_required).toBe('admins');
    // The administrator's own session waits for two-factor too; the member's does not.
    expect((await normalCall(adminKey)).body).toEqual(SETUP_REQUIRED);
    expect((await normalCall(memberKey)).status).toBe(200);

    await setUpTotp(adminKey);
    expect((await org.update(adminKey, { mfa_required: 'everyone' })).status).toBe(200);
    expect(await socket.closed).toBe(SOCKET_CLOSE.tryAgainLater);
    expect((await normalCall(memberKey)).body).toEqual(SETUP_REQUIRED);

    expect((await org.update(adminKey, { mfa_required: 'off' })).status).toBe(200);
    expect((await normalCall(memberKey)).status).toBe(200);

    const log = (await org.securityLog(adminKey, 'kind=mfa_policy_changed')).body.results;
    expect(log.map((entry: { detail: unknown }) => entry.detail)).toEqual([
      { from: 'everyone', to: 'off', sessions_held_back: 0 },
      { from: 'admins', to: 'everyone', sessions_held_back: 1 },
      { from: 'off', to: 'admins', sessions_held_back: 1 },
    ]);
    expect(log[0]).toMatchObject({ kind: 'mfa_policy_changed', actor: { id: admin.id } });
    // Saving the same policy again is no change.
    expect((await org.update(adminKey, { mfa_required: 'off' })).status).toBe(200);
    expect((await org.securityLog(adminKey, 'kind=mfa_policy_changed')).body.results).toHaveLength(3);
  });

  it('should hold back a new administrator under "admins", and release a former one', async () => {
    const { organisationId, adminKey } = await organisationWith('off');
    await setUpTotp(adminKey);
    expect((await org.update(adminKey, { mfa_required: 'admins' })).status).toBe(200);
    const member = await server.createUser({ organisationId });
    const memberKey = await server.loginAs(member);
    expect((await normalCall(memberKey)).status).toBe(200);
    expect((await org.updateMember(adminKey, member.id, { is_admin: true })).status).toBe(200);
    expect((await normalCall(memberKey)).body).toEqual(SETUP_REQUIRED);
    expect((await org.updateMember(adminKey, member.id, { is_admin: false })).status).toBe(200);
    expect((await normalCall(memberKey)).status).toBe(200);
  });

  it('should refuse anything but a policy name', async () => {
    const { adminKey } = await organisationWith('off');
    const refused = await org.update(adminKey, { mfa_required: 'sometimes' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toHaveProperty('mfa_required');
    expect((await org.get(adminKey)).body.mfa_required).toBe('off');
  });

  it('should let only administrators set the policy', async () => {
    const { organisationId } = await organisationWith('off');
    const memberKey = await server.loginAs(await server.createUser({ organisationId }));
    expect((await org.update(memberKey, { mfa_required: 'everyone' })).status).toBe(403);
  });
});

describe("two-factor required, with sign-ins through the organisation's provider", () => {
  let sso: SsoFixture;
  beforeAll(async () => {
    sso = await ssoFixture();
    expect((await sso.configure()).status).toBe(200);
    const org = organisationApi((...args) => sso.server.api(...args));
    expect((await org.update(sso.adminKey, { mfa_required: 'everyone' })).status).toBe(200);
  });
  afterAll(() => sso.close());
  const normalCall = (key: string) => sso.server.api('GET', '/api/strategies/', { token: key });

  it.each([
    ['says it asked for a second factor (amr)', 'amr', { amr: ['pwd', 'otp'] }, 200],
    ['names a multi-factor class (acr)', 'acr', { amr: ['pwd'], acr: 'urn:okta:loa:2fa:any' }, 200],
    ['asked for a password only', 'pwd', { amr: ['pwd'] }, 403],
  ])(
    'should let a member in at once when the provider %s, else lead to the set-up',
    async (_, name, claims, status) => {
      const email = `${name}@acme.test`;
      await sso.server.createUser({ organisationId: sso.organisationId, email });
      sso.account(email, claims);
      const signedIn = await sso.signIn(email);
      expect(signedIn.status).toBe(200);
      const answer = await normalCall(signedIn.body.key);
      expect(answer.status).toBe(status);
      if (status === 403) expect(answer.body).toEqual(SETUP_REQUIRED);
    },
  );
});
