/**
 * How a progress comment's text is written: the UPDATE that locks the row and reads the text it
 * replaces, and the history entry (issue 15) beside it. The one-statement autosave and the checked
 * path (comments.ts) both build their statement from these, so they write the same way.
 *
 * The one-statement autosave (issue 17) makes the whole successful edit one round trip: the key,
 * the comment of the key's organisation, the right to edit it, no field lock held by anyone else,
 * the write, its history entry and its NOTIFY. When it writes nothing, for whatever reason, the
 * checked path runs and gives the exact answer (403, 404, 409) or makes the write.
 */
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { activity, authKeys, comments, focusAreas, initiatives, strategies, users } from '../../db/schema';
import { fieldUpdateEventText, NOTIFY_PAYLOAD_LIMIT, REALTIME_CHANNEL } from '../../realtime/events';
import { keyBounds, validKey } from '../auth/keys';
import { lockHolderOf } from '../field-locks/service';
import { mayEditProgress, viewerIdsOf } from '../strategies/access';

export interface CommentEdit {
  /** The sanitised text. */
  value: string;
  /** The version the edit started from, when the client sent one. */
  since: number | undefined;
}

/** The row as written, with the text it replaced (the history entry's old value). */
export type WrittenComment = {
  id: number;
  comment_type: 'PR' | 'RB' | 'NS';
  initiative_id: number;
  initiative_status: string | null;
  version: number;
  updated_at: Date | string;
  before: string;
};

/**
 * Writes the comment whose id `rowId` gives, as `written`: lock the row and read the text it
 * replaces, write it unless the due date locked it meanwhile (that edit is refused rather than
 * written into history), unless it is unchanged, or unless someone else changed it after the
 * version this edit started from (`since`, null when the client sent none). Conditions on the row
 * itself are checked again on its newest version when a concurrent writer got there first, so
 * nothing acknowledged is lost.
 */
export function commentUpdate(
  rowId: SQLWrapper,
  userId: SQLWrapper,
  value: SQLWrapper,
  since: SQLWrapper,
): SQL {
  return sql`update ${comments} c
    set comment = ${value}, updated_at = now(), updated_by = ${userId}, version = c.version + 1
    from (select id, comment as before from ${comments} where id = ${rowId} for update) previous
    where c.id = previous.id and not c.is_locked and c.comment is distinct from ${value}::text
      and (${since}::int is null or c.version <= ${since}::int or c.updated_by = ${userId})
    returning c.id, c.comment_type, c.initiative_id, c.initiative_status, c.version, c.updated_at,
      previous.before`;
}

/** The history entry of what `written` (commentUpdate) wrote. */
export function commentHistory(strategyId: SQLWrapper, userId: SQLWrapper, value: SQLWrapper): SQL {
  return sql`insert into ${activity} (strategy_id, initiative_id, actor_id, model, record_id, field, old_value, new_value, version)
    select ${strategyId}, initiative_id, ${userId}, 'comment', id, 'comment',
           to_jsonb(before), to_jsonb(${value}::text), version
    from written`;
}

const userId = sql`me.id`;
const value = sql.placeholder('value');

/** The key's user, by validKey (the rule of every authenticated call), if the key is valid now. */
const keyUser = sql`select ${users.id} as id, ${users.organisationId} as organisation_id,
    ${users.firstName} as first_name, ${users.lastName} as last_name, ${users.email} as email
  from ${authKeys} join ${users} on ${users.id} = ${authKeys.userId}
  where ${validKey(sql.placeholder('keyHash'), sql.placeholder('usedSince'), sql.placeholder('createdSince'))}
  limit 1`;

/**
 * The comment `id` if the key's user may write it now, with its strategy and the change event
 * (JSON text) for the strategy's viewers; no row when anything stands in the way, or when the
 * event is too large for a NOTIFY (the checked path spills it). `offset 0` keeps the inner select
 * from being merged into the outer one, which would build the event (the viewers' ids, the
 * statement's largest part) twice: once for its size, once for the column.
 */
const writableComment = sql`select * from (
    select ${comments.id} as id, ${strategies.id} as strategy_id, ${fieldUpdateEventText({
      userId,
      strategyId: strategies.id,
      viewers: viewerIdsOf(strategies.id),
      model: 'comment',
      resId: comments.id,
      field: 'comment',
      value,
    })} as payload
    from me
    join ${strategies} on ${strategies.organisationId} = me.organisation_id
    join ${focusAreas} on ${focusAreas.strategyId} = ${strategies.id}
    join ${initiatives} on ${initiatives.focusAreaId} = ${focusAreas.id}
    join ${comments} on ${comments.initiativeId} = ${initiatives.id}
    where ${comments.id} = ${sql.placeholder('id')} and not ${comments.isLocked}
      and ${mayEditProgress(userId, strategies.id, comments.initiativeId)}
      and ${lockHolderOf('comment', comments.id, 'comment', userId)} is null
    offset 0
  ) target
  where octet_length(payload) <= ${NOTIFY_PAYLOAD_LIMIT}`;

/**
 * Prepared: PostgreSQL parses and plans this statement once per connection. A SELECT in a WITH
 * runs only when the query reads it, hence the `notified` column; data-modifying statements in a
 * WITH always run.
 */
const writeAtOnceStatement = preparedStatement(
  'comment_write_at_once',
  sql`with me as (${keyUser}),
    target as (${writableComment}),
    written as (${commentUpdate(sql`(select id from target)`, sql`(select id from me)`, value, sql.placeholder('since'))}),
    history as (${commentHistory(sql`(select strategy_id from target)`, sql`(select id from me)`, value)}),
    notified as (
      select pg_notify(${REALTIME_CHANNEL}, payload) from target where exists (select 1 from written)
    )
    select written.*, target.strategy_id, me.id as user_id, me.first_name, me.last_name, me.email,
      (select count(*)::int from notified) as notified
    from written, target, me`,
);

export type WrittenAtOnce = WrittenComment & {
  strategy_id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  email: string;
};

/**
 * The autosave in one statement, the key checked in it: the row written, its strategy and its
 * author, or undefined when nothing was written (the caller then runs the checked path).
 */
export async function writeCommentAtOnce(
  db: Queryable,
  keyHash: string,
  id: number,
  edit: CommentEdit,
): Promise<WrittenAtOnce | undefined> {
  const { rows } = await writeAtOnceStatement<WrittenAtOnce>(db).execute({
    keyHash,
    ...keyBounds(Date.now(), { untouched: true }),
    id,
    value: edit.value,
    since: edit.since ?? null,
  });
  return rows[0];
}
