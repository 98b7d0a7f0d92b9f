/**
 * The charter's approval as webhook events (issue 32): the owner asking, the sponsor approving and
 * withdrawing the approval each reach the organisation's endpoint that chose them, in order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookReceiver } from '../../../testing/webhookReceiver';
import { charterApi, charterFixture, charterPeople, type People } from './helpers/charter';
import { signedInUser } from './helpers/strategies';
import { getTestServer, type TestServer } from './helpers/testServer';
import { subscribeReceiver } from './helpers/webhooks';

describe('approval events', () => {
  let server: TestServer;
  let people: People;
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    server = await getTestServer({ webhooksAllowPrivateTargets: true, webhookPollMs: 50 });
    people = await charterPeople(server);
    const admin = await signedInUser(server, {
      organisationId: people.master.organisationId,
      isAdmin: true,
    });
    await subscribeReceiver(server, admin.key, receiver, [
      'approval.requested',
      'approval.given',
      'approval.withdrawn',
    ]);
  });
  afterAll(async () => {
    await receiver.stop();
    await server.close();
  });

  it('should send the request, the approval and its withdrawal, each naming who and which initiative', async () => {
    const { strategy, initiative } = await charterFixture(server, people);
    const charter = charterApi(server);
    expect((await charter.requestApproval(people.owner.key, initiative)).status).toBe(200);
    expect((await charter.toggleApproval(people.sponsor.key, initiative)).status).toBe(200);
    expect((await charter.toggleApproval(people.sponsor.key, initiative)).status).toBe(200);
    const received = await receiver.waitFor(3);
    expect(received.map((request) => request.json)).toMatchObject([
      {
        type: 'approval.requested',
        data: { strategy_id: strategy, initiative_id: initiative, by: { id: people.owner.id } },
      },
      {
        type: 'approval.given',
        data: { strategy_id: strategy, initiative_id: initiative, by: { id: people.sponsor.id } },
      },
      {
        type: 'approval.withdrawn',
        data: { strategy_id: strategy, initiative_id: initiative, by: { id: people.sponsor.id } },
      },
    ]);
    expect(received.every((request) => request.verifiedWith.length === 1)).toBe(true);
  });
});
