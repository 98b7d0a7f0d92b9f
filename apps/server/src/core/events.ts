/**
 * What travels between server instances (DESIGN §5): lock and streaming messages with the ids of
 * the users allowed to receive them, key revocations, and renamed people. Published with NOTIFY
 * inside the writing transaction, so an event goes out exactly when its change commits, in commit
 * order (with Redis as the broker, right after the commit: core/publication.ts). Each instance also drops its cached strategy pages that an event changed.
 */
import type {
  LockMessage,
  LockModel,
  StrategyRoles,
  StreamingMessage,
  StructureAction,
} from '@keystone/contract';
import { eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { realtimeSpill } from '../db/schema';
import { noteChanges } from './changeTracking';
import { publishedAfterCommit, publishesAfterCommit } from './publication';

export const REALTIME_CHANNEL = 'keystone_realtime';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; larger events go through a table. */
export const NOTIFY_PAYLOAD_LIMIT = 7000;

export type RealtimeEvent =
  /** `viewers`: the users who may see the strategy when the change was made. */
  | { kind: 'lock'; viewers: number[]; message: LockMessage }
  | { kind: 'stream'; viewers: number[]; message: StreamingMessage }
  /**
   * Sockets opened with this key (or with any key of this user) must close. `pending`: the key
   * lives on but must set up a second factor first (core/secondFactorPolicy.ts), so its sockets
   * close as "try again later" rather than as signed out.
   */
  | { kind: 'revoke'; keyHash?: string; userId?: number; pending?: true }
  /** Someone's name changed: every page showing people may be out of date. */
  | { kind: 'people' };

/**
 * An event as it travels between instances: `at` is when it was published (epoch ms on the
 * publishing instance's clock), so each receiving instance can measure its delivery lag.
 */
export type PublishedEvent = RealtimeEvent & { at: number };

/** The events, each stamped with the time they are published now. */
function stamped(events: readonly RealtimeEvent[]): PublishedEvent[] {
  const at = Date.now();
  return events.map((event) => ({ ...event, at }));
}

/** Everyone who may view a strategy: its masters and every role holder of its initiatives. */
export function viewerIds(roles: StrategyRoles): number[] {
  const ids = new Set(roles.masterIds);
  for (const initiative of roles.initiatives) {
    for (const id of [...initiative.ownerIds, ...initiative.sponsorIds, ...initiative.teamMemberIds])
      ids.add(id);
  }
  return [...ids];
}

/**
 * Queues events to be delivered when `db`'s transaction commits (at once outside one): with NOTIFY
 * in the transaction, or after commit through a broker outside the database (core/publication.ts).
 */
export async function publish(db: Queryable, events: readonly RealtimeEvent[]): Promise<void> {
  if (events.length === 0) return;
  noteChanges(changedPages(events));
  const published = stamped(events);
  if (await publishedAfterCommit(db, published)) return;
  const payload = await payloadOf(db, published, NOTIFY_PAYLOAD_LIMIT);
  await db.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${payload})`);
}

/** The message carrying these events: inline, or a reference to the spill table past `limit` bytes. */
export async function payloadOf(
  db: Queryable,
  events: readonly PublishedEvent[],
  limit: number,
): Promise<string> {
  const payload = JSON.stringify(events);
  if (Buffer.byteLength(payload) <= limit) return payload;
  const [row] = await db.insert(realtimeSpill).values({ payload }).returning({ id: realtimeSpill.id });
  return JSON.stringify({ spill: row!.id });
}

/**
 * Runs one data-changing statement (`update … returning …`) and publishes the events if it changed
 * a row, atomically and in one round trip (the autosave path) instead of four (begin, write,
 * notify, commit). Answers how many rows were written.
 */
export async function writeAndPublish<Row extends Record<string, unknown>>(
  db: Queryable,
  write: SQL,
  events: RealtimeEvent[],
  /** A statement reading `written` that goes with the write (e.g. its history rows). */
  alongside?: SQL,
): Promise<Row[]> {
  const also = alongside ? sql`, alongside as (${alongside})` : sql``;
  if (publishesAfterCommit(db)) {
    // The broker is outside the database: the write, then its events once committed.
    const { rows } = await db.execute<Row>(sql`with written as (${write})${also} select * from written`);
    if (rows.length > 0) await publish(db, events);
    return rows;
  }
  const payload = JSON.stringify(stamped(events));
  if (Buffer.byteLength(payload) > NOTIFY_PAYLOAD_LIMIT) {
    // Too large for one NOTIFY: publish spills it to its table, in the write's transaction.
    return db.transaction(async (tx) => {
      const { rows } = await tx.execute<Row>(sql`with written as (${write})${also} select * from written`);
      if (rows.length > 0) await publish(tx, events);
      return rows;
    });
  }
  noteChanges(changedPages(events));
  // A SELECT in a WITH runs only when the query reads it: hence the `notified` column.
  // (Data-modifying statements in a WITH always run.)
  const result = await db.execute<Row>(sql`
    with written as (${write})${also},
    notified as (select pg_notify(${REALTIME_CHANNEL}, ${payload}) from (select 1 from written limit 1) one)
    select written.*, (select count(*)::int from notified) as notified from written`);
  return result.rows;
}

/** The strategies whose page these events change, or 'all' when people were renamed. */
export function changedPages(events: readonly RealtimeEvent[]): Set<number> | 'all' {
  const ids = new Set<number>();
  for (const event of events) {
    if (event.kind === 'people') return 'all';
    if (event.kind === 'stream') ids.add(event.message.strategy_id);
  }
  return ids;
}

/** The events of a NOTIFY payload, or the id of the row they were spilled to. */
export function parsePayload(payload: string): PublishedEvent[] | { spill: number } | null {
  const parsed: unknown = JSON.parse(payload);
  if (Array.isArray(parsed)) return parsed as PublishedEvent[];
  const spillId = (parsed as { spill?: unknown }).spill;
  return typeof spillId === 'number' ? { spill: spillId } : null;
}

/** Reads spilled events from their table. */
export async function readSpill(db: Queryable, spillId: number): Promise<PublishedEvent[]> {
  const [row] = await db.select().from(realtimeSpill).where(eq(realtimeSpill.id, spillId));
  return row ? (JSON.parse(row.payload) as PublishedEvent[]) : [];
}

/** Spilled events are read within moments; a minute later nobody needs them. */
export async function deleteOldSpills(db: Queryable): Promise<void> {
  await db.delete(realtimeSpill).where(sql`${realtimeSpill.createdAt} < now() - interval '1 minute'`);
}

export interface Change {
  userId: number;
  strategyId: number;
  viewers: number[];
}

/** A change by this user to a strategy with these roles (as loaded for the permission check). */
export function changeBy(userId: number, strategyId: number, roles: StrategyRoles): Change {
  return { userId, strategyId, viewers: viewerIds(roles) };
}

/** Field edits of one resource, one streaming message per field, with the values as stored. */
export function fieldUpdates(
  change: Change,
  model: LockModel,
  resId: number,
  values: Record<string, unknown>,
): RealtimeEvent[] {
  return Object.entries(values).map(([field, value]) => ({
    kind: 'stream',
    viewers: change.viewers,
    message: { res_id: resId, model, field, value, user_id: change.userId, strategy_id: change.strategyId },
  }));
}

/**
 * The events of `fieldUpdates` for one field, as the JSON text of a NOTIFY payload built by the
 * database, for a statement that finds the strategy and its viewers itself (the one-statement
 * autosave). Same keys in the same order (progress.autosave.test.ts holds the two together).
 */
export function fieldUpdateEventText(event: {
  userId: SQLWrapper;
  strategyId: SQLWrapper;
  /** A JSON array of user ids. */
  viewers: SQLWrapper;
  model: LockModel;
  resId: SQLWrapper;
  field: string;
  value: SQLWrapper;
  /** When it is published (PublishedEvent's `at`): epoch ms, given by this instance. */
  at: SQLWrapper;
}): SQL {
  return sql`json_build_array(json_build_object(
    'kind', 'stream',
    'viewers', ${event.viewers},
    'message', json_build_object(
      'res_id', ${event.resId}, 'model', ${event.model}::text, 'field', ${event.field}::text,
      'value', ${event.value}::text, 'user_id', ${event.userId}::int, 'strategy_id', ${event.strategyId}),
    'at', ${event.at}::bigint))::text`;
}

/** Something added, removed, moved, or people or approval changed: browsers reload the strategy. */
export function structureChange(
  change: Change,
  model: LockModel,
  resId: number,
  action: StructureAction,
): RealtimeEvent {
  return {
    kind: 'stream',
    viewers: change.viewers,
    message: {
      res_id: resId,
      model,
      field: null,
      value: null,
      user_id: change.userId,
      strategy_id: change.strategyId,
      action,
    },
  };
}
