/**
 * Signing in through the organisation's provider (a real oidc-provider on loopback): members
 * linked by (issuer, subject), joining by invitation or by domain, the provider's second factor.
 */
import { SSO_MESSAGES } from '@keystone/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEvents, userIdentities, users } from '../src/db/schema';
import { codeFor } from './helpers/mfa';
import { type SsoFixture, ssoFixture } from './helpers/sso';

describe('single sign-on: signing in', () => {
  let sso: SsoFixture;

  beforeAll(async () => {
    sso = await ssoFixture();
    expect((await sso.configure()).status).toBe(200);
  });
  afterAll(() => sso.close());

  const me = (key: string) => sso.server.api('GET', '/api/get-user-details/', { token: key });
  const eventsOf = (kind: string) =>
    sso.server.database.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.kind, kind), eq(securityEvents.organisationId, sso.organisationId)));

  it('offers single sign-on on the login page once an organisation has a provider', async () => {
    const config = await sso.server.api('GET', '/api/config/');
    expect(config.body.sso).toBe(true);
  });

  it('sends an address of the domain to the provider with state, nonce, PKCE and the address as hint', async () => {
    const started = await sso.start('Someone@ACME.test');
    expect(started.status).toBe(200);
    const url = new URL(started.body.authorization_url);
    expect(`${url.origin}`).toBe(sso.provider.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'keystone',
      redirect_uri: 'http://localhost:8000/login/sso',
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      login_hint: 'someone@acme.test',
      state: expect.any(String),
      nonce: expect.any(String),
      code_challenge: expect.any(String),
    });
    expect(started.body.attempt_secret).toMatch(/^[\w-]{40,}$/);
  });

  it('says the same for every address no provider signs in for', async () => {
    for (const email of ['someone@elsewhere.test', 'no-domain', 'x@sub.acme.test']) {
      const started = await sso.start(email);
      expect(started.status).toBe(400);
      expect(started.body.detail).toBe(SSO_MESSAGES.noSsoForAddress);
    }
  });

  it('signs a member in by their verified address and links the identity, then by subject alone', async () => {
    const member = await sso.server.createUser({
      organisationId: sso.organisationId,
      email: 'ada@acme.test',
    });
    const account = sso.account('ada@acme.test');
    const first = await sso.signIn('ada@acme.test');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ user_id: member.id, key: expect.any(String) });
    expect((await me(first.body.key)).body.email).toBe('ada@acme.test');
    const links = await sso.server.database.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.userId, member.id));
    expect(links).toEqual([expect.objectContaining({ issuer: sso.provider.issuer, subject: account.sub })]);
    expect(await eventsOf('identity_linked')).toContainEqual(expect.objectContaining({ userId: member.id }));
    expect(await eventsOf('login_succeeded')).toContainEqual(
      expect.objectContaining({ userId: member.id, method: 'sso' }),
    );

    // The provider's address changes: the link by subject still finds her.
    sso.account('ada.lovelace@acme.test', { sub: account.sub });
    const again = await sso.signIn('ada.lovelace@acme.test');
    expect(again.body.user_id).toBe(member.id);
  });

  it('lets an invited address join, and refuses an address nobody invited', async () => {
    await sso.server.invite('grace@acme.test', sso.organisationId);
    sso.account('grace@acme.test', { given_name: 'Grace', family_name: 'Hopper' });
    const joined = await sso.signIn('grace@acme.test');
    expect(joined.status).toBe(200);
    const [grace] = await sso.server.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'grace@acme.test'));
    expect(grace).toMatchObject({
      organisationId: sso.organisationId,
      firstName: 'Grace',
      lastName: 'Hopper',
      isAdmin: false,
      passwordHash: null,
    });

    sso.account('stranger@acme.test');
    const refused = await sso.signIn('stranger@acme.test');
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe(SSO_MESSAGES.inviteNeeded);
    expect(await eventsOf('login_failed')).toContainEqual(
      expect.objectContaining({
        method: 'sso',
        detail: expect.objectContaining({ reason: 'invitation_needed', email: 'stranger@acme.test' }),
      }),
    );
  });

  it('lets anyone with a verified address at the domains join as a member without roles under the domain rule', async () => {
    expect((await sso.configure({ join_rule: 'domain' })).status).toBe(200);
    try {
      sso.account('newcomer@acme.test');
      const joined = await sso.signIn('newcomer@acme.test');
      expect(joined.status).toBe(200);
      const members = await sso.server.api('GET', '/api/organisation/members/', { token: sso.adminKey });
      expect(members.body).toContainEqual(
        expect.objectContaining({
          email: 'newcomer@acme.test',
          is_admin: false,
          sso_linked: true,
          status: 'active',
          strategies: [],
        }),
      );
    } finally {
      await sso.configure({ join_rule: 'invited' });
    }
  });

  it("takes Entra ID's xms_edov for a verified address only when the token has no email_verified", async () => {
    const member = await sso.server.createUser({
      organisationId: sso.organisationId,
      email: 'entra@acme.test',
    });
    sso.account('entra@acme.test');
    const withoutEmailVerified = (xmsEdov: unknown) => (claims: Record<string, unknown>) => {
      const { email_verified: _dropped, ...rest } = claims;
      return xmsEdov === undefined ? rest : { ...rest, xms_edov: xmsEdov };
    };
    try {
      for (const refusedValue of [undefined, false, 'true']) {
        sso.provider.tamperIdToken = withoutEmailVerified(refusedValue);
        const refused = await sso.signIn('entra@acme.test');
        expect(refused.status).toBe(403);
        expect(refused.body.detail).toBe(SSO_MESSAGES.emailNotVerified);
      }
      // A provider that says the address is not verified is believed, whatever else it sends.
      sso.provider.tamperIdToken = (claims) => ({ ...claims, email_verified: false, xms_edov: true });
      expect((await sso.signIn('entra@acme.test')).body.detail).toBe(SSO_MESSAGES.emailNotVerified);

      sso.provider.tamperIdToken = withoutEmailVerified(true);
      const signedIn = await sso.signIn('entra@acme.test');
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.user_id).toBe(member.id);
    } finally {
      sso.provider.tamperIdToken = undefined;
    }
  });

  it('refuses an address with an account in another organisation without saying so', async () => {
    const elsewhere = await sso.server.createOrganisation('Elsewhere');
    await sso.server.createUser({ organisationId: elsewhere, email: 'moved@acme.test' });
    sso.account('moved@acme.test');
    const refused = await sso.signIn('moved@acme.test');
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe(SSO_MESSAGES.inviteNeeded);
  });

  describe('the second factor', () => {
    async function memberWithTotp(email: string) {
      const member = await sso.server.createUser({ organisationId: sso.organisationId, email });
      const key = await sso.server.loginAs(member);
      const secret = (await sso.server.api('POST', '/api/auth/mfa/totp/setup/', { token: key })).body.secret;
      const confirmed = await sso.server.api('POST', '/api/auth/mfa/totp/confirm/', {
        token: key,
        body: { code: codeFor(secret, -1) },
      });
      expect(confirmed.status).toBe(200);
      return member;
    }

    it('asks for the code after the provider when the provider did not ask for a second factor', async () => {
      await memberWithTotp('single@acme.test');
      sso.account('single@acme.test', { amr: ['pwd'] });
      const answer = await sso.signIn('single@acme.test');
      expect(answer.body).toEqual({ mfa_required: true, mfa_token: expect.any(String) });
    });

    it.each([
      ['amr mfa', { amr: ['mfa'] }],
      ['two amr methods', { amr: ['pwd', 'otp'] }],
      ['a multi-factor acr', { acr: 'http://schemas.openid.net/pape/policies/2007/06/multi-factor' }],
    ])('counts the provider as the second factor with %s', async (_name, claims) => {
      const email = `strong-${Object.keys(claims)[0]}-${JSON.stringify(claims).length}@acme.test`;
      const member = await memberWithTotp(email);
      sso.account(email, claims);
      const answer = await sso.signIn(email);
      expect(answer.body).toEqual({ user_id: member.id, key: expect.any(String) });
    });
  });
});
