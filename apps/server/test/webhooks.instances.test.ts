/**
 * Two server instances on one PostgreSQL database send each webhook delivery once: both workers
 * claim from the same queue (FOR UPDATE SKIP LOCKED), and the receiver sees every webhook-id
 * exactly once; a delivery claimed by an instance whose lease ran out is taken over at once, one
 * claimed by a live instance is left alone; a chat channel gets at most one message a second
 * whichever instances send to it. PostgreSQL only (the `server-postgres` project); PGlite is one process and reports
 * this file as skipped.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookReceiver } from '../../../testing/webhookReceiver';
import { type BuiltApp, buildApp } from '../src/app';
import { recordWebhookEvent } from '../src/core/webhookEvents';
import { type Database, openDatabase } from '../src/db/client';
import { progressFixture, sleep } from './helpers/progress';
import { type Member, signedInUser } from './helpers/strategies';
import { getTestServer, type TestServer } from './helpers/testServer';
import { subscribeReceiver } from './helpers/webhooks';

const EVENTS = 60;

describe.runIf(process.env.TEST_DATABASE_URL)('webhook deliveries on two instances', () => {
  let a: TestServer;
  let b: BuiltApp;
  let bDatabase: Database;
  let admin: Member;
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    a = await getTestServer({ webhooksAllowPrivateTargets: true, webhookPollMs: 20 });
    bDatabase = await openDatabase({ databaseUrl: a.databaseUrl, dataDir: '' });
    b = await buildApp(a.ctx.config, bDatabase);
    await b.app.ready();
    admin = await signedInUser(a, { isAdmin: true });
  });
  afterAll(async () => {
    await receiver.stop();
    await b?.app.close();
    await bDatabase?.close();
    await a?.close();
  });

  it('should send every event once, whichever instance claims it', async () => {
    await subscribeReceiver(a, admin.key, receiver, ['member.joined']);
    // Queued in one go while both workers poll: each claims what the other has not.
    await a.ctx.db.transaction(async (tx) => {
      for (let index = 0; index < EVENTS; index += 1) {
        await recordWebhookEvent(tx, {
          organisationId: admin.organisationId,
          strategyId: null,
          type: 'member.joined',
          data: { user_id: index },
        });
      }
    });
    const received = await receiver.waitFor(EVENTS, 20_000);
    // Long enough for a second send of any of them to have arrived.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.received).toHaveLength(EVENTS);
    const ids = new Set(received.map((request) => request.headers['webhook-id']));
    expect(ids.size).toBe(EVENTS);
    expect(received.every((request) => request.verifiedWith.length === 1)).toBe(true);
  });

  it("should take over at once a delivery a dead instance had claimed, and leave a live one's alone", async () => {
    const before = receiver.received.length;
    // Two instances as the leases see them: one stopped renewing, one renews.
    await a.ctx.db.execute(sql`insert into server_instances (id, alive_until) values
      ('instance-that-died', now() - interval '1 second'), ('instance-alive', now() + interval '1 minute')`);
    const claimedBy = async (instance: string, userId: number) =>
      a.ctx.db.transaction(async (tx) => {
        await recordWebhookEvent(tx, {
          organisationId: admin.organisationId,
          strategyId: null,
          type: 'member.joined',
          data: { user_id: userId },
        });
        await tx.execute(sql`update webhook_deliveries set claimed_by = ${instance},
          claimed_until = now() + interval '10 minutes' where status = 'pending' and claimed_by is null`);
      });
    await claimedBy('instance-that-died', 1001);
    await claimedBy('instance-alive', 1002);
    const [taken] = (await receiver.waitFor(before + 1, 10_000)).slice(before);
    expect(JSON.parse(taken!.body).data).toMatchObject({ user_id: 1001 });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(receiver.received).toHaveLength(before + 1);
    await a.ctx.db.execute(sql`delete from server_instances where id like 'instance-%'`);
  });

  it('should keep a Slack channel to one message a second, however the instances share its deliveries', async () => {
    const f = await progressFixture(a);
    const slack = new WebhookReceiver();
    try {
      const url = await slack.start();
      const created = await a.api('POST', `/api/strategy/${f.strategy}/webhooks/`, {
        token: f.master.key,
        body: { kind: 'slack', url, description: 'Slack channel', events: ['progress.report'] },
      });
      expect(created.status).toBe(201);
      // Queued one by one while both workers poll, so both claim some.
      for (let count = 0; count < 4; count += 1) {
        const test = await a.api('POST', `/api/webhooks/${created.body.endpoint.id}/test/`, {
          token: f.master.key,
        });
        expect(test.status).toBe(201);
        await sleep(30);
      }
      const arrivals = (await slack.waitFor(4, 20_000)).map((request) => request.at);
      for (let index = 1; index < arrivals.length; index += 1)
        expect(arrivals[index]! - arrivals[index - 1]!).toBeGreaterThanOrEqual(900);
    } finally {
      await slack.stop();
    }
  }, 30_000);
});
