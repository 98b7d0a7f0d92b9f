/** Fixtures of the SCIM tests: the administrators' token calls, a provider's SCIM client. */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { organisationDomains, users } from '../../src/db/schema';
import { hashPassword } from '../../src/lib/passwords';
import type { Api } from './realtime';
import { PASSWORD, type TestServer } from './testServer';

export function scimTokenApi(api: Api) {
  return {
    list: (key?: string) => api('GET', '/api/organisation/scim-tokens/', { token: key }),
    create: (key: string | undefined, body: unknown) =>
      api('POST', '/api/organisation/scim-tokens/', { token: key, body }),
    revoke: (key: string | undefined, id: number | string) =>
      api('DELETE', `/api/organisation/scim-tokens/${id}/`, { token: key }),
  };
}

export const SCIM_USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const SCIM_PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const SCIM_ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const SCIM_LIST = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';

/** A provider's SCIM client: the bearer token and SCIM's media type on every call. */
export function scimClient(api: Api, token: string) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' };
  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown) =>
    api(method, `/scim/v2${path}`, { headers, ...(body !== undefined && { body }) });
  return {
    call,
    find: (filter: string, paging = '') =>
      call('GET', `/Users?filter=${encodeURIComponent(filter)}${paging}`),
    create: (body: unknown) => call('POST', '/Users', body),
    get: (id: string | number) => call('GET', `/Users/${id}`),
    replace: (id: string | number, body: unknown) => call('PUT', `/Users/${id}`, body),
    patch: (id: string | number, operations: unknown[]) =>
      call('PATCH', `/Users/${id}`, { schemas: [SCIM_PATCH], Operations: operations }),
    remove: (id: string | number) => call('DELETE', `/Users/${id}`),
  };
}

/** A new SCIM token of the organisation, made by its administrator through the API. */
export async function newScimToken(api: Api, adminKey: string, name = 'Provider'): Promise<string> {
  const created = await scimTokenApi(api).create(adminKey, { name });
  if (created.status !== 201) throw new Error(`SCIM token not created: ${JSON.stringify(created.body)}`);
  return created.body.token;
}

/**
 * Signs a SCIM-made person in and answers their key. They would come through the organisation's
 * provider; a password set in the database stands in for it here.
 */
export async function signInProvisioned(server: TestServer, email: string): Promise<string> {
  await server.database.db
    .update(users)
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where(eq(users.email, email));
  const login = await server.api('POST', '/api/auth/login/', { body: { email, password: PASSWORD } });
  expect(login.status).toBe(200);
  return login.body.key;
}

/**
 * Gives the organisation an e-mail domain, as saving its single sign-on settings does (that save
 * fetches the provider's discovery document, which these tests have no need of).
 */
export async function ownDomain(server: TestServer, organisationId: number, domain: string): Promise<void> {
  await server.database.db.insert(organisationDomains).values({ domain, organisationId });
}
