/**
 * The attacks on single sign-on that must fail (issue 31), each against the real provider: replays,
 * a tampered nonce, tokens of another issuer or client, identities and addresses that do not
 * belong, another browser's or an expired attempt. Never a 500, never a session.
 */
import { SSO_MESSAGES } from '@keystone/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestOidcProvider } from '../../../testing/oidcProvider';
import { ssoAttempts, userIdentities } from '../src/db/schema';
import { sha256 } from '../src/lib/secrets';
import { CLIENT, REDIRECT_URI, type SsoFixture, ssoFixture } from './helpers/sso';

const OTHER_APP = { client_id: 'other-app', client_secret: 'other-secret', redirect_uris: [REDIRECT_URI] };

describe('single sign-on: attacks', () => {
  let sso: SsoFixture;
  /** Another provider, with a client of the same id (a token of another issuer). */
  let other: TestOidcProvider;

  beforeAll(async () => {
    sso = await ssoFixture([OTHER_APP]);
    expect((await sso.configure({ join_rule: 'domain' })).status).toBe(200);
    other = new TestOidcProvider({ clients: [CLIENT] });
    await other.start();
  });
  afterAll(async () => {
    await other.stop();
    await sso.close();
  });

  const callback = (body: Record<string, unknown>) =>
    sso.server.api('POST', '/api/auth/sso/callback/', { body });

  /** A started sign-in and the provider's redirect back for `login`. */
  async function attempt(email: string, login = email) {
    const started = await sso.start(email);
    expect(started.status).toBe(200);
    const redirect = await sso.provider.signIn(started.body.authorization_url, login);
    const body = {
      state: redirect.state,
      code: redirect.code,
      iss: redirect.iss,
      attempt_secret: started.body.attempt_secret,
    };
    return { started, redirect, body };
  }

  function expectRefused(
    response: { status: number; body: { detail?: string; key?: string } },
    detail: string,
  ) {
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.body.detail).toBe(detail);
    expect(response.body.key).toBeUndefined();
  }

  it('refuses a replayed state (the attempt is used once)', async () => {
    sso.account('replay@acme.test');
    const { body } = await attempt('replay@acme.test');
    expect((await callback(body)).status).toBe(200);
    expectRefused(await callback(body), SSO_MESSAGES.attemptExpired);
  });

  it('refuses a code replayed with a new attempt', async () => {
    sso.account('code@acme.test');
    const first = await attempt('code@acme.test');
    expect((await callback(first.body)).status).toBe(200);
    const second = await attempt('code@acme.test');
    expectRefused(await callback({ ...second.body, code: first.body.code }), SSO_MESSAGES.signInFailed);
  });

  it('refuses an ID token whose nonce is not the attempt’s', async () => {
    sso.account('nonce@acme.test');
    const { body } = await attempt('nonce@acme.test');
    await sso.server.database.db
      .update(ssoAttempts)
      .set({ nonce: 'another-nonce' })
      .where(eq(ssoAttempts.stateHash, sha256(body.state!)));
    expectRefused(await callback(body), SSO_MESSAGES.signInFailed);
  });

  it('refuses a token from another issuer', async () => {
    sso.account('issuer@acme.test');
    other.addAccount({ sub: 'sub-issuer@acme.test', email: 'issuer@acme.test' });
    const started = await sso.start('issuer@acme.test');
    // The same authorization request, answered by the other provider.
    const url = new URL(started.body.authorization_url);
    const elsewhere = await other.signIn(`${other.issuer}${url.pathname}${url.search}`, 'issuer@acme.test');
    expect(elsewhere.code).toEqual(expect.any(String));
    const body = {
      state: elsewhere.state,
      code: elsewhere.code,
      attempt_secret: started.body.attempt_secret,
    };
    expectRefused(await callback({ ...body, iss: elsewhere.iss }), SSO_MESSAGES.signInFailed);
  });

  it('refuses ID tokens naming another issuer or another client, though signed by the provider', async () => {
    sso.account('dishonest@acme.test');
    for (const change of [{ iss: other.issuer }, { aud: 'another-client' }]) {
      const { body } = await attempt('dishonest@acme.test');
      sso.provider.tamperIdToken = (claims) => ({ ...claims, ...change });
      try {
        expectRefused(await callback(body), SSO_MESSAGES.signInFailed);
      } finally {
        sso.provider.tamperIdToken = undefined;
      }
    }
  });

  it('refuses a code issued to another client of the provider', async () => {
    sso.account('client@acme.test');
    const started = await sso.start('client@acme.test');
    const url = new URL(started.body.authorization_url);
    url.searchParams.set('client_id', OTHER_APP.client_id);
    const redirect = await sso.provider.signIn(url.href, 'client@acme.test');
    expect(redirect.code).toEqual(expect.any(String));
    const body = {
      state: redirect.state,
      code: redirect.code,
      iss: redirect.iss,
      attempt_secret: started.body.attempt_secret,
    };
    expectRefused(await callback(body), SSO_MESSAGES.signInFailed);
  });

  it('refuses a second subject for an account already linked to one', async () => {
    sso.account('linked@acme.test', { sub: 'first-subject' });
    expect((await attempt('linked@acme.test').then(({ body }) => callback(body))).status).toBe(200);
    sso.account('linked@acme.test', { sub: 'second-subject' });
    const { body } = await attempt('linked@acme.test', 'second-subject');
    expectRefused(await callback(body), SSO_MESSAGES.identityLinkedElsewhere);
  });

  it('refuses an identity linked to a person of another organisation', async () => {
    const rival = await sso.server.createOrganisation('Rival');
    const person = await sso.server.createUser({ organisationId: rival, email: 'rival@rival.test' });
    sso.account('spy@acme.test', { sub: 'rival-subject' });
    await sso.server.database.db
      .insert(userIdentities)
      .values({ userId: person.id, issuer: sso.provider.issuer, subject: 'rival-subject' });
    const { body } = await attempt('spy@acme.test');
    expectRefused(await callback(body), SSO_MESSAGES.identityLinkedElsewhere);
  });

  it('refuses an address outside the organisation’s domains, and an unverified one', async () => {
    sso.account('someone@evil.test', { sub: 'outside' });
    const outside = await attempt('door@acme.test', 'outside');
    expectRefused(await callback(outside.body), SSO_MESSAGES.emailOutsideDomains);

    sso.account('unverified@acme.test', { email_verified: false });
    const unverified = await attempt('unverified@acme.test');
    expectRefused(await callback(unverified.body), SSO_MESSAGES.emailNotVerified);
  });

  it('refuses another browser’s attempt secret and leaves the attempt to its own browser', async () => {
    sso.account('browser@acme.test');
    const { body } = await attempt('browser@acme.test');
    expectRefused(
      await callback({ ...body, attempt_secret: 'another-browsers-secret' }),
      SSO_MESSAGES.attemptExpired,
    );
    expect((await callback(body)).status).toBe(200);
  });

  it('refuses an expired attempt', async () => {
    sso.account('late@acme.test');
    const { body } = await attempt('late@acme.test');
    await sso.server.database.db
      .update(ssoAttempts)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(ssoAttempts.stateHash, sha256(body.state!)));
    expectRefused(await callback(body), SSO_MESSAGES.attemptExpired);
  });

  it('says what the provider answered when it refused', async () => {
    const started = await sso.start('cancel@acme.test');
    sso.account('cancel@acme.test');
    const redirect = await sso.provider.signIn(started.body.authorization_url, 'cancel@acme.test', {
      deny: true,
    });
    const answer = await callback({
      state: redirect.state,
      error: redirect.error,
      error_description: redirect.error_description,
      attempt_secret: started.body.attempt_secret,
    });
    expectRefused(answer, SSO_MESSAGES.providerRefused('The person cancelled the sign-in.'));
  });

  it('answers hostile callback bodies with a 4xx', async () => {
    for (const body of [
      {},
      { state: 'x' },
      { state: 'x'.repeat(501), attempt_secret: 'y' },
      { state: 1, attempt_secret: 2 },
      { state: 'x', attempt_secret: 'y', code: 'z'.repeat(5000) },
    ]) {
      const answer = await callback(body);
      expect(answer.status).toBe(400);
    }
  });
});
