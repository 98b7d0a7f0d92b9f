/**
 * The end of the retention period: a deleted focus area or initiative kept longer than
 * DELETED_RETENTION_DAYS is purged: its kept rows are dropped, and so are the history entries
 * about it and everything that was under it (their texts: titles, charter, comments, timeline).
 * The deletion's own entry stays, without the title, so the strategy's history still says that
 * something was deleted. Each batch is one transaction that claims its rows with
 * `FOR UPDATE SKIP LOCKED`, so several instances sweeping at once purge each record once.
 */

import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { readSnapshot } from '../../core/keepDeleted';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';

const BATCH = 20;

type Claimed = {
  id: number;
  strategy_id: number;
  activity_id: number;
  snapshot: unknown;
};

const idsOf = (rows: readonly Record<string, unknown>[]) => rows.map((row) => Number(row.id));
const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::integer[]`;

async function purgeBatch(db: Db, now: Date, cutoff: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<Claimed>(sql`
      select id, strategy_id, activity_id, snapshot from deleted_records
      where snapshot is not null and deleted_at <= ${cutoff.toISOString()}::timestamptz
      order by id limit ${BATCH} for update skip locked`);
    for (const row of rows) {
      const snapshot = readSnapshot(row.snapshot);
      const initiativeIds = intArray(idsOf(snapshot.initiatives));
      await tx.execute(sql`
        delete from activity
        where strategy_id = ${row.strategy_id} and id <> ${row.activity_id} and (
          (model = 'focusArea' and record_id = any(${intArray(idsOf(snapshot.focus_areas))}))
          or (model = 'initiative' and record_id = any(${initiativeIds}))
          or initiative_id = any(${initiativeIds})
          or (model = 'timeline' and record_id = any(${intArray(idsOf(snapshot.timelines))}))
          or (model = 'comment' and record_id = any(${intArray(idsOf(snapshot.comments))}))
          or (model = 'measure' and record_id = any(${intArray(idsOf(snapshot.measures))}))
        )`);
      await tx.execute(sql`update activity set old_value = null where id = ${row.activity_id}`);
      await tx.execute(
        sql`update deleted_records set snapshot = null, purged_at = ${now.toISOString()}::timestamptz where id = ${row.id}`,
      );
    }
    return rows.length;
  });
}

/** Purges every deleted record kept past the retention period; the answer is how many. */
export async function purgeExpiredDeletions(db: Db, now: Date, retentionMs: number): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionMs);
  let purged = 0;
  for (;;) {
    const done = await purgeBatch(db, now, cutoff);
    purged += done;
    if (done < BATCH) return purged;
  }
}

/** Sweeps at start and then every `everyMs` (hourly: a day's precision is all the period needs). */
export class DeletedRecordsPurger {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> = Promise.resolve(0);

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly retentionMs: number,
    private readonly everyMs: number,
  ) {}

  start(): void {
    void this.run();
    this.timer = setInterval(() => void this.run(), this.everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One sweep after the one under way; failures are logged and tried again at the next. */
  run(): Promise<number> {
    this.running = this.running
      .then(() => purgeExpiredDeletions(this.db, this.clock.now(), this.retentionMs))
      .then((purged) => {
        if (purged > 0) this.log.info({ purged }, 'deleted records purged after their retention period');
        return purged;
      })
      .catch((error: unknown) => {
        this.log.warn({ err: error }, 'purging deleted records failed');
        return 0;
      });
    return this.running;
  }
}
