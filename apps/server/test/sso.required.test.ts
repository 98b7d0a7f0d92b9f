/**
 * "Single sign-on required": members' passwords refused once they matched, break-glass
 * administrators (password and two-factor) kept, never the last way in removed, sessions not begun
 * through the provider ended, and a provider that is down.
 */
import { ACCESS_TOKEN_MESSAGES, AUTH_CODES, MESSAGES, SSO_MESSAGES } from '@keystone/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEvents } from '../src/db/schema';
import { awayFromStepEdge, codeFor } from './helpers/mfa';
import { newScimToken, scimClient } from './helpers/scim';
import { type SsoFixture, ssoFixture } from './helpers/sso';
import type { TestUser } from './helpers/testServer';

describe('single sign-on required', () => {
  let sso: SsoFixture;
  let adminSecret: string;
  let member: TestUser;
  let memberPasswordKey: string;
  let memberSsoKey: string;
  /** Personal access tokens made in the member's password session and in their provider session. */
  let passwordSessionToken: string;
  let ssoSessionToken: string;
  /** A member with two-factor on, between their password and their code when it is switched on. */
  let codeMember: TestUser;
  let codeMemberSecret: string;
  let openChallenge: string;

  const me = (key: string) => sso.server.api('GET', '/api/get-user-details/', { token: key });
  const setMember = (id: number, body: Record<string, unknown>) =>
    sso.server.api('PATCH', `/api/organisation/members/${id}/`, { token: sso.adminKey, body });
  const passwordLogin = (user: TestUser, password = user.password) =>
    sso.server.api('POST', '/api/auth/login/', { body: { email: user.email, password } });

  beforeAll(async () => {
    sso = await ssoFixture();
    expect((await sso.configure()).status).toBe(200);
    await awayFromStepEdge();
    adminSecret = (await sso.server.api('POST', '/api/auth/mfa/totp/setup/', { token: sso.adminKey })).body
      .secret;
    const confirmed = await sso.server.api('POST', '/api/auth/mfa/totp/confirm/', {
      token: sso.adminKey,
      body: { code: codeFor(adminSecret, -1) },
    });
    expect(confirmed.status).toBe(200);
    member = await sso.server.createUser({ organisationId: sso.organisationId, email: 'mia@acme.test' });
    memberPasswordKey = await sso.server.loginAs(member);
    sso.account('mia@acme.test');
    memberSsoKey = (await sso.signIn('mia@acme.test')).body.key;
    expect(memberSsoKey).toEqual(expect.any(String));
    passwordSessionToken = await makeToken(memberPasswordKey, 'Password session');
    ssoSessionToken = await makeToken(memberSsoKey, 'Provider session');

    codeMember = await sso.server.createUser({ organisationId: sso.organisationId, email: 'max@acme.test' });
    const codeMemberKey = await sso.server.loginAs(codeMember);
    codeMemberSecret = (await sso.server.api('POST', '/api/auth/mfa/totp/setup/', { token: codeMemberKey }))
      .body.secret;
    const on = await sso.server.api('POST', '/api/auth/mfa/totp/confirm/', {
      token: codeMemberKey,
      body: { code: codeFor(codeMemberSecret, -1) },
    });
    expect(on.status).toBe(200);
    const first = await passwordLogin(codeMember);
    expect(first.body.mfa_required).toBe(true);
    openChallenge = first.body.mfa_token;
  });

  async function makeToken(key: string, name: string): Promise<string> {
    const made = await sso.server.api('POST', '/api/access-tokens/', {
      token: key,
      body: { name, scope: 'read', expires_in_days: 30 },
    });
    expect(made.status).toBe(201);
    return made.body.token;
  }
  afterAll(() => sso.close());

  it('is refused while no administrator could still sign in, and nothing changes', async () => {
    const refused = await sso.configure({ required: true });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe(SSO_MESSAGES.requiredWouldLockOut);
    const settings = await sso.server.api('GET', '/api/organisation/sso/', { token: sso.adminKey });
    expect(settings.body.required).toBe(false);
  });

  it('names break-glass administrators only among administrators with two-factor on', async () => {
    const notAdmin = await setMember(member.id, { break_glass: true });
    expect(notAdmin.status).toBe(400);
    expect(notAdmin.body.detail).toBe(SSO_MESSAGES.breakGlassOnlyAdmins);

    const other = await sso.server.createUser({
      organisationId: sso.organisationId,
      email: 'otto@acme.test',
      isAdmin: true,
    });
    const noMfa = await setMember(other.id, { break_glass: true });
    expect(noMfa.status).toBe(400);
    expect(noMfa.body.detail).toBe(SSO_MESSAGES.breakGlassNeedsMfa);

    const named = await setMember(sso.admin.id, { break_glass: true });
    expect(named.status).toBe(200);
    expect(named.body.member).toMatchObject({ id: sso.admin.id, break_glass: true, mfa_enabled: true });
    expect(named.body.detail).toBe(SSO_MESSAGES.breakGlassGranted(named.body.member.name));
    const logged = await sso.server.database.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.kind, 'break_glass_granted'), eq(securityEvents.userId, sso.admin.id)));
    expect(logged).toHaveLength(1);
  });

  it('once on, ends the sessions not begun through the provider, except break-glass administrators’', async () => {
    const saved = await sso.configure({ required: true });
    expect(saved.status).toBe(200);
    expect(saved.body.required).toBe(true);
    const ended = await me(memberPasswordKey);
    expect(ended.status).toBe(403);
    expect(ended.body.detail).toBe('Invalid token.');
    expect((await me(memberSsoKey)).status).toBe(200);
    expect((await me(sso.adminKey)).status).toBe(200);
  });

  it('holds back the access tokens made in sessions not begun through the provider', async () => {
    const held = await me(passwordSessionToken);
    expect(held.status).toBe(403);
    expect(held.body).toEqual({ detail: ACCESS_TOKEN_MESSAGES.ssoRequired, code: AUTH_CODES.ssoRequired });
    const kept = await me(ssoSessionToken);
    expect(kept.status).toBe(200);
    expect(kept.body.email).toBe('mia@acme.test');
  });

  it('refuses a code sent after it was switched on, on the security log', async () => {
    await awayFromStepEdge();
    const refused = await sso.server.api('POST', '/api/auth/login/mfa/', {
      body: { mfa_token: openChallenge, code: codeFor(codeMemberSecret) },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: SSO_MESSAGES.ssoRequired, code: AUTH_CODES.ssoRequired });
    const logged = await sso.server.database.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.kind, 'login_failed'), eq(securityEvents.userId, codeMember.id)));
    expect(logged.map((event) => event.detail)).toContainEqual({ reason: 'sso_required' });
  });

  it('refuses a member’s password only after it matched, with the code the web app acts on', async () => {
    const refused = await passwordLogin(member);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: SSO_MESSAGES.ssoRequired, code: AUTH_CODES.ssoRequired });
    const wrong = await passwordLogin(member, 'Not-the-Passw0rd!');
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail).toBe(MESSAGES.wrongCredentials);
    const logged = await sso.server.database.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.kind, 'login_failed'), eq(securityEvents.userId, member.id)));
    expect(logged.map((event) => event.detail)).toContainEqual({ reason: 'sso_required' });
  });

  it('lets a break-glass administrator in with password and code', async () => {
    await awayFromStepEdge();
    const first = await passwordLogin(sso.admin);
    expect(first.body).toEqual({ mfa_required: true, mfa_token: expect.any(String) });
    const second = await sso.server.api('POST', '/api/auth/login/mfa/', {
      body: { mfa_token: first.body.mfa_token, code: codeFor(adminSecret) },
    });
    expect(second.status).toBe(200);
    expect(second.body.key).toEqual(expect.any(String));
  });

  it('keeps the last break-glass administrator while nobody else could sign in', async () => {
    const refused = await setMember(sso.admin.id, { break_glass: false });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe(SSO_MESSAGES.breakGlassLast);
    const members = await sso.server.api('GET', '/api/organisation/members/', { token: sso.adminKey });
    expect(members.body.find((row: { id: number }) => row.id === sso.admin.id).break_glass).toBe(true);
  });

  it('keeps the one administrator who could still sign in, against a demotion and a SCIM deactivation', async () => {
    // Otto stays an administrator, but could not sign in: no identity at the provider, no break-glass.
    const demoted = await setMember(sso.admin.id, { is_admin: false });
    expect(demoted.status).toBe(400);
    expect(demoted.body.detail).toBe(SSO_MESSAGES.lastWayIn);
    const scim = scimClient(sso.server.api, await newScimToken(sso.server.api, sso.adminKey));
    const left = await scim.patch(sso.admin.id, [{ op: 'replace', value: { active: false } }]);
    expect(left.status).toBe(400);
    expect(left.body.detail).toBe(SSO_MESSAGES.lastWayIn);
    const members = await sso.server.api('GET', '/api/organisation/members/', { token: sso.adminKey });
    expect(members.body.find((row: { id: number }) => row.id === sso.admin.id)).toMatchObject({
      is_admin: true,
      break_glass: true,
    });
    // Still active: the administrator's session goes on.
    expect((await me(sso.adminKey)).status).toBe(200);
  });

  it('answers a clear 503 when the provider is down, while break-glass still works', async () => {
    const started = await sso.start('mia@acme.test');
    const redirect = await sso.provider.signIn(started.body.authorization_url, 'mia@acme.test');
    sso.provider.unavailable = true;
    try {
      const down = await sso.server.api('POST', '/api/auth/sso/callback/', {
        body: {
          state: redirect.state,
          code: redirect.code,
          iss: redirect.iss,
          attempt_secret: started.body.attempt_secret,
        },
      });
      expect(down.status).toBe(503);
      expect(down.body.detail).toBe(SSO_MESSAGES.providerUnreachable);

      const saving = await sso.configure({ required: true });
      expect(saving.status).toBe(400);
      expect(saving.body.errors.issuer[0]).toMatch(
        /^Could not fetch http:\/\/127\.0\.0\.1:\d+\/\.well-known/,
      );

      await awayFromStepEdge();
      const first = await passwordLogin(sso.admin);
      const second = await sso.server.api('POST', '/api/auth/login/mfa/', {
        body: { mfa_token: first.body.mfa_token, code: codeFor(adminSecret, 1) },
      });
      expect(second.status).toBe(200);
    } finally {
      sso.provider.unavailable = false;
    }
  });

  it('lets members use passwords again once single sign-on is removed', async () => {
    const removed = await sso.server.api('DELETE', '/api/organisation/sso/', { token: sso.adminKey });
    expect(removed.body.detail).toBe(SSO_MESSAGES.settingsRemoved);
    expect((await passwordLogin(member)).status).toBe(200);
    expect((await sso.start('mia@acme.test')).status).toBe(400);
  });
});
