/**
 * The default broker: PostgreSQL's NOTIFY (sent by core/events.ts inside the writing transaction)
 * and a LISTEN on a connection of each instance's own (db/listen.ts; PGlite delivers in-process).
 */
import { sql } from 'drizzle-orm';
import { REALTIME_CHANNEL } from '../core/events';
import type { Database, ListenHandlers } from '../db/client';
import type { Broker } from './broker';

/** The queue usage is read at most this often, however often /metrics is scraped. */
const QUEUE_USAGE_EVERY_MS = 5_000;

export class PostgresBroker implements Broker {
  readonly name = 'postgres';
  /** NOTIFY is part of the writing transaction: a write that commits has published. */
  readonly publishing = true;
  private usage: { value: number; readAt: number } | null = null;

  constructor(private readonly database: Database) {}

  subscribe(handlers: ListenHandlers): Promise<() => Promise<void>> {
    return this.database.listen(REALTIME_CHANNEL, handlers);
  }

  /**
   * pg_notification_queue_usage(): notifications wait in one queue of 8 GB by default until every
   * listener has read them; a listener that stops reading fills it, and then every NOTIFY (so every
   * write that publishes) fails.
   */
  async queueUsage(): Promise<number> {
    const now = Date.now();
    if (this.usage && now - this.usage.readAt < QUEUE_USAGE_EVERY_MS) return this.usage.value;
    const { rows } = await this.database.db.execute<{ usage: number }>(
      sql`select pg_notification_queue_usage()::float8 as usage`,
    );
    this.usage = { value: Number(rows[0]?.usage ?? 0), readAt: now };
    return this.usage.value;
  }

  async close(): Promise<void> {}
}
