/**
 * `comment.written`, announced after the fact. A progress comment is saved as it is typed, by the
 * autosave's one statement (progress/commentWrite.ts), which must not take a round trip more; and
 * a receiver wants one event per comment written, not one per pause in the typing. So the
 * webhook worker reads the comments' history entries (activity rows) behind a stored cursor and
 * announces each comment once its writer has been quiet for `quietMs`, with the text as it then
 * stands. The cursor row is locked for the whole pass (SKIP LOCKED: another instance's pass just
 * skips), and the events are recorded in the pass's transaction, so each burst is announced once.
 */
import { sql } from 'drizzle-orm';
import { displayNameOf } from '../../core/userPresenters';
import { recordWebhookEvent, webhookLinks } from '../../core/webhookEvents';
import type { Db } from '../../db/client';

const SWEEP = 'comment.written';
/** Activity rows read a pass; the next pass goes on from there. */
const BATCH = 1000;

type SettledComment = {
  comment_id: number;
  comment_type: string;
  comment: string;
  initiative_id: number;
  initiative_title: string;
  strategy_id: number;
  strategy_title: string;
  organisation_id: number;
  actor_id: number | null;
  first_name: string;
  last_name: string;
  email: string;
  written_at: string | Date;
};

/**
 * One pass: moves the cursor past the activity rows older than `quietMs` and records a
 * comment.written event for each comment whose last edit among them is its last edit so far.
 * Answers how many deliveries it queued. One short statement when no endpoint listens.
 */
export async function announceQuietComments(db: Db, appUrl: string, quietMs: number): Promise<number> {
  const quiet = sql`now() - make_interval(secs => ${quietMs / 1000})`;
  const listening = sql`exists (select 1 from webhook_endpoints where enabled and ${SWEEP} = any(events))`;
  // Nobody listens (the usual case): one statement moves the cursor to the newest settled row.
  const skipped = await db.execute(sql`update webhook_sweeps
    set last_id = coalesce((select max(id) from activity where id > webhook_sweeps.last_id and created_at < ${quiet}), last_id)
    where name = ${SWEEP} and not ${listening}
    returning last_id`);
  if (skipped.rows.length > 0) return 0;
  return db.transaction(async (tx) => {
    const cursor = await tx.execute<{ last_id: number | string }>(
      sql`select last_id from webhook_sweeps where name = ${SWEEP} for update skip locked`,
    );
    const lastId = cursor.rows[0]?.last_id;
    if (lastId === undefined) return 0;
    // Rows older than the quiet time only: by then every transaction that wrote a lower id has
    // committed, so the cursor never passes a row that is not visible yet.
    const settled = sql`select id, model, field, record_id, actor_id, created_at from activity
      where id > ${lastId} and created_at < ${quiet}
      order by id limit ${BATCH}`;
    const { rows } = await tx.execute<SettledComment>(sql`
      with settled as (${settled}),
      latest as (
        select distinct on (record_id) id, record_id, actor_id, created_at from settled
        where model = 'comment' and field = 'comment' and ${listening}
        order by record_id, id desc),
      moved as (
        update webhook_sweeps set last_id = (select max(id) from settled)
        where name = ${SWEEP} and exists (select 1 from settled))
      select c.id as comment_id, c.comment_type, c.comment, i.id as initiative_id,
        i.title as initiative_title, s.id as strategy_id, s.title as strategy_title,
        s.organisation_id, latest.actor_id, u.first_name, u.last_name, u.email,
        latest.created_at as written_at
      from latest
      join comments c on c.id = latest.record_id
      join initiatives i on i.id = c.initiative_id
      join focus_areas f on f.id = i.focus_area_id
      join strategies s on s.id = f.strategy_id
      left join users u on u.id = latest.actor_id
      where not exists (
        select 1 from activity later
        where later.model = 'comment' and later.record_id = latest.record_id and later.id > latest.id)`);
    let queued = 0;
    for (const row of rows) {
      queued += await recordWebhookEvent(tx, {
        organisationId: row.organisation_id,
        strategyId: row.strategy_id,
        type: 'comment.written',
        at: new Date(row.written_at),
        data: {
          strategy_title: row.strategy_title,
          initiative_id: row.initiative_id,
          initiative_title: row.initiative_title,
          comment_id: row.comment_id,
          comment_type: row.comment_type,
          comment: row.comment,
          // The writer's account may be gone (deleted): the comment is announced without them.
          by:
            row.actor_id === null
              ? null
              : {
                  id: row.actor_id,
                  name: displayNameOf({
                    firstName: row.first_name,
                    lastName: row.last_name,
                    email: row.email,
                  }),
                },
          url: webhookLinks.progress(appUrl, row.strategy_id),
        },
      });
    }
    return queued;
  });
}
