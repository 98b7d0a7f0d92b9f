/**
 * How a progress comment's text is written: the UPDATE that locks the row and reads the text it
 * replaces, and the history entry (issue 15) beside it. The one-statement autosave and the checked
 * path (comments.ts) both build their statement from these, so they write the same way.
 *
 * The one-statement autosave (issue 17) makes a successful edit one round trip: the key, the
 * comment of the key's organisation, the right to edit it, no field lock held by anyone else, the
 * write, its history entry and its NOTIFY. One statement carries one autosave or several, of
 * different comments and people, each checked on its own (autosaveQueue.ts gathers them). When it
 * writes nothing for an autosave, for whatever reason, the checked path runs for that one and
 * gives the exact answer (403, 404, 409) or makes the write.
 */
import type { ActivityModel, HistoryField } from '@keystone/contract';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import {
  fieldUpdateEventText,
  NOTIFY_PAYLOAD_LIMIT,
  type PublishedEvent,
  REALTIME_CHANNEL,
} from '../../core/events';
import { lockHolderOf } from '../../core/fieldLocks';
import { keyBounds, validKey } from '../../core/keys';
import { publishedAfterCommit, publishesAfterCommit } from '../../core/publication';
import { mayEditProgress, viewerIdsOf } from '../../core/strategyAccess';
import type { Queryable } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { activity, authKeys, comments, focusAreas, initiatives, strategies, users } from '../../db/schema';

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
 * Writes `edits` (a relation with the columns ord, id, strategy_id, user_id, value, since; at most
 * one row per comment) as `written`: lock each row, in id order so that two statements writing the
 * same comments cannot deadlock, and read the text it replaces; write it unless the due date locked
 * it meanwhile (that edit is refused rather than written into history), unless it is unchanged, or
 * unless someone else changed it after the version the edit started from (`since`, null when the
 * client sent none). Conditions on the row itself are checked again on its newest version when a
 * concurrent writer got there first, so nothing acknowledged is lost.
 */
export function commentUpdate(edits: SQLWrapper): SQL {
  return sql`update ${comments} c
    set comment = edit.value, updated_at = now(), updated_by = edit.user_id, version = c.version + 1
    from (
      select e.ord, e.id, e.strategy_id, e.user_id, e.value, e.since, held.comment as before
      from ${comments} held join ${edits} e on e.id = held.id
      order by held.id
      for update of held
    ) edit
    where c.id = edit.id and not c.is_locked and c.comment is distinct from edit.value
      and (edit.since is null or c.version <= edit.since or c.updated_by = edit.user_id)
    returning edit.ord, edit.strategy_id, edit.user_id, c.id, c.comment_type, c.initiative_id,
      c.initiative_status, c.version, c.updated_at, edit.before, edit.value`;
}

/** One edit as the relation `commentUpdate` takes. */
export function oneEdit(edit: { id: number; strategyId: number; userId: number } & CommentEdit): SQL {
  return sql`(select 1::bigint as ord, ${edit.id}::int as id, ${edit.strategyId}::int as strategy_id,
    ${edit.userId}::int as user_id, ${edit.value}::text as value, ${edit.since ?? null}::int as since)`;
}

/** A comment's text edit as the history's kinds list it (recordChanges' type check, for this SQL). */
const COMMENT_EDIT = { model: 'comment', field: 'comment' } as const satisfies {
  model: ActivityModel;
  field: HistoryField<'comment'>;
};
/** A constant of this module as an SQL string literal (the statement's text stays the same). */
const literal = (name: string) => sql.raw(`'${name}'`);

/** The history entries of what `written` (commentUpdate) wrote. */
export const commentHistory = sql`insert into ${activity} (strategy_id, initiative_id, actor_id, model, record_id, field, old_value, new_value, version)
    select strategy_id, initiative_id, user_id, ${literal(COMMENT_EDIT.model)}, id, ${literal(COMMENT_EDIT.field)}, to_jsonb(before), to_jsonb(value), version
    from written`;

/** The autosaves of one statement, one row each, numbered from 1 (`ord`) in the order given. */
const input = sql`select * from unnest(${sql.placeholder('keyHashes')}::text[], ${sql.placeholder('ids')}::int[],
    ${sql.placeholder('values')}::text[], ${sql.placeholder('sinces')}::int[])
  with ordinality as input(key_hash, id, value, since, ord)`;

/**
 * Each autosave's user, by validKey (the rule of every authenticated call), if its key is valid now
 * and not waiting for a second factor (those go the checked path, which refuses them).
 */
const keyUsers = sql`select input.ord, ${users.id} as id, ${users.organisationId} as organisation_id,
    ${users.firstName} as first_name, ${users.lastName} as last_name, ${users.email} as email
  from input, ${authKeys} join ${users} on ${users.id} = ${authKeys.userId}
  where ${validKey(sql`input.key_hash`, sql.placeholder('usedSince'), sql.placeholder('createdSince'))}
    and not ${authKeys.secondFactorPending}`;

const userId = sql`me.id`;

/**
 * The autosaves whose user may write their comment now, as the relation `commentUpdate` takes plus
 * the change event (JSON text) for the strategy's viewers; none for an autosave that anything
 * stands in the way of, or whose event is too large for a NOTIFY (the checked path spills it).
 * `offset 0` keeps the inner select from being merged into the outer one, which would build the
 * event (the viewers' ids, the statement's largest part) twice: once for its size, once for the
 * column.
 */
const writable = sql`select * from (
    select input.ord, ${comments.id} as id, ${strategies.id} as strategy_id, me.id as user_id,
      input.value, input.since, ${fieldUpdateEventText({
        userId,
        strategyId: strategies.id,
        viewers: viewerIdsOf(strategies.id),
        model: 'comment',
        resId: comments.id,
        field: 'comment',
        value: sql`input.value`,
        at: sql.placeholder('publishedAt'),
      })} as payload
    from input
    join me on me.ord = input.ord
    join ${comments} on ${comments.id} = input.id
    join ${initiatives} on ${initiatives.id} = ${comments.initiativeId}
    join ${focusAreas} on ${focusAreas.id} = ${initiatives.focusAreaId}
    join ${strategies} on ${strategies.id} = ${focusAreas.strategyId}
      and ${strategies.organisationId} = me.organisation_id
    where not ${comments.isLocked}
      and ${mayEditProgress(userId, strategies.id, comments.initiativeId)}
      and ${lockHolderOf('comment', comments.id, 'comment', userId)} is null
    offset 0
  ) target
  where octet_length(payload) <= ${NOTIFY_PAYLOAD_LIMIT}`;

/** The autosaves that may be written, written, with their history entries. */
const autosaveWrites = sql`with input as (${input}),
    me as (${keyUsers}),
    target as (${writable}),
    written as (${commentUpdate(sql`target`)}),
    history as (${commentHistory})`;

/**
 * Prepared: PostgreSQL parses and plans this statement once per connection, whatever the number
 * of autosaves in it. A SELECT in a WITH runs only when the query reads it, hence the `notified`
 * column; data-modifying statements in a WITH always run.
 */
const writeStatement = preparedStatement(
  'comment_writes',
  sql`${autosaveWrites},
    notified as (
      select pg_notify(${REALTIME_CHANNEL}, target.payload) from target join written on written.ord = target.ord
    )
    select written.*, me.first_name, me.last_name, me.email, (select count(*)::int from notified) as notified
    from written join me on me.ord = written.ord`,
);

/** The same for a broker outside the database: the events come back, published after commit. */
const writeReturningEventsStatement = preparedStatement(
  'comment_writes_returning_events',
  sql`${autosaveWrites}
    select written.*, me.first_name, me.last_name, me.email, target.payload
    from written join me on me.ord = written.ord join target on target.ord = written.ord
    order by written.ord`,
);

/** An autosave: the comment `id` edited with the key whose hash is `keyHash`. */
export interface Autosave {
  keyHash: string;
  id: number;
  edit: CommentEdit;
}

export type WrittenAutosave = WrittenComment & {
  strategy_id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  email: string;
};

/**
 * Autosaves of different comments in one statement, each key checked in it: for each, in order,
 * the row written, its strategy and its author, or undefined when nothing was written (the caller
 * then runs the checked path for it).
 */
export async function writeAutosaves(
  db: Queryable,
  autosaves: readonly Autosave[],
): Promise<(WrittenAutosave | undefined)[]> {
  const now = Date.now();
  const afterCommit = publishesAfterCommit(db);
  const statement = afterCommit ? writeReturningEventsStatement : writeStatement;
  // `ord` is a bigint: node-postgres answers it as text.
  const { rows } = await statement<WrittenAutosave & { ord: string | number; payload?: string }>(db).execute({
    keyHashes: autosaves.map((autosave) => autosave.keyHash),
    ids: autosaves.map((autosave) => autosave.id),
    values: autosaves.map((autosave) => autosave.edit.value),
    sinces: autosaves.map((autosave) => autosave.edit.since ?? null),
    ...keyBounds(now, { untouched: true }),
    publishedAt: now,
  });
  if (afterCommit) {
    const events = rows.flatMap((row) => JSON.parse(row.payload!) as PublishedEvent[]);
    if (events.length > 0) await publishedAfterCommit(db, events);
  }
  const written = new Map(rows.map(({ payload: _, ...row }) => [Number(row.ord), row]));
  return autosaves.map((_, index) => written.get(index + 1));
}
