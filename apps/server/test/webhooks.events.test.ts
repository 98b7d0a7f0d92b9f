/**
 * Webhook events where their changes are made (issue 32): each change through the API reaches the
 * organisation's endpoint that chose its type, signed (verified by the reference library), and
 * not an endpoint that did not choose it, nor another organisation's.
 */
import { WEBHOOK_EVENT_TYPES } from '@keystone/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookReceiver } from '../../../testing/webhookReceiver';
import { type Member, signedInUser, strategyApi } from './helpers/strategies';
import { getTestServer, type TestServer } from './helpers/testServer';
import { subscribeReceiver } from './helpers/webhooks';

describe('webhook events of changes', () => {
  let server: TestServer;
  let admin: Member;
  let colleague: Member;
  const everything = new WebhookReceiver();
  const unchosen = new WebhookReceiver();
  const otherOrganisation = new WebhookReceiver();

  const endpoint = (key: string, receiver: WebhookReceiver, events: readonly string[]) =>
    subscribeReceiver(server, key, receiver, events);

  beforeAll(async () => {
    server = await getTestServer({ webhooksAllowPrivateTargets: true, webhookPollMs: 50 });
    admin = await signedInUser(server, { isAdmin: true });
    colleague = await signedInUser(server, { organisationId: admin.organisationId });
    const stranger = await signedInUser(server, { isAdmin: true });
    await endpoint(admin.key, everything, WEBHOOK_EVENT_TYPES);
    await endpoint(admin.key, unchosen, ['comment.written']);
    await endpoint(stranger.key, otherOrganisation, WEBHOOK_EVENT_TYPES);
  });
  afterAll(async () => {
    for (const receiver of [everything, unchosen, otherOrganisation]) await receiver.stop();
    await server.close();
  });

  /** The types received since `from`, once the worker has sent them. */
  async function typesAfter(from: number, count: number): Promise<string[]> {
    const received = await everything.waitFor(from + count);
    return received.slice(from).map((request) => (request.json as { type: string }).type);
  }

  it('should send each change of a strategy, signed, to the endpoint that chose it', async () => {
    const strategies = strategyApi(server);
    const start = everything.received.length;
    const strategy = await strategies.create(admin.key, { title: 'Grow' });
    await server.api('PATCH', `/api/strategy/update/${strategy.id}/`, {
      token: admin.key,
      body: { title: 'Grow more' },
    });
    const area = await strategies.addFocusArea(admin.key, strategy.id, { title: 'Markets' });
    await server.api('PATCH', `/api/focusarea/update/${area.id}/`, {
      token: admin.key,
      body: { title: 'New markets' },
    });
    const initiative = await strategies.addInitiative(admin.key, area.id, { title: 'Enter Spain' });
    await server.api('PATCH', `/api/initiative/update/${initiative.id}/`, {
      token: admin.key,
      body: { title: 'Enter Spain and Portugal', status: 'OT' },
    });
    const types = await typesAfter(start, 7);
    expect(types).toEqual([
      'strategy.created',
      'strategy.updated',
      'focus_area.created',
      'focus_area.updated',
      'initiative.created',
      'initiative.status_changed',
      'initiative.updated',
    ]);
    const received = everything.received.slice(start);
    expect(received.every((request) => request.verifiedWith.length === 1)).toBe(true);
    expect(received[5]!.json).toMatchObject({
      data: {
        organisation_id: admin.organisationId,
        strategy_id: strategy.id,
        strategy_title: 'Grow more',
        initiative_id: initiative.id,
        initiative_title: 'Enter Spain and Portugal',
        status: 'OT',
        by: { id: admin.id },
        url: `${server.ctx.config.appUrl}/initiative-charter/${initiative.id}`,
      },
    });

    const before = everything.received.length;
    await server.api('DELETE', `/api/initiative/delete/${initiative.id}/`, { token: admin.key });
    await server.api('DELETE', `/api/strategy/delete/${strategy.id}/`, { token: admin.key });
    expect(await typesAfter(before, 2)).toEqual(['initiative.deleted', 'strategy.deleted']);
  });

  it("should send a person joining and leaving a strategy's team and the organisation", async () => {
    const strategies = strategyApi(server);
    const start = everything.received.length;
    const strategy = await strategies.create(admin.key, { title: 'Team' });
    const masters = [
      { id: admin.id, email: admin.email },
      { id: colleague.id, email: colleague.email },
    ];
    await strategies.assignOk(admin.key, { strategy_id: strategy.id, strategy_masters: masters });
    await strategies.assignOk(admin.key, { strategy_id: strategy.id, strategy_masters: [masters[0]] });
    const deactivated = await server.api('PATCH', `/api/organisation/members/${colleague.id}/`, {
      token: admin.key,
      body: { is_active: false },
    });
    expect(deactivated.status).toBe(200);
    // After strategy.created.
    const received = (await everything.waitFor(start + 4)).slice(start + 1).map((request) => request.json);
    expect(received).toMatchObject([
      { type: 'member.joined', data: { strategy_id: strategy.id, user_id: colleague.id } },
      { type: 'member.left', data: { strategy_id: strategy.id, user_id: colleague.id } },
      { type: 'member.left', data: { strategy_id: null, user_id: colleague.id } },
    ]);
  });

  it('should send nothing to an endpoint that did not choose the events, nor to another organisation', async () => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(unchosen.received).toHaveLength(0);
    expect(otherOrganisation.received).toHaveLength(0);
  });
});
