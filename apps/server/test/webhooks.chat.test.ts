/**
 * A strategy's Slack and Teams channels (issue 32), through the real delivery worker to loopback
 * stand-ins (the operator's setting allows them): the reminders and the progress report arrive
 * at their moments in each platform's format, the test event too, and one channel is sent at
 * most one message a second.
 */
import { CHAT_MESSAGE_TEXTS } from '@keystone/contract';
import * as AdaptiveCards from 'adaptivecards';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookReceiver } from '../../../testing/webhookReceiver';
import { FakeClock, type ProgressApi, progressApi, progressFixture } from './helpers/progress';
import { getTestServer, type TestServer } from './helpers/testServer';

interface SlackBody {
  text: string;
  blocks: { type: string; text?: { text: string } }[];
}
interface TeamsBody {
  type: string;
  attachments: { contentType: string; content: { body: { type: string; text?: string }[] } }[];
}

describe('Slack and Teams channels of a strategy', () => {
  const clock = new FakeClock('2027-01-04T08:00:00Z');
  let server: TestServer;
  let api: ProgressApi;
  const receivers: WebhookReceiver[] = [];

  beforeAll(async () => {
    server = await getTestServer({ webhooksAllowPrivateTargets: true, webhookPollMs: 50 }, { clock });
    api = progressApi(server);
    // Each due date and reminder is a pass this test drives.
    await server.scheduler.stop();
  });
  afterAll(async () => {
    for (const receiver of receivers) await receiver.stop();
    await server.close();
  });

  async function channel(key: string, strategy: number, kind: 'slack' | 'teams') {
    const receiver = new WebhookReceiver();
    receivers.push(receiver);
    const url = await receiver.start();
    const created = await server.api('POST', `/api/strategy/${strategy}/webhooks/`, {
      token: key,
      body: { kind, url, description: `${kind} channel`, events: ['progress.report', 'progress.reminder'] },
    });
    expect(created.status).toBe(201);
    expect(created.body.secret).toBeNull();
    return { receiver, id: created.body.endpoint.id as number };
  }

  it('should post the reminder and the report to both channels in their formats', async () => {
    const f = await progressFixture(server);
    const slack = await channel(f.master.key, f.strategy, 'slack');
    const teams = await channel(f.master.key, f.strategy, 'teams');
    clock.set('2027-01-03T12:00:00Z');
    await api.setRhythm(f.master.key, f.strategy, {
      first_progress_update: '2027-01-05T09:00:00',
      time_zone: 'Europe/Berlin',
      update_frequency_unit: 'week',
      team_reminders: [{ offset_number: 1, offset_unit: 'day' }],
    });

    clock.set('2027-01-04T08:00:00Z');
    expect(await server.scheduler.runDue()).toEqual({ dueDates: 0, reminders: 1 });
    const [slackReminder] = await slack.receiver.waitFor(1);
    const [teamsReminder] = await teams.receiver.waitFor(1);
    // Chat channels are not signed: that is the Standard Webhooks endpoints' business.
    expect(slackReminder!.headers['webhook-signature']).toBeUndefined();
    const slackBody = slackReminder!.json as SlackBody;
    expect(slackBody.blocks[0]!.text!.text).toBe(CHAT_MESSAGE_TEXTS.reminderTitle(f.title));
    expect(slackBody.text).toContain('01/05/2027 at 09:00 AM');
    const teamsBody = teamsReminder!.json as TeamsBody;
    expect(teamsBody.type).toBe('message');
    expect(teamsBody.attachments[0]!.contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(teamsBody.attachments[0]!.content.body[0]!.text).toBe(CHAT_MESSAGE_TEXTS.reminderTitle(f.title));

    clock.set('2027-01-05T08:00:00Z');
    expect(await server.scheduler.runDue()).toEqual({ dueDates: 1, reminders: 0 });
    const [, slackReport] = await slack.receiver.waitFor(2);
    const [, teamsReport] = await teams.receiver.waitFor(2);
    const report = slackReport!.json as SlackBody;
    expect(report.blocks[0]!.text!.text).toBe(CHAT_MESSAGE_TEXTS.reportTitle(f.title));
    expect(report.text).toContain(CHAT_MESSAGE_TEXTS.firstReport);
    expect(report.blocks.at(-1)!.type).toBe('actions');
    const card = new AdaptiveCards.AdaptiveCard();
    const context = new AdaptiveCards.SerializationContext();
    card.parse((teamsReport!.json as TeamsBody).attachments[0]!.content, context);
    expect(context.eventCount).toBe(0);
    expect(JSON.stringify(teamsReport!.json)).toContain(CHAT_MESSAGE_TEXTS.reportTitle(f.title));

    // Both deliveries are in the channel's log as delivered (once the worker has written the answer).
    await expect
      .poll(async () => {
        const log = await server.api('GET', `/api/webhooks/${slack.id}/deliveries/`, { token: f.master.key });
        return log.body.deliveries.map((delivery: { status: string }) => delivery.status);
      })
      .toEqual(['delivered', 'delivered']);
  });

  it('should send the test event formatted, and at most one message a second to a channel', async () => {
    const f = await progressFixture(server);
    const slack = await channel(f.master.key, f.strategy, 'slack');
    for (let count = 0; count < 3; count += 1) {
      const test = await server.api('POST', `/api/webhooks/${slack.id}/test/`, { token: f.master.key });
      expect(test.status).toBe(201);
    }
    const arrivals = (await slack.receiver.waitFor(3, 15_000)).map((request) => request.at);
    expect(arrivals[1]! - arrivals[0]!).toBeGreaterThanOrEqual(900);
    expect(arrivals[2]! - arrivals[1]!).toBeGreaterThanOrEqual(900);
    const body = slack.receiver.received[0]!.json as SlackBody;
    expect(body.blocks[0]!.text!.text).toBe(CHAT_MESSAGE_TEXTS.testTitle);
    expect(body.text).toContain(f.title);
  }, 20_000);
});
