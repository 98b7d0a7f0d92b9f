/**
 * comment.written (issue 32): a progress comment typed in several autosaves is announced once,
 * after its writer has been quiet, with the text as it then stands; a second burst is a second
 * event; endpoints that did not choose it, and other organisations', hear nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookReceiver } from '../../../testing/webhookReceiver';
import {
  currentComments,
  type ProgressFixture,
  progressApi,
  progressFixture,
  sleep,
} from './helpers/progress';
import { signedInUser } from './helpers/strategies';
import { getTestServer, type TestServer } from './helpers/testServer';
import { subscribeReceiver } from './helpers/webhooks';

const QUIET_MS = 400;

describe('comment.written', () => {
  let server: TestServer;
  let f: ProgressFixture;
  const listening = new WebhookReceiver();
  const unchosen = new WebhookReceiver();
  const elsewhere = new WebhookReceiver();

  const endpoint = (key: string, receiver: WebhookReceiver, events: string[]) =>
    subscribeReceiver(server, key, receiver, events);

  beforeAll(async () => {
    server = await getTestServer({
      webhooksAllowPrivateTargets: true,
      webhookPollMs: 50,
      commentQuietMs: QUIET_MS,
    });
    f = await progressFixture(server, { prefix: 'hook' });
    const admin = await signedInUser(server, { organisationId: f.master.organisationId, isAdmin: true });
    await endpoint(admin.key, listening, ['comment.written']);
    await endpoint(admin.key, unchosen, ['initiative.updated']);
    const stranger = await signedInUser(server, { isAdmin: true });
    await endpoint(stranger.key, elsewhere, ['comment.written']);
  });
  afterAll(async () => {
    for (const receiver of [listening, unchosen, elsewhere]) await receiver.stop();
    await server.close();
  });

  it('should announce a burst of autosaves once, with the final text, signed', async () => {
    const api = progressApi(server);
    const [comment] = currentComments(await api.page(f.owner.key, f.strategy), f.initiative);
    for (const text of ['<p>On</p>', '<p>On track</p>', '<p>On track for May</p>']) {
      expect((await api.writeComment(f.owner.key, comment!.id, text)).status).toBe(200);
    }
    const [event] = await listening.waitFor(1);
    expect(event!.verifiedWith).toEqual([0]);
    expect(event!.json).toMatchObject({
      type: 'comment.written',
      data: {
        organisation_id: f.master.organisationId,
        strategy_id: f.strategy,
        initiative_id: f.initiative,
        initiative_title: 'Launch app',
        comment_id: comment!.id,
        comment: '<p>On track for May</p>',
        by: { id: f.owner.id },
      },
    });
    // Quiet long enough for the sweep to have announced anything else it would.
    await sleep(QUIET_MS * 3);
    expect(listening.received).toHaveLength(1);

    expect((await api.writeComment(f.owner.key, comment!.id, '<p>Slipping to June</p>')).status).toBe(200);
    const [, second] = await listening.waitFor(2);
    expect(second!.json).toMatchObject({ data: { comment: '<p>Slipping to June</p>' } });
    expect(second!.headers['webhook-id']).not.toBe(event!.headers['webhook-id']);
  });

  it('should send nothing to an endpoint that did not choose it, nor to another organisation', async () => {
    await sleep(QUIET_MS * 3);
    expect(unchosen.received).toHaveLength(0);
    expect(elsewhere.received).toHaveLength(0);
  });
});
