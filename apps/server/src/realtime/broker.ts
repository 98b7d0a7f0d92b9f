/**
 * The broker seam (DESIGN §5): how the real-time events of one instance reach every instance.
 *
 * Publish side: `publish` and `writeAndPublish` (core/events.ts). On PostgreSQL, the default, they
 * NOTIFY inside the writing transaction: an event goes out exactly when its change commits, in
 * commit order, at no extra round trip (the autosave's NOTIFY is part of its one statement).
 * Another broker registers itself with core/publication.ts and gets each transaction's events
 * right after it commits and before the request answers.
 *
 * Subscribe side: every payload on the one channel, in the order the broker delivers them, and
 * onLost/onResumed around a lost connection (events sent meanwhile are gone: the sockets resync).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database, ListenHandlers } from '../db/client';
import { PostgresBroker } from './postgresBroker';
import { RedisBroker } from './redisBroker';

export interface Broker {
  readonly name: 'postgres' | 'redis';
  /** Starts receiving every instance's payloads (core/events.ts parsePayload); answers the stop. */
  subscribe(handlers: ListenHandlers): Promise<() => Promise<void>>;
  /** The share (0–1) of the broker's queue in use (PostgreSQL's notification queue), or null. */
  queueUsage(): Promise<number | null>;
  /** Whether a write's events can go out now (readiness: an instance that cannot is taken out). */
  readonly publishing: boolean;
  /** Publishes nothing more; called after the subscription stopped. */
  close(): Promise<void>;
}

/** Redis when REDIS_URL is set, PostgreSQL's LISTEN/NOTIFY otherwise. */
export async function openBroker(
  config: Pick<Config, 'redisUrl'>,
  database: Database,
  log: FastifyBaseLogger,
): Promise<Broker> {
  if (config.redisUrl) return RedisBroker.open(config.redisUrl, database, log);
  return new PostgresBroker(database);
}
