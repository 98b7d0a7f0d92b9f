/**
 * progress.locked (issue 32): when a strategy's due date passes and its updates are locked, the
 * organisation's endpoint that chose the event hears it once, with the due date in the strategy's
 * own time zone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookReceiver } from '../../../testing/webhookReceiver';
import { FakeClock, progressApi, progressFixture } from './helpers/progress';
import { signedInUser } from './helpers/strategies';
import { getTestServer, type TestServer } from './helpers/testServer';
import { subscribeReceiver } from './helpers/webhooks';

describe('progress.locked', () => {
  const clock = new FakeClock('2026-05-30T12:00:00Z');
  let server: TestServer;
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    server = await getTestServer({ webhooksAllowPrivateTargets: true, webhookPollMs: 50 }, { clock });
    // The test runs the due-date pass itself.
    await server.scheduler.stop();
  });
  afterAll(async () => {
    await receiver.stop();
    await server.close();
  });

  it('should send the lock of a due date once, when it passes', async () => {
    const f = await progressFixture(server, { prefix: 'locked' });
    const admin = await signedInUser(server, { organisationId: f.master.organisationId, isAdmin: true });
    await subscribeReceiver(server, admin.key, receiver, ['progress.locked']);
    await progressApi(server).setRhythm(f.master.key, f.strategy, {
      first_progress_update: '2026-06-01T09:00:00',
      time_zone: 'Europe/Berlin',
      update_frequency_number: 1,
      update_frequency_unit: 'week',
    });
    expect((await server.scheduler.runDue()).dueDates).toBe(0);
    clock.set('2026-06-01T07:00:00Z');
    expect((await server.scheduler.runDue()).dueDates).toBe(1);
    const [locked] = await receiver.waitFor(1);
    expect(locked!.verifiedWith).toEqual([0]);
    expect(locked!.json).toMatchObject({
      type: 'progress.locked',
      data: {
        organisation_id: f.master.organisationId,
        strategy_id: f.strategy,
        strategy_title: f.title,
        due_date: '2026-06-01T09:00:00+02:00',
        time_zone: 'Europe/Berlin',
      },
    });
    // A second pass at the same moment locks nothing more and sends nothing more.
    expect((await server.scheduler.runDue()).dueDates).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received).toHaveLength(1);
  });
});
