/** Fixtures of the administrators' API tests: an organisation with an administrator, and its calls. */
import { users } from '../../src/db/schema';
import type { Api } from './realtime';
import { type Member, signedInUser } from './strategies';
import type { TestServer } from './testServer';

export function organisationApi(api: Api) {
  return {
    get: (key?: string) => api('GET', '/api/organisation/', { token: key }),
    update: (key: string | undefined, body: unknown) =>
      api('PATCH', '/api/organisation/', { token: key, body }),
    members: (key?: string) => api('GET', '/api/organisation/members/', { token: key }),
    updateMember: (key: string | undefined, id: number | string, body: unknown) =>
      api('PATCH', `/api/organisation/members/${id}/`, { token: key, body }),
    securityLog: (key?: string, query = '') =>
      api('GET', `/api/organisation/security-log/${query ? `?${query}` : ''}`, { token: key }),
  };
}

export interface OrganisationFixture {
  organisationId: number;
  admin: Member;
  member: Member;
  /** The administrator of another organisation. */
  outsider: Member;
}

export async function buildOrganisation(server: TestServer, name = 'Acme'): Promise<OrganisationFixture> {
  const organisationId = await server.createOrganisation(name);
  const otherOrganisationId = await server.createOrganisation(`Rival of ${name}`);
  const admin = await signedInUser(server, {
    organisationId,
    isAdmin: true,
    firstName: 'Ada',
    lastName: 'Admin',
  });
  const member = await signedInUser(server, { organisationId, firstName: 'Mo', lastName: 'Member' });
  const outsider = await signedInUser(server, {
    organisationId: otherOrganisationId,
    isAdmin: true,
    firstName: 'Rita',
    lastName: 'Rival',
  });
  return { organisationId, admin, member, outsider };
}

/** Someone invited but not signed up yet (what the team page creates for a typed address). */
export async function addPlaceholder(
  server: TestServer,
  organisationId: number,
  email: string,
): Promise<number> {
  const [row] = await server.database.db
    .insert(users)
    .values({ organisationId, email, isPlaceholder: true })
    .returning({ id: users.id });
  return row!.id;
}
