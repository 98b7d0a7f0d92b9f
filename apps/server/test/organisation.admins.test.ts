/**
 * PATCH /api/organisation/members/{id}/: who may be an administrator, and the rules that keep an
 * organisation administered (at least one active administrator, even under concurrent requests).
 */
import { ORGANISATION_MESSAGES, STRATEGY_MESSAGES } from '@keystone/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPlaceholder, buildOrganisation, organisationApi } from './helpers/organisation';
import { personOf, signedInUser, strategyApi } from './helpers/strategies';
import { getTestServer, type TestServer } from './helpers/testServer';

describe('administrators and their rules', () => {
  let server: TestServer;
  let org: ReturnType<typeof organisationApi>;

  beforeAll(async () => {
    server = await getTestServer();
    org = organisationApi(server.api);
  });
  afterAll(() => server.close());

  const activeAdmins = async (key: string) =>
    (await org.members(key)).body
      .filter(
        (member: { is_admin: boolean; status: string }) => member.is_admin && member.status === 'active',
      )
      .map((member: { id: number }) => member.id);

  it('should grant and revoke administration, log it with the actor, and apply it to the next request', async () => {
    const f = await buildOrganisation(server, 'Grant');
    const granted = await org.updateMember(f.admin.key, f.member.id, { is_admin: true });
    expect(granted.status).toBe(200);
    expect(granted.body.detail).toBe(ORGANISATION_MESSAGES.adminGranted('Mo Member'));
    expect(granted.body.member).toMatchObject({ id: f.member.id, is_admin: true, status: 'active' });
    // The same key is an administrator's at once.
    expect((await org.get(f.member.key)).status).toBe(200);

    const revoked = await org.updateMember(f.admin.key, f.member.id, { is_admin: false });
    expect(revoked.body.detail).toBe(ORGANISATION_MESSAGES.adminRevoked('Mo Member'));
    expect((await org.get(f.member.key)).status).toBe(403);

    const log = (await org.securityLog(f.admin.key, `user=${f.member.id}`)).body.results;
    expect(log.map((entry: { kind: string }) => entry.kind).slice(0, 2)).toEqual([
      'admin_revoked',
      'admin_granted',
    ]);
    expect(log[0]).toMatchObject({
      user: { id: f.member.id, name: 'Mo Member' },
      actor: { id: f.admin.id, name: 'Ada Admin' },
    });
  });

  it('should keep the last active administrator, and let one of two step down', async () => {
    const f = await buildOrganisation(server, 'Last');
    const alone = await org.updateMember(f.admin.key, f.admin.id, { is_admin: false });
    expect(alone.status).toBe(400);
    expect(alone.body).toEqual({ detail: ORGANISATION_MESSAGES.lastAdmin });

    await org.updateMember(f.admin.key, f.member.id, { is_admin: true });
    const steppedDown = await org.updateMember(f.admin.key, f.admin.id, { is_admin: false });
    expect(steppedDown.status).toBe(200);
    expect(await activeAdmins(f.member.key)).toEqual([f.member.id]);
    // The former administrator may no longer act.
    expect((await org.updateMember(f.admin.key, f.admin.id, { is_admin: true })).status).toBe(403);
  });

  it('should refuse one of two administrators demoting each other at the same moment', async () => {
    for (let round = 0; round < 3; round += 1) {
      const f = await buildOrganisation(server, `Race ${round}`);
      await org.updateMember(f.admin.key, f.member.id, { is_admin: true });
      const answers = await Promise.all([
        org.updateMember(f.admin.key, f.member.id, { is_admin: false }),
        org.updateMember(f.member.key, f.admin.id, { is_admin: false }),
      ]);
      const statuses = answers.map((answer) => answer.status).sort();
      // The second, run after the first committed, is refused: its actor is no administrator any
      // more (403) or would demote the last one (400).
      expect(statuses[0]).toBe(200);
      expect([400, 403]).toContain(statuses[1]);
      const survivor = answers[0]!.status === 200 ? f.admin : f.member;
      expect(await activeAdmins(survivor.key)).toEqual([survivor.id]);
    }
  });

  it('should refuse two administrators stepping down together, keeping one', async () => {
    const f = await buildOrganisation(server, 'Together');
    await org.updateMember(f.admin.key, f.member.id, { is_admin: true });
    const answers = await Promise.all([
      org.updateMember(f.admin.key, f.admin.id, { is_admin: false }),
      org.updateMember(f.member.key, f.member.id, { is_admin: false }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect(answers.find((answer) => answer.status === 400)!.body.detail).toBe(
      ORGANISATION_MESSAGES.lastAdmin,
    );
    const remaining = answers[0]!.status === 200 ? f.member.key : f.admin.key;
    expect(await activeAdmins(remaining)).toHaveLength(1);
  });

  it('should refuse deactivating oneself, and administration or deactivation of people not signed up', async () => {
    const f = await buildOrganisation(server, 'Rules');
    const self = await org.updateMember(f.admin.key, f.admin.id, { is_active: false });
    expect(self.status).toBe(400);
    expect(self.body).toEqual({ detail: ORGANISATION_MESSAGES.cannotDeactivateSelf });

    const invited = await addPlaceholder(server, f.organisationId, 'invited-rules@example.com');
    const promote = await org.updateMember(f.admin.key, invited, { is_admin: true });
    expect(promote.status).toBe(400);
    expect(promote.body).toEqual({ detail: ORGANISATION_MESSAGES.placeholderNotAdmin });
    const deactivate = await org.updateMember(f.admin.key, invited, { is_active: false });
    expect(deactivate.status).toBe(400);
    expect(deactivate.body).toEqual({ detail: ORGANISATION_MESSAGES.placeholderDeactivate });

    expect((await org.updateMember(f.admin.key, f.member.id, { is_active: false })).status).toBe(200);
    const deactivatedAdmin = await org.updateMember(f.admin.key, f.member.id, { is_admin: true });
    expect(deactivatedAdmin.status).toBe(400);
    expect(deactivatedAdmin.body).toEqual({ detail: ORGANISATION_MESSAGES.deactivatedNotAdmin });
    // Both at once is fine: reactivated, then an administrator.
    const both = await org.updateMember(f.admin.key, f.member.id, { is_active: true, is_admin: true });
    expect(both.status).toBe(200);
    expect(both.body.detail).toBe(
      `${ORGANISATION_MESSAGES.memberReactivated('Mo Member')} ${ORGANISATION_MESSAGES.adminGranted('Mo Member')}`,
    );
    expect(both.body.member).toMatchObject({ status: 'active', is_admin: true });
  });

  it('should refuse deactivating the only active, signed-up master of strategies, naming them', async () => {
    const f = await buildOrganisation(server, 'Masters');
    const strategies = strategyApi(server);
    const grow = await strategies.create(f.member.key, { title: 'Grow' });
    const untitled = await strategies.create(f.member.key, {});
    const shared = await strategies.create(f.member.key, { title: 'Shared' });
    const colleague = await signedInUser(server, { organisationId: f.organisationId });
    await strategies.assignOk(f.member.key, {
      strategy_id: shared.id,
      strategy_masters: [personOf(f.member), personOf(colleague)],
    });
    // Someone invited does not count as a master who can run the strategy.
    await strategies.assignOk(f.member.key, {
      strategy_id: grow.id,
      strategy_masters: [personOf(f.member), { email: 'not-yet@example.com' }],
    });

    const refused = await org.updateMember(f.admin.key, f.member.id, { is_active: false });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      detail: ORGANISATION_MESSAGES.onlyMasterOf('Mo Member', ['Grow', STRATEGY_MESSAGES.untitledStrategy]),
    });
    expect(
      (await org.members(f.admin.key)).body.find((m: { id: number }) => m.id === f.member.id).status,
    ).toBe('active');

    for (const strategy of [grow.id, untitled.id])
      await strategies.assignOk(f.member.key, {
        strategy_id: strategy,
        strategy_masters: [personOf(f.member), personOf(colleague)],
      });
    const deactivated = await org.updateMember(f.admin.key, f.member.id, { is_active: false });
    expect(deactivated.status).toBe(200);
    expect(deactivated.body.detail).toBe(ORGANISATION_MESSAGES.memberDeactivated('Mo Member'));
  });
});
