/**
 * GET/PATCH/DELETE /api/organisation/sso/: the provider is checked by its discovery document
 * before anything is stored, the client secret is stored sealed and never sent back, a domain
 * belongs to one organisation, and every change is on the security log.
 */
import { SSO_MESSAGES } from '@keystone/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisationDomains, organisationSso, securityEvents } from '../src/db/schema';
import { CLIENT, type SsoFixture, ssoFixture } from './helpers/sso';

describe('single sign-on settings', () => {
  let sso: SsoFixture;

  beforeAll(async () => {
    sso = await ssoFixture();
  });
  afterAll(() => sso.close());

  const settings = (token = sso.adminKey) => sso.server.api('GET', '/api/organisation/sso/', { token });
  const stored = () =>
    sso.server.database.db
      .select()
      .from(organisationSso)
      .where(eq(organisationSso.organisationId, sso.organisationId));

  it('is for administrators only', async () => {
    const member = await sso.server.createUser({ organisationId: sso.organisationId });
    const key = await sso.server.loginAs(member);
    expect((await settings(key)).status).toBe(403);
    const patch = await sso.server.api('PATCH', '/api/organisation/sso/', {
      token: key,
      body: {
        issuer: sso.provider.issuer,
        client_id: 'x',
        client_secret: 'y',
        domains: ['acme.test'],
        join_rule: 'domain',
        required: false,
      },
    });
    expect(patch.status).toBe(403);
    expect((await sso.server.api('DELETE', '/api/organisation/sso/', { token: key })).status).toBe(403);
  });

  it('answers an empty form with the redirect URI to register before anything is set', async () => {
    expect((await settings()).body).toEqual({
      configured: false,
      issuer: '',
      client_id: '',
      client_secret_set: false,
      domains: [],
      join_rule: 'invited',
      required: false,
      redirect_uri: 'http://localhost:8000/login/sso',
    });
  });

  it.each([
    ['an http issuer that is not loopback', 'http://idp.example.com', SSO_MESSAGES.issuerNotHttps],
    ['an address that is no URL', 'not a url', SSO_MESSAGES.issuerNotHttps],
    [
      'an unreachable issuer',
      'http://127.0.0.1:9',
      SSO_MESSAGES.discoveryUnreachable('http://127.0.0.1:9/.well-known/openid-configuration'),
    ],
  ])('refuses %s with a message saying what failed', async (_name, issuer, message) => {
    const answer = await sso.configure({ issuer });
    expect(answer.status).toBe(400);
    expect(answer.body.errors.issuer).toEqual([message]);
    expect(await stored()).toEqual([]);
  });

  it('refuses an issuer whose discovery document names another issuer', async () => {
    const issuer = sso.provider.issuer.replace('127.0.0.1', 'localhost');
    const answer = await sso.configure({ issuer });
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toBe(
      SSO_MESSAGES.discoveryInvalid(`it names the issuer "${sso.provider.issuer}", not ${issuer}.`),
    );
  });

  it('needs the client secret the first time', async () => {
    const answer = await sso.configure({ client_secret: '' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors.client_secret).toEqual([SSO_MESSAGES.clientSecretRequired]);
  });

  it('stores the provider with its secret sealed, never sends the secret back, and keeps it when left out', async () => {
    const saved = await sso.configure({ domains: ['ACME.test', 'acme-labs.test'] });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      configured: true,
      issuer: sso.provider.issuer,
      client_id: CLIENT.client_id,
      client_secret_set: true,
      domains: ['acme-labs.test', 'acme.test'],
      join_rule: 'invited',
      required: false,
      redirect_uri: 'http://localhost:8000/login/sso',
    });
    const [row] = await stored();
    expect(row!.clientSecret).toMatch(/^sealed:v1:/);
    expect(row!.clientSecret).not.toContain(CLIENT.client_secret);

    const kept = await sso.configure({
      client_secret: undefined,
      domains: ['acme.test'],
      join_rule: 'domain',
    });
    expect(kept.body).toMatchObject({ client_secret_set: true, domains: ['acme.test'], join_rule: 'domain' });
    expect((await stored())[0]!.clientSecret).toBe(row!.clientSecret);
    // The secret still works: a sign-in goes through.
    sso.account('kept@acme.test');
    expect((await sso.signIn('kept@acme.test')).status).toBe(200);

    const logged = await sso.server.database.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.kind, 'sso_settings_changed'), eq(securityEvents.actorId, sso.admin.id)));
    expect(logged.map((event) => event.detail)).toContainEqual(
      expect.objectContaining({ client_secret_changed: false, domains: ['acme.test'], join_rule: 'domain' }),
    );
    expect(JSON.stringify(logged)).not.toContain(CLIENT.client_secret);
  });

  it('refuses a domain another organisation holds, in words that do not say so, and stores nothing', async () => {
    const rival = await sso.server.createOrganisation('Rival');
    const rivalAdmin = await sso.server.createUser({ organisationId: rival, isAdmin: true });
    const key = await sso.server.loginAs(rivalAdmin);
    const answer = await sso.server.api('PATCH', '/api/organisation/sso/', {
      token: key,
      body: {
        issuer: sso.provider.issuer,
        client_id: 'rival',
        client_secret: 'rival-secret',
        domains: ['rival.test', 'acme.test'],
        join_rule: 'domain',
        required: false,
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors.domains).toEqual([SSO_MESSAGES.domainUnavailable('acme.test')]);
    const rivalDomains = await sso.server.database.db
      .select()
      .from(organisationDomains)
      .where(eq(organisationDomains.organisationId, rival));
    expect(rivalDomains).toEqual([]);
  });

  it('refuses malformed domains and bodies', async () => {
    for (const changes of [
      { domains: [] },
      { domains: ['not a domain'] },
      { domains: ['@acme.test'] },
      { join_rule: 'anyone' },
    ]) {
      expect((await sso.configure(changes as never)).status).toBe(400);
    }
  });

  it('turns single sign-on off and lets the domains go', async () => {
    const removed = await sso.server.api('DELETE', '/api/organisation/sso/', { token: sso.adminKey });
    expect(removed.status).toBe(200);
    expect((await settings()).body.configured).toBe(false);
    expect((await sso.start('kept@acme.test')).body.detail).toBe(SSO_MESSAGES.noSsoForAddress);
  });
});
