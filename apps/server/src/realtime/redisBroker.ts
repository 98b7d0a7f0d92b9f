/**
 * The Redis broker (REDIS_URL): PUBLISH on one channel after the writing transaction commits
 * (core/publication.ts), SUBSCRIBE on a connection of each instance's own. For deployments whose
 * write rate or instance count PostgreSQL's notification queue should not carry
 * (docs/OPERATIONS.md). Events go inline up to REDIS_PAYLOAD_LIMIT, larger ones by reference to
 * the spill table, as on PostgreSQL.
 */
import { backoffCeiling } from '@keystone/contract';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { type PublishedEvent, payloadOf, REALTIME_CHANNEL } from '../core/events';
import { type EventSender, publishAfterCommit } from '../core/publication';
import type { Database, Db, ListenHandlers } from '../db/client';
import type { Broker } from './broker';

/** Larger payloads go through the spill table: one huge message would hold up every other. */
export const REDIS_PAYLOAD_LIMIT = 256 * 1024;
const RETRY_DELAY_MS = { first: 250, max: 10_000 };
/**
 * Published once the publisher is back after a publication failed: the events of a committed write
 * went nowhere, so every instance (this one too) resyncs. Never a payload of events (those are JSON
 * or a spill reference).
 */
const MISSED = 'missed';

/** Reconnects with growing, jittered delays, for as long as it takes. */
const retryStrategy = (attempts: number) => {
  const ceiling = backoffCeiling(attempts - 1, RETRY_DELAY_MS);
  return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
};

const connectionOptions = {
  lazyConnect: true,
  retryStrategy,
  connectionName: 'keystone',
  // A command while disconnected fails at once instead of holding its request until Redis is back.
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
};

export class RedisBroker implements Broker, EventSender {
  readonly name = 'redis';
  private readonly detach: () => void;
  /** A publication failed and the instances have not been told yet. */
  private missed = false;

  private constructor(
    private readonly url: string,
    private readonly publisher: Redis,
    database: Database,
    private readonly log: FastifyBaseLogger,
  ) {
    publisher.on('error', () => {});
    publisher.on('ready', () => void this.announceMissed());
    this.detach = publishAfterCommit(database.db, this);
  }

  static async open(url: string, database: Database, log: FastifyBaseLogger): Promise<RedisBroker> {
    const publisher = new Redis(url, connectionOptions);
    await publisher.connect();
    return new RedisBroker(url, publisher, database, log);
  }

  /** Only while the publisher's connection is up: readiness fails as soon as it drops. */
  get publishing(): boolean {
    return this.publisher.status === 'ready';
  }

  /**
   * After commit. A publication that fails (Redis unreachable, or this instance's publisher alone
   * cut off) is logged, not thrown: the write has committed and its request must say so. Once the
   * publisher is back, every instance is told that events went missing (MISSED), so none keeps
   * showing what the lost events changed.
   */
  async send(db: Db, events: readonly PublishedEvent[]): Promise<void> {
    try {
      await this.publisher.publish(REALTIME_CHANNEL, await payloadOf(db, events, REDIS_PAYLOAD_LIMIT));
    } catch (error) {
      this.missed = true;
      this.log.error({ err: error, events: events.length }, 'could not publish real-time events to Redis');
      // Back already (the failure raced the reconnection): nothing else would say it.
      if (this.publishing) void this.announceMissed();
    }
  }

  private async announceMissed(): Promise<void> {
    if (!this.missed) return;
    this.missed = false;
    try {
      await this.publisher.publish(REALTIME_CHANNEL, MISSED);
    } catch {
      // Lost again: the next 'ready' tries once more.
      this.missed = true;
    }
  }

  async subscribe(handlers: ListenHandlers): Promise<() => Promise<void>> {
    // A connection in subscriber mode runs no other command: one of its own.
    const subscriber = new Redis(this.url, { ...connectionOptions, autoResubscribe: false });
    let stopped = false;
    let lost = false;
    subscriber.on('error', () => {});
    subscriber.on('message', (channel: string, payload: string) => {
      if (channel !== REALTIME_CHANNEL) return;
      if (payload === MISSED) handlers.onMissed?.();
      else handlers.onNotification(payload);
    });
    subscriber.on('close', () => {
      if (stopped || lost) return;
      lost = true;
      handlers.onLost?.();
    });
    // Back after a loss: subscribed again first, so nothing published from the resumption on is missed.
    subscriber.on('ready', () => {
      if (!lost || stopped) return;
      subscriber.subscribe(REALTIME_CHANNEL).then(
        () => {
          lost = false;
          handlers.onResumed?.();
        },
        () => subscriber.disconnect(true),
      );
    });
    await subscriber.connect();
    await subscriber.subscribe(REALTIME_CHANNEL);
    return async () => {
      stopped = true;
      subscriber.disconnect();
    };
  }

  /** Redis keeps no queue of published messages: a slow subscriber's output buffer is its own. */
  async queueUsage(): Promise<null> {
    return null;
  }

  async close(): Promise<void> {
    this.detach();
    this.publisher.disconnect();
  }
}
