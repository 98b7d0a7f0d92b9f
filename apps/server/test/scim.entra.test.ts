/**
 * Microsoft Entra ID's SCIM client, replayed: the requests its provisioning documentation lists
 * (a look-up of a random userName as connection test, look-up then create with the enterprise
 * extension, PATCH with capitalised ops and paths, including filtered e-mail paths and booleans
 * sent as "False"/"True", attributes Keystone does not keep, and DELETE).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrganisation, type OrganisationFixture, organisationApi } from './helpers/organisation';
import { newScimToken, ownDomain, SCIM_LIST, SCIM_USER, scimClient, signInProvisioned } from './helpers/scim';
import { getTestServer, type TestServer } from './helpers/testServer';

const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';

describe('SCIM: Microsoft Entra ID’s request sequence', () => {
  let server: TestServer;
  let f: OrganisationFixture;
  let entra: ReturnType<typeof scimClient>;
  let id: string;
  const userName = 'test_user_ab6490ee@acme.example';
  const externalId = '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef';

  beforeAll(async () => {
    server = await getTestServer();
    f = await buildOrganisation(server);
    await ownDomain(server, f.organisationId, 'acme.example');
    entra = scimClient(server.api, await newScimToken(server.api, f.admin.key, 'Entra ID'));
  });
  afterAll(() => server.close());

  it('should answer the connection test: a random userName finds nobody', async () => {
    const probe = await entra.find('userName eq "a6a3d3c1-16a5-46a2-8bd5-6a2e8e2e0b6f"');
    expect(probe.status).toBe(200);
    expect(probe.body).toMatchObject({ schemas: [SCIM_LIST], totalResults: 0, Resources: [] });
  });

  it('should create the person Entra describes, enterprise extension and all', async () => {
    expect((await entra.find(`userName eq "${userName}"`)).body.totalResults).toBe(0);
    const created = await entra.create({
      schemas: [SCIM_USER, ENTERPRISE],
      externalId,
      userName,
      active: true,
      addresses: [{ primary: true, type: 'work', streetAddress: '1 Main St', locality: 'Redmond' }],
      displayName: 'Test User',
      emails: [{ primary: true, type: 'work', value: userName }],
      meta: { resourceType: 'User' },
      name: { formatted: 'Test User', familyName: 'User', givenName: 'Test' },
      phoneNumbers: [{ primary: true, type: 'mobile', value: '+1 425 555 0100' }],
      preferredLanguage: 'en-US',
      title: 'Planner',
      roles: [],
      [ENTERPRISE]: { department: 'Strategy', employeeNumber: '701984', manager: { value: '123' } },
    });
    expect(created.status).toBe(201);
    id = created.body.id;
    expect(created.body).toMatchObject({
      schemas: [SCIM_USER],
      externalId,
      userName,
      name: { givenName: 'Test', familyName: 'User' },
      title: 'Planner',
      active: true,
    });
    // Entra finds the person again by userName and by externalId.
    expect((await entra.find(`userName eq "${userName}"`)).body).toMatchObject({
      totalResults: 1,
      Resources: [{ id }],
    });
    expect((await entra.find(`externalId eq "${externalId}"`)).body.Resources).toEqual([created.body]);
  });

  it('should apply PATCH operations with capitalised ops, paths and filtered e-mail paths', async () => {
    const patched = await entra.patch(id, [
      { op: 'Replace', path: 'emails[type eq "work"].value', value: 'updated.test.user@acme.example' },
      { op: 'Replace', path: 'name.familyName', value: 'Updated' },
      { op: 'Replace', path: 'displayName', value: 'Test Updated' },
      { op: 'Replace', path: 'title', value: 'Head of Strategy' },
      { op: 'Add', path: 'externalId', value: 'e-1234' },
      { op: 'Replace', path: `${ENTERPRISE}:department`, value: 'Planning' },
      { op: 'Replace', path: `${ENTERPRISE}:manager`, value: '456' },
      { op: 'Replace', path: 'phoneNumbers[type eq "work"].value', value: '+1 425 555 0101' },
    ]);
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      id,
      externalId: 'e-1234',
      userName,
      name: { givenName: 'Test', familyName: 'Updated' },
      displayName: 'Test Updated',
      title: 'Head of Strategy',
    });

    const renamed = await entra.patch(id, [
      { op: 'Replace', path: 'userName', value: 'Renamed.User@acme.example' },
    ]);
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      userName: 'renamed.user@acme.example',
      emails: [{ value: 'renamed.user@acme.example', type: 'work', primary: true }],
    });
  });

  it('should take attributes in the value when Entra sends no path', async () => {
    const patched = await entra.patch(id, [
      { op: 'replace', value: { 'name.givenName': 'Tess', title: 'Chief of Staff', externalId: 'e-5678' } },
    ]);
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      name: { givenName: 'Tess', familyName: 'Updated' },
      title: 'Chief of Staff',
      externalId: 'e-5678',
    });
  });

  it('should deactivate on active "False" and reactivate on "True"', async () => {
    const key = await signInProvisioned(server, 'renamed.user@acme.example');
    const disabled = await entra.patch(id, [{ op: 'Replace', path: 'active', value: 'False' }]);
    expect(disabled.status).toBe(200);
    expect(disabled.body.active).toBe(false);
    expect((await server.api('GET', '/api/get-user-details/', { token: key })).status).toBe(403);

    const enabled = await entra.patch(id, [{ op: 'Replace', path: 'active', value: 'True' }]);
    expect(enabled.body.active).toBe(true);
    const again = await signInProvisioned(server, 'renamed.user@acme.example');
    expect((await server.api('GET', '/api/get-user-details/', { token: again })).status).toBe(200);
  });

  it('should deactivate on DELETE, keeping the person (and their name) in Keystone', async () => {
    const key = await signInProvisioned(server, 'renamed.user@acme.example');
    const deleted = await entra.remove(id);
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBe('');
    expect((await server.api('GET', '/api/get-user-details/', { token: key })).status).toBe(403);
    const member = (await organisationApi(server.api).members(f.admin.key)).body.find(
      (row: { id: number }) => row.id === Number(id),
    );
    expect(member).toMatchObject({ name: 'Tess Updated', status: 'deactivated' });
    expect((await entra.get(id)).body.active).toBe(false);
  });

  it('should log every change under the token’s name', async () => {
    const log = await organisationApi(server.api).securityLog(f.admin.key, `user=${id}`);
    const scim = log.body.results.filter((entry: { kind: string }) => !entry.kind.startsWith('login_'));
    expect(scim.map((entry: { kind: string }) => entry.kind)).toEqual([
      'user_deactivated',
      'user_reactivated',
      'user_deactivated',
      'scim_user_updated',
      'scim_user_updated',
      'scim_user_updated',
      'scim_user_created',
    ]);
    for (const entry of scim)
      expect(entry).toMatchObject({ actor: null, detail: { scim_token: 'Entra ID' } });
    expect(scim[4].detail.changed).toEqual(['userName']);
  });
});
