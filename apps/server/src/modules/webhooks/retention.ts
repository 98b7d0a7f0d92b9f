/**
 * Webhook events carry titles, names and comment texts. They are kept as long as deleted records
 * are (DELETED_RETENTION_DAYS), then deleted with their deliveries (the delivery log's rows),
 * unless a delivery still waits for a try. In batches, each claimed with SKIP LOCKED, so instances
 * purging at once neither wait on nor repeat each other.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

const BATCH = 1000;

/** Deletes the events created before `cutoff` that no delivery waits on; answers how many. */
export async function purgeOldWebhookEvents(db: Db, cutoff: Date): Promise<number> {
  let purged = 0;
  for (;;) {
    const { rows } = await db.execute<{ id: number }>(sql`
      delete from webhook_events where id in (
        select event.id from webhook_events event
        where event.created_at < ${cutoff.toISOString()}::timestamptz
          and not exists (select 1 from webhook_deliveries delivery
            where delivery.event_id = event.id and delivery.status = 'pending')
        order by event.created_at limit ${BATCH}
        for update skip locked)
      returning id`);
    purged += rows.length;
    if (rows.length < BATCH) return purged;
  }
}
