/**
 * /metrics (docs/OPERATIONS.md "Metrics"): the real app on a real database, its metrics served
 * by the same listener main.ts starts, scraped over HTTP as Prometheus would.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REALTIME_CHANNEL } from '../src/core/events';
import { outboxMails } from '../src/db/schema';
import { enqueueMail } from '../src/mail/outbox';
import { type MetricsListener, serveMetrics } from '../src/metrics/listener';
import { parseSamples } from './helpers/metrics';
import { lockApi, streamingSocket } from './helpers/realtime';
import { type Member, signedInUser, strategyApi } from './helpers/strategies';
import { getTestServer, type TestServer } from './helpers/testServer';

describe('metrics', () => {
  let server: TestServer;
  let listener: MetricsListener;
  let baseUrl: string;
  let master: Member;
  let strategyId: number;

  const scrape = async () => {
    const response = await fetch(listener.url);
    expect(response.status).toBe(200);
    return { contentType: response.headers.get('content-type'), text: await response.text() };
  };
  const sample = async (name: string) => parseSamples((await scrape()).text).get(name);

  beforeAll(async () => {
    // An SMTP server nobody listens on: queued mails stay in the outbox, failing.
    server = await getTestServer({ smtpUrl: 'smtp://127.0.0.1:9' });
    baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
    listener = await serveMetrics(server.metrics!, { host: '127.0.0.1', port: 0 });
    master = await signedInUser(server);
    strategyId = (await strategyApi(server).create(master.key, { title: 'Measured' })).id;
  });
  afterAll(async () => {
    await listener.close();
    await server.close();
  });

  it('should answer in the Prometheus text format with the process and app metrics', async () => {
    const { contentType, text } = await scrape();
    expect(contentType).toBe('text/plain; version=0.0.4; charset=utf-8');
    for (const family of [
      'process_resident_memory_bytes gauge',
      'nodejs_heap_size_used_bytes gauge',
      'nodejs_eventloop_lag_p99_seconds gauge',
      'nodejs_gc_duration_seconds histogram',
      'keystone_http_request_duration_seconds histogram',
      'keystone_websockets_open gauge',
      'keystone_field_locks_held gauge',
      'keystone_outbox_pending_mails gauge',
      'keystone_outbox_oldest_pending_age_seconds gauge',
      'keystone_outbox_given_up_mails gauge',
      'keystone_scheduler_overdue_seconds gauge',
      'keystone_metrics_read_errors_total counter',
    ]) {
      expect(text).toContain(`# TYPE ${family}\n`);
    }
    const pool = '# TYPE keystone_db_pool_waiting_queries gauge';
    if (server.database.kind === 'postgres') {
      expect(text).toContain(pool);
      expect(parseSamples(text).get('keystone_db_pool_max_connections')).toBe(10);
    } else {
      // PGlite is one in-process connection: there is no pool to report.
      expect(text).not.toContain(pool);
    }
    expect(parseSamples(text).get('keystone_metrics_read_errors_total{reading="outbox"}')).toBe(0);
    // PostgreSQL's notification queue (PGlite's too): read, and empty while every listener keeps up.
    expect(parseSamples(text).get('keystone_realtime_broker_queue_usage')).toBe(0);
  });

  it('should count a request under its route pattern and status, never its URL', async () => {
    const series = `{method="GET",route="/api/strategy/:id",status_code="200"}`;
    const before = (await sample(`keystone_http_request_duration_seconds_count${series}`)) ?? 0;
    expect((await server.api('GET', `/api/strategy/${strategyId}`, { token: master.key })).status).toBe(200);
    expect(
      (await server.api('GET', `/api/strategy/${strategyId + 1000}`, { token: master.key })).status,
    ).toBe(404);
    expect((await server.api('GET', `/no/such/page/${strategyId}`)).status).toBe(404);
    const { text } = await scrape();
    const samples = parseSamples(text);
    expect(samples.get(`keystone_http_request_duration_seconds_count${series}`)).toBe(before + 1);
    expect(
      samples.get(
        `keystone_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/strategy/:id",status_code="200"}`,
      ),
    ).toBe(before + 1);
    expect(
      samples.get(
        `keystone_http_request_duration_seconds_count{method="GET",route="/api/strategy/:id",status_code="404"}`,
      ),
    ).toBe(1);
    expect(
      samples.get(
        `keystone_http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}`,
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(`/api/strategy/${strategyId}`);
    expect(text).not.toContain('/no/such/page');
  });

  it('should report an open WebSocket while it is open', async () => {
    expect(await sample('keystone_websockets_open{kind="streaming"}')).toBe(0);
    const socket = await streamingSocket(baseUrl, master.key);
    expect(await sample('keystone_websockets_open{kind="streaming"}')).toBe(1);
    expect(await sample('keystone_websockets_open{kind="locks"}')).toBe(0);
    await socket.close();
    await vi.waitFor(async () => expect(await sample('keystone_websockets_open{kind="streaming"}')).toBe(0));
  });

  it('should count every socket opened, so a reconnect storm shows as its rate', async () => {
    const opened = () => sample('keystone_realtime_sockets_opened_total{kind="streaming"}');
    const before = (await opened()) ?? 0;
    for (let reconnect = 0; reconnect < 3; reconnect += 1)
      await (await streamingSocket(baseUrl, master.key)).close();
    expect(await opened()).toBe(before + 3);
    expect(await sample('keystone_realtime_sockets_opened_total{kind="locks"}')).toBe(0);
  });

  it("should measure each event's delivery lag from its publication time", async () => {
    const lag = (series: string) => sample(`keystone_realtime_delivery_lag_seconds_${series}`);
    const socket = await streamingSocket(baseUrl, master.key);
    const countBefore = (await lag('count')) ?? 0;
    const title = 'Lag measured';
    expect(
      (
        await server.api('PATCH', `/api/strategy/update/${strategyId}/`, {
          token: master.key,
          body: { title },
        })
      ).status,
    ).toBe(200);
    await socket.waitFor((message) => message.value === title);
    expect(await lag('count')).toBe(countBefore + 1);

    // Published two seconds ago (e.g. behind a backed-up broker), and by an instance from before
    // events carried their time (counted nowhere).
    const [count, sum, withinOne] = [await lag('count'), await lag('sum'), await lag('bucket{le="1"}')];
    const message = (value: string) => ({
      res_id: strategyId,
      model: 'strategy',
      field: 'title',
      value,
      user_id: master.id,
      strategy_id: strategyId,
    });
    const notify = (events: unknown[]) =>
      server.database.db.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(events)})`);
    await notify([{ kind: 'stream', viewers: [master.id], message: message('unstamped') }]);
    await notify([{ kind: 'stream', viewers: [master.id], message: message('late'), at: Date.now() - 2000 }]);
    await socket.waitFor((received) => received.value === 'late');
    expect(await lag('count')).toBe(count! + 1);
    expect(await lag('sum')).toBeGreaterThanOrEqual(sum! + 2);
    expect(await lag('bucket{le="1"}')).toBe(withinOne);
    await socket.close();
  });

  it('should report a field lock while it is held', async () => {
    const locks = lockApi(server.api);
    const field = { model: 'strategy', res_id: strategyId, field: 'title' };
    expect(await sample('keystone_field_locks_held')).toBe(0);
    expect((await locks.lock(master.key, field)).status).toBe(200);
    expect(await sample('keystone_field_locks_held')).toBe(1);
    expect((await locks.unlock(master.key, field)).status).toBe(200);
    expect(await sample('keystone_field_locks_held')).toBe(0);
  });

  it('should report the outbox depth and the age of its oldest mail', async () => {
    const { db } = server.database;
    expect(await sample('keystone_outbox_pending_mails')).toBe(0);
    expect(await sample('keystone_outbox_oldest_pending_age_seconds')).toBe(0);
    await enqueueMail(db, {
      to: 'waiting@example.com',
      subject: 'Waiting',
      text: 'Hello',
      html: '<p>Hello</p>',
    });
    // Queued five minutes ago, as after an SMTP outage.
    await db.update(outboxMails).set({ createdAt: sql`now() - interval '5 minutes'` });
    const samples = parseSamples((await scrape()).text);
    expect(samples.get('keystone_outbox_pending_mails')).toBe(1);
    expect(samples.get('keystone_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(300);
    expect(samples.get('keystone_outbox_oldest_pending_age_seconds')).toBeLessThan(360);
    expect(samples.get('keystone_outbox_given_up_mails')).toBe(0);

    await db
      .update(outboxMails)
      .set({ attempts: 30 })
      .where(eq(outboxMails.recipient, 'waiting@example.com'));
    const after = parseSamples((await scrape()).text);
    expect(after.get('keystone_outbox_pending_mails')).toBe(0);
    expect(after.get('keystone_outbox_oldest_pending_age_seconds')).toBe(0);
    expect(after.get('keystone_outbox_given_up_mails')).toBe(1);
  });

  it('should report how long a due date has waited while no scheduler runs', async () => {
    expect(await sample('keystone_scheduler_overdue_seconds')).toBe(0);
    await server.scheduler.stop();
    await server.database.db.execute(sql`
      insert into notification_settings (strategy_id, next_progress_update)
      values (${strategyId}, now() - interval '10 minutes')
      on conflict (strategy_id) do update set next_progress_update = excluded.next_progress_update`);
    const overdue = await sample('keystone_scheduler_overdue_seconds');
    expect(overdue).toBeGreaterThanOrEqual(600);
    expect(overdue).toBeLessThan(660);
    server.scheduler.start();
    await vi.waitFor(async () => expect(await sample('keystone_scheduler_overdue_seconds')).toBe(0), {
      timeout: 10_000,
    });
  });

  it('should answer 404 for anything but /metrics on the metrics listener', async () => {
    const other = new URL('/api/strategy/1', listener.url);
    expect((await fetch(other)).status).toBe(404);
  });
});

describe('metrics when a reading fails', () => {
  it('should show NaN for that reading, count the error, and serve everything else', async () => {
    const server = await getTestServer();
    const listener = await serveMetrics(server.metrics!, { host: '127.0.0.1', port: 0 });
    const { db } = server.database;
    try {
      // A real failure of the outbox's query: its table is gone for the moment.
      await db.execute(sql`alter table outbox_mails rename to outbox_mails_away`);
      const response = await fetch(listener.url);
      expect(response.status).toBe(200);
      const samples = parseSamples(await response.text());
      expect(samples.get('keystone_outbox_pending_mails')).toBeNaN();
      expect(samples.get('keystone_outbox_oldest_pending_age_seconds')).toBeNaN();
      expect(samples.get('keystone_metrics_read_errors_total{reading="outbox"}')).toBe(1);
      expect(samples.get('keystone_field_locks_held')).toBe(0);
      expect(samples.get('keystone_scheduler_overdue_seconds')).toBe(0);
      expect(samples.get('process_resident_memory_bytes')).toBeGreaterThan(0);

      await db.execute(sql`alter table outbox_mails_away rename to outbox_mails`);
      const recovered = parseSamples(await (await fetch(listener.url)).text());
      expect(recovered.get('keystone_outbox_pending_mails')).toBe(0);
      expect(recovered.get('keystone_metrics_read_errors_total{reading="outbox"}')).toBe(1);
    } finally {
      await listener.close();
      await server.close();
    }
  });
});
