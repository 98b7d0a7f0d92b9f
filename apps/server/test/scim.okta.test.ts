/**
 * Okta's SCIM 2.0 client, replayed: the requests Okta's provisioning documentation lists, in the
 * order it sends them (test connection, look-up by userName, create, read, profile update by PUT,
 * deactivate and reactivate by PATCH without a path), answered as Okta expects.
 */
import { MESSAGES } from '@keystone/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrganisation, type OrganisationFixture, organisationApi } from './helpers/organisation';
import {
  newScimToken,
  ownDomain,
  SCIM_LIST,
  SCIM_PATCH,
  SCIM_USER,
  scimClient,
  signInProvisioned,
} from './helpers/scim';
import { getTestServer, type TestServer } from './helpers/testServer';

describe('SCIM: Okta’s request sequence', () => {
  let server: TestServer;
  let f: OrganisationFixture;
  let okta: ReturnType<typeof scimClient>;
  let id: string;
  const userName = 'isabella.clark@acme.example';

  beforeAll(async () => {
    server = await getTestServer();
    f = await buildOrganisation(server);
    await ownDomain(server, f.organisationId, 'acme.example');
    okta = scimClient(server.api, await newScimToken(server.api, f.admin.key, 'Okta'));
  });
  afterAll(() => server.close());

  it('should answer the connection test with the service provider’s configuration and a page of users', async () => {
    const config = await okta.call('GET', '/ServiceProviderConfig');
    expect(config.status).toBe(200);
    expect(config.headers['content-type']).toMatch(/^application\/scim\+json/);
    expect(config.body).toMatchObject({
      patch: { supported: true },
      bulk: { supported: false },
      filter: { supported: true },
      authenticationSchemes: [{ type: 'oauthbearertoken' }],
    });
    const page = await okta.call('GET', '/Users?startIndex=1&count=2');
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      schemas: [SCIM_LIST],
      totalResults: 2,
      startIndex: 1,
      itemsPerPage: 2,
    });
  });

  it('should find nobody by userName, then create the person', async () => {
    const lookUp = await okta.find(`userName eq "${userName}"`, '&startIndex=1&count=100');
    expect(lookUp.status).toBe(200);
    expect(lookUp.body).toEqual({
      schemas: [SCIM_LIST],
      totalResults: 0,
      startIndex: 1,
      itemsPerPage: 0,
      Resources: [],
    });

    const created = await okta.create({
      schemas: [SCIM_USER],
      userName: 'Isabella.Clark@acme.example',
      name: { givenName: 'Isabella', familyName: 'Clark' },
      emails: [{ primary: true, value: 'Isabella.Clark@acme.example', type: 'work' }],
      displayName: 'Isabella Clark',
      locale: 'en-US',
      externalId: '00ujl29u0le5T6Aj10h7',
      groups: [],
      password: '1mz050nq',
      active: true,
    });
    expect(created.status).toBe(201);
    id = created.body.id;
    expect(created.headers.location).toBe(`${server.ctx.config.appUrl}/scim/v2/Users/${id}`);
    expect(created.body).toMatchObject({
      schemas: [SCIM_USER],
      id: expect.stringMatching(/^\d+$/),
      externalId: '00ujl29u0le5T6Aj10h7',
      userName,
      name: { givenName: 'Isabella', familyName: 'Clark' },
      displayName: 'Isabella Clark',
      emails: [{ value: userName, type: 'work', primary: true }],
      active: true,
      meta: { resourceType: 'User', location: created.headers.location },
    });

    const members = await organisationApi(server.api).members(f.admin.key);
    const member = members.body.find((row: { id: number }) => row.id === Number(id));
    expect(member).toMatchObject({ email: userName, is_admin: false, status: 'active', strategies: [] });
    // The password Okta sent is never a way in.
    const login = await server.api('POST', '/api/auth/login/', {
      body: { email: userName, password: '1mz050nq' },
    });
    expect(login.status).toBe(400);
  });

  it('should read the person back, and find them by userName whatever its case', async () => {
    const read = await okta.get(id);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id, userName, active: true });
    const found = await okta.find(`userName eq "ISABELLA.CLARK@acme.example"`, '&startIndex=1&count=100');
    expect(found.body).toMatchObject({ totalResults: 1, Resources: [{ id, userName }] });
  });

  it('should replace the profile with PUT', async () => {
    const read = (await okta.get(id)).body;
    const replaced = await okta.replace(id, {
      ...read,
      name: { givenName: 'Bella', familyName: 'Clark-Hughes' },
      title: 'Head of Planning',
      emails: [{ primary: true, value: userName, type: 'work' }],
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({
      id,
      name: { givenName: 'Bella', familyName: 'Clark-Hughes' },
      displayName: 'Bella Clark-Hughes',
      title: 'Head of Planning',
      active: true,
    });
  });

  it('should deactivate with a PATCH without a path, ending the person’s sessions', async () => {
    const key = await signInProvisioned(server, userName);
    const deactivated = await okta.patch(id, [{ op: 'replace', value: { active: false } }]);
    expect(deactivated.status).toBe(200);
    expect(deactivated.body).toMatchObject({ id, active: false });
    const refused = await server.api('GET', '/api/get-user-details/', { token: key });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: MESSAGES.invalidToken });
    expect((await okta.get(id)).body.active).toBe(false);
  });

  it('should reactivate with active true', async () => {
    const reactivated = await okta.call('PATCH', `/Users/${id}`, {
      schemas: [SCIM_PATCH],
      Operations: [{ op: 'replace', value: { active: true } }],
    });
    expect(reactivated.status).toBe(200);
    expect(reactivated.body.active).toBe(true);
    const members = await organisationApi(server.api).members(f.admin.key);
    const member = members.body.find((row: { id: number }) => row.id === Number(id));
    expect(member.status).toBe('active');
  });

  it('should put each change on the security log, naming the token and no person', async () => {
    const log = await organisationApi(server.api).securityLog(f.admin.key, `user=${id}`);
    expect(log.body.results.map((entry: { kind: string }) => entry.kind)).toEqual([
      'user_reactivated',
      'user_deactivated',
      'login_succeeded',
      'scim_user_updated',
      'login_failed',
      'scim_user_created',
    ]);
    const scim = log.body.results.filter((entry: { kind: string }) => !entry.kind.startsWith('login_'));
    for (const entry of scim) expect(entry).toMatchObject({ actor: null, detail: { scim_token: 'Okta' } });
    expect(scim[2].detail.changed).toEqual(['name.givenName', 'name.familyName', 'title']);
  });
});
