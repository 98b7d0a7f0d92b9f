/**
 * What the instance and the database hold right now, read when Prometheus scrapes: open
 * sockets, field locks, the mail outbox, how late the progress scheduler is, and the database
 * pool. A reading that fails or is slow shows NaN and counts in keystone_metrics_read_errors_total;
 * the rest of the scrape goes on.
 */
import type { FastifyBaseLogger } from 'fastify';
import { Counter, Gauge, type Registry } from 'prom-client';
import { countHeldLocks } from '../core/lockReleases';
import type { Database, PoolUse } from '../db/client';
import type { Clock } from '../lib/clock';
import { type OutboxBacklog, outboxBacklog } from '../mail/outbox';
import { earliestWaitingMoment } from '../modules/progress/dueDates';
import type { Broker } from '../realtime/broker';
import type { SocketHub } from '../realtime/hub';

/** Well inside Prometheus' 10 s scrape timeout, so one stuck query never costs the whole scrape. */
const READ_TIMEOUT_MS = 2_000;

export interface StateSources {
  database: Database;
  hub: SocketHub;
  broker: Broker;
  clock: Clock;
  log: FastifyBaseLogger;
}

export function registerStateMetrics(registry: Registry, sources: StateSources): void {
  const { database, hub, clock } = sources;
  const registers = [registry];
  const readings: (() => Promise<unknown>)[] = [];
  const readErrors = new Counter({
    name: 'keystone_metrics_read_errors_total',
    help: 'Database readings of a scrape that failed or took too long (their gauges showed NaN).',
    labelNames: ['reading'] as const,
    registers,
    // Joins this scrape's readings, so a failure counts in the scrape that shows its NaN.
    async collect() {
      await Promise.all(readings.map((read) => read()));
    },
  });
  const reading = <T>(name: string, read: () => Promise<T>) => {
    // Shown from the start at 0, so a rate() over it needs no first failure to exist.
    readErrors.inc({ reading: name }, 0);
    const shared = scrapeReading(name, read, () => readErrors.inc({ reading: name }), sources.log);
    readings.push(shared);
    return shared;
  };

  new Gauge({
    name: 'keystone_websockets_open',
    help: 'Open WebSockets on this instance, by kind (locks, streaming).',
    labelNames: ['kind'] as const,
    registers,
    collect() {
      for (const [kind, count] of Object.entries(hub.countByKind())) this.set({ kind }, count);
    },
  });

  const queueUsage = reading('broker_queue', () => sources.broker.queueUsage());
  new Gauge({
    name: 'keystone_realtime_broker_queue_usage',
    help: "Share (0-1) of the real-time broker's queue in use: PostgreSQL's pg_notification_queue_usage(), read at most every 5 s (absent on Redis, which keeps no queue).",
    registers,
    async collect() {
      const usage = await queueUsage();
      if (usage !== null) this.set(usage ?? Number.NaN);
    },
  });

  const locks = reading('field_locks', () => countHeldLocks(database.db));
  new Gauge({
    name: 'keystone_field_locks_held',
    help: 'Unexpired field locks in the database (every instance reports the same value).',
    registers,
    async collect() {
      this.set((await locks()) ?? Number.NaN);
    },
  });

  const outbox = reading('outbox', () => outboxBacklog(database.db));
  const outboxGauge = (name: string, help: string, value: (backlog: OutboxBacklog) => number) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        const backlog = await outbox();
        this.set(backlog ? value(backlog) : Number.NaN);
      },
    });
  outboxGauge(
    'keystone_outbox_pending_mails',
    'Unsent mails still to be tried (database-wide).',
    (b) => b.pending,
  );
  outboxGauge(
    'keystone_outbox_oldest_pending_age_seconds',
    'Age of the oldest unsent mail still to be tried; 0 when none (database-wide).',
    (b) => b.oldestPendingSeconds,
  );
  outboxGauge(
    'keystone_outbox_given_up_mails',
    'Unsent mails that failed every attempt and will not be tried again (database-wide).',
    (b) => b.givenUp,
  );

  const waiting = reading('scheduler', () => earliestWaitingMoment(database.db, clock.now()));
  new Gauge({
    name: 'keystone_scheduler_overdue_seconds',
    help: 'How long the earliest due date or reminder that has come has waited for the progress scheduler; 0 when none (database-wide).',
    registers,
    async collect() {
      const moment = await waiting();
      if (moment === undefined) this.set(Number.NaN);
      else this.set(moment ? Math.max(0, (clock.now().getTime() - moment.getTime()) / 1000) : 0);
    },
  });

  registerPoolMetrics(registry, database);
}

/** The pg pool's use; PGlite has no pool (one in-process connection), so nothing is reported there. */
function registerPoolMetrics(registry: Registry, database: Database): void {
  const poolUse = database.poolUse;
  if (!poolUse) return;
  const poolGauge = (name: string, help: string, field: keyof PoolUse) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(poolUse()[field]);
      },
    });
  poolGauge('keystone_db_pool_connections', 'Open connections of the database pool, busy or idle.', 'total');
  poolGauge('keystone_db_pool_idle_connections', 'Idle connections of the database pool.', 'idle');
  poolGauge(
    'keystone_db_pool_waiting_queries',
    'Queries waiting for a free connection of the database pool.',
    'waiting',
  );
  poolGauge('keystone_db_pool_max_connections', 'Most connections the database pool opens.', 'max');
}

/**
 * One database reading per scrape, shared by the gauges that show it; undefined when it failed or
 * took longer than READ_TIMEOUT_MS. A query still running from an earlier scrape is waited for,
 * not started again, so a slow database is not sent more work by its own monitoring.
 */
function scrapeReading<T>(
  name: string,
  read: () => Promise<T>,
  failed: () => void,
  log: FastifyBaseLogger,
): () => Promise<T | undefined> {
  let query: Promise<T> | undefined;
  let scrape: Promise<T | undefined> | undefined;
  let failing = false;
  const guarded = async (): Promise<T | undefined> => {
    query ??= read().finally(() => {
      query = undefined;
    });
    try {
      const value = await withinMs(query, READ_TIMEOUT_MS);
      failing = false;
      return value;
    } catch (error) {
      failed();
      // Once per outage, not once per scrape.
      if (!failing) log.warn({ err: error, reading: name }, 'a metrics reading failed');
      failing = true;
      return undefined;
    }
  };
  return () => {
    scrape ??= guarded().finally(() => {
      scrape = undefined;
    });
    return scrape;
  };
}

function withinMs<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
