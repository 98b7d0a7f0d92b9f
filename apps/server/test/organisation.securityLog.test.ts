/**
 * GET /api/organisation/security-log/: the organisation's events newest first, paged with
 * `before`, filtered by person and kind, and never an event of another organisation.
 */
import { ORGANISATION_MESSAGES } from '@keystone/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrganisation, type OrganisationFixture, organisationApi } from './helpers/organisation';
import { getTestServer, type TestServer } from './helpers/testServer';

type Entry = { id: number; kind: string; user: { id: number } | null; actor: { id: number } | null };

describe('the security log', () => {
  let server: TestServer;
  let f: OrganisationFixture;
  let org: ReturnType<typeof organisationApi>;

  beforeAll(async () => {
    server = await getTestServer();
    f = await buildOrganisation(server);
    org = organisationApi(server.api);
    // Events in both organisations: sign-ins (the fixture's), a failed one, administrators' actions.
    await server.api('POST', '/api/auth/login/', {
      body: { email: f.member.email, password: 'Wrong-guess4!' },
    });
    await org.updateMember(f.admin.key, f.member.id, { is_admin: true });
    await org.updateMember(f.admin.key, f.member.id, { is_admin: false });
    await org.update(f.outsider.key, { name: 'Rival renamed' });
    await server.api('POST', '/api/auth/login/', {
      body: { email: f.outsider.email, password: 'Wrong-guess4!' },
    });
  });
  afterAll(() => server.close());

  const page = async (query = '') => {
    const response = await org.securityLog(f.admin.key, query);
    expect(response.status).toBe(200);
    return response.body as { results: Entry[]; next_before: number | null };
  };

  const mine = (entry: Entry) => [f.admin.id, f.member.id].includes(entry.user?.id ?? entry.actor?.id ?? 0);

  it('should list the organisation’s events newest first, and only them', async () => {
    const { results, next_before } = await page();
    expect(next_before).toBeNull();
    expect(results.map((entry) => entry.kind)).toEqual([
      'admin_revoked',
      'admin_granted',
      'login_failed',
      'login_succeeded',
      'login_succeeded',
    ]);
    expect(results.every(mine)).toBe(true);
    expect(results[0]).toMatchObject({
      user: { id: f.member.id, name: 'Mo Member', email: f.member.email },
      actor: { id: f.admin.id, name: 'Ada Admin', email: f.admin.email },
      method: null,
    });
    expect(results[2]).toMatchObject({ user: { id: f.member.id }, actor: null, method: 'password' });
    const ids = results.map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('should page with before, and filter by person and kind', async () => {
    const all = (await page()).results;
    const first = await page('limit=2');
    expect(first.results).toEqual(all.slice(0, 2));
    expect(first.next_before).toBe(all[1]!.id);
    const second = await page(`limit=2&before=${first.next_before}`);
    expect(second.results).toEqual(all.slice(2, 4));
    const last = await page(`limit=2&before=${second.next_before}`);
    expect(last.results).toEqual(all.slice(4));
    expect(last.next_before).toBeNull();

    // As the subject or as the actor.
    const admin = await page(`user=${f.admin.id}`);
    expect(admin.results.map((entry) => entry.kind)).toEqual([
      'admin_revoked',
      'admin_granted',
      'login_succeeded',
    ]);
    const granted = await page(`kind=admin_granted&user=${f.member.id}`);
    expect(granted.results.map((entry) => entry.kind)).toEqual(['admin_granted']);
  });

  it('should never show another organisation’s events, whatever the filter', async () => {
    expect((await page(`user=${f.outsider.id}`)).results).toEqual([]);
    expect((await page('kind=organisation_updated')).results).toEqual([]);
    const theirs = (await org.securityLog(f.outsider.key)).body.results as Entry[];
    expect(theirs.map((entry) => entry.kind)).toEqual([
      'login_failed',
      'organisation_updated',
      'login_succeeded',
    ]);
    expect(theirs.some(mine)).toBe(false);
  });

  it('should refuse bad query values with 400', async () => {
    for (const query of ['limit=0', 'limit=101', 'limit=ten', 'before=-1', 'user=abc', 'kind=launch']) {
      const response = await org.securityLog(f.admin.key, query);
      expect(response.status, query).toBe(400);
      expect(typeof response.body.detail).toBe('string');
    }
    expect((await org.securityLog(f.member.key)).body).toEqual({ detail: ORGANISATION_MESSAGES.adminsOnly });
  });
});
