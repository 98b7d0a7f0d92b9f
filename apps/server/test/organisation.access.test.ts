/**
 * The administrators' API is for administrators of the caller's organisation only: 403 for
 * everyone else, 404 for another organisation's people; and what GET/PATCH /organisation/ and
 * GET /organisation/members/ answer.
 */
import { MESSAGES, ORGANISATION_MESSAGES, STRATEGY_MESSAGES } from '@keystone/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addPlaceholder,
  buildOrganisation,
  type OrganisationFixture,
  organisationApi,
} from './helpers/organisation';
import { personOf, signedInUser, strategyApi } from './helpers/strategies';
import { getTestServer, type TestServer } from './helpers/testServer';

describe('the administrators’ API', () => {
  let server: TestServer;
  let f: OrganisationFixture;
  let org: ReturnType<typeof organisationApi>;

  beforeAll(async () => {
    server = await getTestServer();
    f = await buildOrganisation(server);
    org = organisationApi(server.api);
  });
  afterAll(() => server.close());

  const everyCall = (key: string | undefined, memberId: number) => [
    org.get(key),
    org.update(key, { name: 'Taken over' }),
    org.members(key),
    org.updateMember(key, memberId, { is_admin: true }),
    org.securityLog(key),
  ];

  it('should answer 403 to a member who is not an administrator, and change nothing', async () => {
    for (const response of await Promise.all(everyCall(f.member.key, f.member.id))) {
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ detail: ORGANISATION_MESSAGES.adminsOnly });
    }
    expect((await org.get(f.admin.key)).body.name).toBe('Acme');
    const members = (await org.members(f.admin.key)).body;
    expect(members.find((member: { id: number }) => member.id === f.member.id).is_admin).toBe(false);
  });

  it('should answer 403 to a caller without a key or with a wrong one', async () => {
    for (const response of await Promise.all(everyCall(undefined, f.member.id))) {
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ detail: MESSAGES.credentialsMissing });
    }
    for (const response of await Promise.all(everyCall('not-a-key', f.member.id))) {
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ detail: MESSAGES.invalidToken });
    }
  });

  it('should answer 404 for a person of another organisation or nobody, whatever the change', async () => {
    for (const body of [{ is_admin: true }, { is_admin: false }, { is_active: false }, { is_active: true }]) {
      for (const id of [f.outsider.id, 999_999]) {
        const response = await org.updateMember(f.admin.key, id, body);
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ detail: ORGANISATION_MESSAGES.memberNotFound });
      }
    }
    // The outsider is still an active administrator of their own organisation.
    expect((await org.get(f.outsider.key)).status).toBe(200);
    expect((await org.updateMember(f.outsider.key, f.admin.id, { is_active: false })).status).toBe(404);
  });

  it('should refuse bad input with 400', async () => {
    expect((await org.updateMember(f.admin.key, 'abc', { is_admin: true })).status).toBe(400);
    expect((await org.updateMember(f.admin.key, f.member.id, {})).status).toBe(400);
    expect((await org.updateMember(f.admin.key, f.member.id, { is_admin: 'yes' })).status).toBe(400);
    expect((await org.updateMember(f.admin.key, f.member.id, { is_owner: true })).status).toBe(400);
    const blank = await org.update(f.admin.key, { name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.detail).toBe(ORGANISATION_MESSAGES.organisationNameRequired);
  });

  describe('GET and PATCH /api/organisation/', () => {
    it('should show and change the organisation, and log who changed it', async () => {
      expect((await org.get(f.admin.key)).body).toEqual({
        id: f.organisationId,
        name: 'Acme',
        only_admins_invite: false,
        mfa_required: 'off',
      });
      const changed = await org.update(f.admin.key, { name: 'Acme Ltd', only_admins_invite: true });
      expect(changed.status).toBe(200);
      expect(changed.body).toEqual({
        id: f.organisationId,
        name: 'Acme Ltd',
        only_admins_invite: true,
        mfa_required: 'off',
      });
      expect((await org.get(f.admin.key)).body).toEqual(changed.body);
      expect((await org.get(f.outsider.key)).body.name).toBe('Rival of Acme');

      const log = (await org.securityLog(f.admin.key, 'kind=organisation_updated')).body;
      expect(log.results).toHaveLength(1);
      expect(log.results[0]).toMatchObject({
        kind: 'organisation_updated',
        user: null,
        actor: { id: f.admin.id, name: 'Ada Admin', email: f.admin.email },
        detail: { name: 'Acme Ltd', only_admins_invite: true },
      });
      await org.update(f.admin.key, { name: 'Acme', only_admins_invite: false });
    });
  });

  describe('GET /api/organisation/members/', () => {
    it('should list everyone with status, roles and last activity, in a fixed number of queries', async () => {
      const server2 = await getTestServer();
      try {
        const g = await buildOrganisation(server2, 'Globex');
        const api = organisationApi(server2.api);
        const strategies = strategyApi(server2);
        const invitedId = await addPlaceholder(server2, g.organisationId, 'zed@example.com');

        server2.queries.length = 0;
        const small = await api.members(g.admin.key);
        const smallCount = server2.queries.length;
        expect(small.body.map((member: { id: number }) => member.id)).toEqual([
          g.admin.id,
          g.member.id,
          invitedId,
        ]);

        // More people, strategies and roles: the same number of queries.
        const grow = await strategies.create(g.admin.key, { title: 'Grow' });
        const untitled = await strategies.create(g.admin.key, {});
        const extra = await signedInUser(server2, {
          organisationId: g.organisationId,
          firstName: 'Bea',
          lastName: 'Busy',
        });
        const gone = await signedInUser(server2, {
          organisationId: g.organisationId,
          firstName: 'Al',
          lastName: 'Gone',
        });
        const initiative = grow.focus_areas[0]!.initiatives[0]!.id;
        await strategies.assignOk(g.admin.key, {
          strategy_id: grow.id,
          strategy_masters: [personOf(g.admin), personOf(extra)],
          initiatives: [
            {
              initiative_id: initiative,
              owners: [personOf(g.member)],
              sponsors: [personOf(g.member)],
              team_members: [personOf(extra), { email: 'zed@example.com' }],
            },
          ],
        });
        expect((await api.updateMember(g.admin.key, gone.id, { is_active: false })).status).toBe(200);

        server2.queries.length = 0;
        const large = await api.members(g.admin.key);
        expect(server2.queries.length).toBe(smallCount);
        expect(large.status).toBe(200);
        const byId = new Map(large.body.map((member: { id: number }) => [member.id, member]));
        // Active by name, then the invited, then the deactivated.
        expect(large.body.map((member: { id: number }) => member.id)).toEqual([
          g.admin.id,
          extra.id,
          g.member.id,
          invitedId,
          gone.id,
        ]);
        expect(byId.get(g.admin.id)).toMatchObject({
          name: 'Ada Admin',
          email: g.admin.email,
          business_title: '',
          is_admin: true,
          status: 'active',
          strategies: [
            { id: grow.id, title: 'Grow', roles: ['master'] },
            { id: untitled.id, title: STRATEGY_MESSAGES.untitledStrategy, roles: ['master'] },
          ],
        });
        expect(Date.parse((byId.get(g.admin.id) as { last_active: string }).last_active)).toBeGreaterThan(
          Date.now() - 60_000,
        );
        expect(byId.get(g.member.id)).toMatchObject({
          status: 'active',
          is_admin: false,
          strategies: [{ id: grow.id, title: 'Grow', roles: ['owner', 'sponsor'] }],
        });
        expect(byId.get(extra.id)).toMatchObject({
          strategies: [{ id: grow.id, title: 'Grow', roles: ['master', 'team_member'] }],
        });
        expect(byId.get(invitedId)).toEqual({
          id: invitedId,
          name: null,
          email: 'zed@example.com',
          business_title: '',
          is_admin: false,
          break_glass: false,
          mfa_enabled: false,
          sso_linked: false,
          status: 'invited',
          last_active: null,
          strategies: [{ id: grow.id, title: 'Grow', roles: ['team_member'] }],
        });
        expect(byId.get(gone.id)).toMatchObject({ status: 'deactivated', is_admin: false });
        // Nobody of another organisation.
        expect(byId.has(g.outsider.id)).toBe(false);
      } finally {
        await server2.close();
      }
    });
  });
});
