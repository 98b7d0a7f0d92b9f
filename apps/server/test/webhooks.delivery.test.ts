/**
 * Webhook deliveries (issue 32): an event recorded in a transaction reaches the endpoints that
 * chose it (and no other organisation's), signed so the Standard Webhooks reference library
 * verifies it at a real receiver on loopback; a failing receiver is tried again with the same
 * webhook-id; a redirect is not followed; "Send again" sends the same message.
 */
import {
  WEBHOOK_DISABLE_AFTER_DAYS,
  WEBHOOK_MESSAGES,
  WEBHOOK_RETRY_DELAYS_SECONDS,
  type WebhookEventType,
} from '@keystone/contract';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebhookReceiver } from '../../../testing/webhookReceiver';
import { recordWebhookEvent } from '../src/core/webhookEvents';
import { ShiftedClock } from '../src/lib/clock';
import { type Member, signedInUser } from './helpers/strategies';
import { getTestServer, type TestServer } from './helpers/testServer';
import { subscribeReceiver } from './helpers/webhooks';

describe('webhook deliveries', () => {
  let server: TestServer;
  let admin: Member;
  let otherAdmin: Member;
  const clock = new ShiftedClock();
  const receivers: WebhookReceiver[] = [];

  beforeAll(async () => {
    server = await getTestServer({ webhooksAllowPrivateTargets: true, webhookPollMs: 50 }, { clock });
    admin = await signedInUser(server, { isAdmin: true });
    otherAdmin = await signedInUser(server, { isAdmin: true });
  });
  afterEach(async () => {
    for (const receiver of receivers.splice(0)) await receiver.stop();
  });
  afterAll(() => server.close());

  async function receiverEndpoint(
    key: string,
    events: string[],
    behaviour: ConstructorParameters<typeof WebhookReceiver>[0] = {},
  ) {
    const receiver = new WebhookReceiver(behaviour);
    receivers.push(receiver);
    return { receiver, ...(await subscribeReceiver(server, key, receiver, events)) };
  }

  async function record(organisationId: number, type: WebhookEventType) {
    return server.database.db.transaction((tx) =>
      recordWebhookEvent(tx, {
        organisationId,
        strategyId: null,
        type,
        data: { user_id: 42, by: { id: 1, name: 'Ada' } },
      }),
    );
  }

  it('should show the signing secret once and send a test event the reference library verifies', async () => {
    const { receiver, endpoint, secret } = await receiverEndpoint(admin.key, ['member.joined']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(JSON.stringify(endpoint)).not.toContain(secret);

    const test = await server.api('POST', `/api/webhooks/${endpoint.id}/test/`, { token: admin.key });
    expect(test).toMatchObject({ status: 201, body: { detail: WEBHOOK_MESSAGES.testQueued } });
    const [received] = await receiver.waitFor(1);
    expect(received!.verifiedWith).toEqual([0]);
    expect(received!.headers['webhook-id']).toMatch(/^msg_/);
    expect(received!.headers['user-agent']).toMatch(/Keystone/);
    expect(received!.json).toMatchObject({
      type: 'webhook.test',
      data: { organisation_id: admin.organisationId, strategy_id: null, by: { id: admin.id } },
    });

    await expect
      .poll(async () => {
        const log = await server.api('GET', `/api/webhooks/${endpoint.id}/deliveries/`, { token: admin.key });
        return log.body.deliveries[0];
      })
      .toMatchObject({
        event_type: 'webhook.test',
        status: 'delivered',
        attempts: 1,
        last_status_code: 200,
        message_id: received!.headers['webhook-id'],
      });
  });

  it('should send a delivery a receiver refuses when it is replayed outside the time window', async () => {
    const organiser = await signedInUser(server, { isAdmin: true });
    const { receiver, endpoint, secret } = await receiverEndpoint(organiser.key, ['member.left']);
    await server.api('POST', `/api/webhooks/${endpoint.id}/test/`, { token: organiser.key });
    const [received] = await receiver.waitFor(1);
    expect(received!.verifiedWith).toEqual([0]);
    const { body, headers } = received!;
    const signed = {
      'webhook-id': headers['webhook-id'] as string,
      'webhook-timestamp': headers['webhook-timestamp'] as string,
      'webhook-signature': headers['webhook-signature'] as string,
    };
    // The same message replayed ten minutes later: the reference library's window is five.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 10 * 60 * 1000);
      expect(() => new Webhook(secret).verify(body, signed)).toThrow(/too old/i);
      // Nor can the replay pass as new: the signature covers the timestamp.
      const moved = { ...signed, 'webhook-timestamp': String(Math.floor(Date.now() / 1000)) };
      expect(() => new Webhook(secret).verify(body, moved)).toThrow(/signature/i);
    } finally {
      vi.useRealTimers();
    }
  });

  it('should send an event to the endpoints that chose it, and to no other organisation', async () => {
    const chosen = await receiverEndpoint(admin.key, ['member.joined', 'member.left']);
    const notChosen = await receiverEndpoint(admin.key, ['strategy.created']);
    const otherOrganisation = await receiverEndpoint(otherAdmin.key, ['member.joined']);

    expect(await record(admin.organisationId, 'member.joined')).toBe(2);
    const [received] = await chosen.receiver.waitFor(1);
    expect(received!.verifiedWith).toEqual([0]);
    expect(received!.json).toMatchObject({
      type: 'member.joined',
      data: { organisation_id: admin.organisationId, user_id: 42 },
    });
    // The other endpoint of the same organisation that chose it is the first test's.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(notChosen.receiver.received).toHaveLength(0);
    expect(otherOrganisation.receiver.received).toHaveLength(0);
  });

  it('should write nothing when no endpoint chose the event', async () => {
    const lonely = await signedInUser(server, { isAdmin: true });
    const before = await server.database.db.execute<{ n: number }>(
      'select count(*)::int as n from webhook_events' as never,
    );
    expect(await record(lonely.organisationId, 'member.left')).toBe(0);
    const after = await server.database.db.execute<{ n: number }>(
      'select count(*)::int as n from webhook_events' as never,
    );
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('should try a failing receiver again with the same webhook-id, then log the delivery', async () => {
    const organiser = await signedInUser(server, { isAdmin: true });
    const { receiver, endpoint } = await receiverEndpoint(organiser.key, ['member.left'], { failFirst: 1 });
    await record(organiser.organisationId, 'member.left');
    await receiver.waitFor(1);
    await expect
      .poll(async () => {
        const log = await server.api('GET', `/api/webhooks/${endpoint.id}/deliveries/`, {
          token: organiser.key,
        });
        return log.body.deliveries[0];
      })
      .toMatchObject({ status: 'pending', attempts: 1, last_status_code: 500 });
    clock.advance(6_000);
    const [first, second] = await receiver.waitFor(2);
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(second!.verifiedWith).toEqual([0]);
    await expect
      .poll(async () => {
        const log = await server.api('GET', `/api/webhooks/${endpoint.id}/deliveries/`, {
          token: organiser.key,
        });
        return log.body.deliveries[0];
      })
      .toMatchObject({ status: 'delivered', attempts: 2, last_status_code: 200, last_error: null });
  });

  it('should not follow a redirect to the metadata address, and send again on request', async () => {
    const organiser = await signedInUser(server, { isAdmin: true });
    const { receiver, endpoint } = await receiverEndpoint(organiser.key, ['member.left'], {
      redirectTo: 'http://169.254.169.254/latest/meta-data/',
    });
    await record(organiser.organisationId, 'member.left');
    await receiver.waitFor(1);
    let deliveryId = 0;
    await expect
      .poll(async () => {
        const log = await server.api('GET', `/api/webhooks/${endpoint.id}/deliveries/`, {
          token: organiser.key,
        });
        deliveryId = log.body.deliveries[0]?.id ?? 0;
        return log.body.deliveries[0];
      })
      .toMatchObject({
        status: 'pending',
        last_status_code: 302,
        last_error: expect.stringContaining('169.254.169.254'),
      });
    expect(receiver.received).toHaveLength(1);

    const waiting = await server.api('POST', `/api/webhook-deliveries/${deliveryId}/resend/`, {
      token: organiser.key,
    });
    expect(waiting).toMatchObject({ status: 409, body: { detail: WEBHOOK_MESSAGES.resendWaiting } });
    const elsewhere = await server.api('POST', `/api/webhook-deliveries/${deliveryId}/resend/`, {
      token: admin.key,
    });
    expect(elsewhere.status).toBe(404);
  });
  it('should sign with both secrets during a rotation, so a receiver holding either verifies', async () => {
    const organiser = await signedInUser(server, { isAdmin: true });
    const { receiver, endpoint, secret: old } = await receiverEndpoint(organiser.key, ['member.left']);
    const rotated = await server.api('POST', `/api/webhooks/${endpoint.id}/rotate-secret/`, {
      token: organiser.key,
    });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(old);
    expect(rotated.body.endpoint.previous_secret_until).not.toBeNull();
    receiver.secrets = [old, rotated.body.secret];
    await server.api('POST', `/api/webhooks/${endpoint.id}/test/`, { token: organiser.key });
    const [received] = await receiver.waitFor(1);
    expect(received!.verifiedWith).toEqual([0, 1]);
    expect(received!.headers['webhook-signature']!.split(' ')).toHaveLength(2);
  });

  it('should take a huge answer as delivered, reading only its start', async () => {
    const organiser = await signedInUser(server, { isAdmin: true });
    const { receiver, endpoint } = await receiverEndpoint(organiser.key, ['member.left'], {
      answerBytes: 5 * 1024 * 1024,
    });
    await server.api('POST', `/api/webhooks/${endpoint.id}/test/`, { token: organiser.key });
    await receiver.waitFor(1);
    await expect
      .poll(async () => {
        const log = await server.api('GET', `/api/webhooks/${endpoint.id}/deliveries/`, {
          token: organiser.key,
        });
        return log.body.deliveries[0];
      })
      .toMatchObject({ status: 'delivered', last_status_code: 200 });
  });
  it('should give up after the last try and switch off an endpoint failing for days, mailing its administrators', async () => {
    const organiser = await signedInUser(server, { isAdmin: true });
    const { receiver, endpoint } = await receiverEndpoint(organiser.key, ['member.left'], {
      failFirst: 1000,
    });
    await record(organiser.organisationId, 'member.left');
    const tries = [0, ...WEBHOOK_RETRY_DELAYS_SECONDS];
    let lastAttempt: string | null = null;
    for (const [index, delay] of tries.entries()) {
      // The retries span about three days; the last one waits until the failures are days old.
      const extraDays = index === tries.length - 1 ? WEBHOOK_DISABLE_AFTER_DAYS : 0;
      clock.advance((delay + extraDays * 86_400) * 1000 + 1000);
      await receiver.waitFor(index + 1);
      // The try is on record (and its next one planned) before the clock moves on.
      await expect
        .poll(async () => {
          const log = await server.api('GET', `/api/webhooks/${endpoint.id}/deliveries/`, {
            token: organiser.key,
          });
          return log.body.deliveries[0].last_attempt_at;
        })
        .not.toBe(lastAttempt);
      const log = await server.api('GET', `/api/webhooks/${endpoint.id}/deliveries/`, {
        token: organiser.key,
      });
      lastAttempt = log.body.deliveries[0].last_attempt_at;
    }
    await expect
      .poll(async () => {
        const list = await server.api('GET', '/api/organisation/webhooks/', { token: organiser.key });
        return list.body.find((one: { id: number }) => one.id === endpoint.id);
      })
      .toMatchObject({ enabled: false, disabled_reason: 'failing' });
    const log = await server.api('GET', `/api/webhooks/${endpoint.id}/deliveries/`, { token: organiser.key });
    expect(log.body.deliveries[0]).toMatchObject({
      status: 'failed',
      attempts: WEBHOOK_RETRY_DELAYS_SECONDS.length + 1,
      next_attempt_at: null,
    });
    const mail = await server.smtp.waitFor(organiser.email, /switched off/);
    expect(mail.text).toContain(`${server.ctx.config.appUrl}/organisation`);
  });

  it('should purge events past the retention period with their delivery log, but not one still waiting', async () => {
    const organiser = await signedInUser(server, { isAdmin: true });
    const delivered = await receiverEndpoint(organiser.key, ['member.joined']);
    const waiting = await receiverEndpoint(organiser.key, ['member.left'], { failFirst: 1000 });
    await record(organiser.organisationId, 'member.joined');
    await record(organiser.organisationId, 'member.left');
    await delivered.receiver.waitFor(1);
    await waiting.receiver.waitFor(1);
    const logOf = async (endpointId: number) =>
      (await server.api('GET', `/api/webhooks/${endpointId}/deliveries/`, { token: organiser.key })).body
        .deliveries as { status: string; event_type: string }[];
    await expect
      .poll(async () => (await logOf(delivered.endpoint.id))[0]?.status, { timeout: 10_000 })
      .toBe('delivered');

    clock.advance(server.ctx.config.deletedRetentionMs + 2 * 3_600_000);
    await expect.poll(async () => (await logOf(delivered.endpoint.id)).length, { timeout: 10_000 }).toBe(0);
    expect(await logOf(waiting.endpoint.id)).toMatchObject([
      { status: 'pending', event_type: 'member.left' },
    ]);
  });
});
