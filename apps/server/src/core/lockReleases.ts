/**
 * Locks released without their holder asking: the holder's socket closed, the lock expired, or the
 * holder was deactivated. Each release is announced to the strategy's viewers.
 */
import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { lockedFields, users } from '../db/schema';
import { publish, type RealtimeEvent } from './events';
import { type LockRow, lockMessage } from './fieldLocks';
import { viewersOf } from './strategyAccess';
import { displayNameOf } from './userPresenters';

/** Publishes the release of these (already deleted) locks to each strategy's viewers. */
async function publishReleased(db: Queryable, rows: readonly LockRow[]): Promise<void> {
  if (rows.length === 0) return;
  const holderIds = [...new Set(rows.map((row) => row.userId))];
  // One after the other: `db` is usually a transaction, which runs one statement at a time.
  const holders = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, holderIds));
  const viewers = await viewersOf(db, [...new Set(rows.map((row) => row.strategyId))]);
  const names = new Map(holders.map((holder) => [holder.id, displayNameOf(holder)]));
  const events: RealtimeEvent[] = rows.map((row) => ({
    kind: 'lock',
    viewers: viewers.get(row.strategyId) ?? [],
    message: lockMessage(row, names.get(row.userId) ?? '', 'unlock'),
  }));
  await publish(db, events);
}

/**
 * A locks socket closed. Its locks go unless `keepBound` (the same page is still connected
 * through a newer socket, e.g. after a network drop, and holds them again); the user's locks
 * taken without naming a socket go when `includeUnnamed` (no other locks socket of the user).
 */
export async function releaseConnectionLocks(
  db: Queryable,
  connection: { connectionId: string; userId: number },
  options: { keepBound: boolean; includeUnnamed: boolean },
): Promise<void> {
  // The browser names its connection, so another user's socket may carry the same id: only this
  // user's locks are ever released.
  const bound = options.keepBound
    ? undefined
    : and(eq(lockedFields.userId, connection.userId), eq(lockedFields.connectionId, connection.connectionId));
  const unnamed = options.includeUnnamed
    ? and(eq(lockedFields.userId, connection.userId), isNull(lockedFields.connectionId))
    : undefined;
  if (!bound && !unnamed) return;
  await db.transaction(async (tx) => {
    const rows = await tx.delete(lockedFields).where(or(bound, unnamed)).returning();
    await publishReleased(tx, rows);
  });
}

/** (user id, connection id) pairs as one JSON parameter: a statement for any number of sockets. */
const connectionPairs = (connections: readonly { connectionId: string; userId: number }[]) =>
  JSON.stringify(connections.map((connection) => [connection.userId, connection.connectionId]));

/**
 * At shutdown, the moment the sockets close: every lock of these locks sockets and their users'
 * locks taken without naming a socket, in one statement. One transaction per socket through the
 * pool took seconds at 1,250 sockets, past the 2 s a draining instance has (bench/cluster.mjs).
 */
export async function releaseClosedSocketLocks(
  db: Queryable,
  connections: readonly { connectionId: string; userId: number }[],
): Promise<void> {
  if (connections.length === 0) return;
  const pairs = connectionPairs(connections);
  await db.transaction(async (tx) => {
    const rows = await tx
      .delete(lockedFields)
      .where(
        sql`(${lockedFields.userId}, ${lockedFields.connectionId}) in (
          select (pair->>0)::int, pair->>1 from jsonb_array_elements(${pairs}::jsonb) pair)
        or (${lockedFields.connectionId} is null and ${lockedFields.userId} in (
          select (pair->>0)::int from jsonb_array_elements(${pairs}::jsonb) pair))`,
      )
      .returning();
    await publishReleased(tx, rows);
  });
}

/**
 * At shutdown, after the requests in flight: the locks taken for these (closed) sockets since
 * their release, except those of a page connected again through another live instance.
 */
export async function releaseLeftoverLocks(
  db: Queryable,
  instanceId: string,
  connections: readonly { connectionId: string; userId: number }[],
): Promise<void> {
  if (connections.length === 0) return;
  const pairs = connectionPairs(connections);
  await db.transaction(async (tx) => {
    const leftover = await tx.execute<{ id: number }>(sql`
      select lock.id from locked_fields lock join jsonb_array_elements(${pairs}::jsonb) pair
        on lock.user_id = (pair->>0)::int and lock.connection_id = pair->>1
      where not exists (
        select 1 from socket_connections elsewhere
        join server_instances instance on instance.id = elsewhere.instance_id and instance.alive_until > now()
        where elsewhere.instance_id <> ${instanceId}
          and elsewhere.user_id = lock.user_id and elsewhere.connection_id = lock.connection_id)`);
    const ids = leftover.rows.map((row) => Number(row.id));
    if (ids.length === 0) return;
    const rows = await tx.delete(lockedFields).where(inArray(lockedFields.id, ids)).returning();
    await publishReleased(tx, rows);
  });
}

/** Releases every lock not renewed in time; each is deleted (and announced) by one instance only. */
export async function releaseExpiredLocks(db: Queryable): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx.delete(lockedFields).where(sql`${lockedFields.expiresAt} <= now()`).returning();
    await publishReleased(tx, rows);
    return rows.length;
  });
}

/**
 * Instances whose lease ran out (instanceLease.ts) died without closing their sockets: the locks
 * bound to those sockets are released and announced, unless the same page is connected again
 * through a live instance (it holds them there). So are the user's locks taken without naming a
 * socket, when the user has no locks socket left on any live instance. Each dead instance is
 * handled by one sweeper (SKIP LOCKED), then forgotten.
 */
export async function releaseDeadInstances(db: Queryable): Promise<number> {
  return db.transaction(async (tx) => {
    const dead = await tx.execute<{ id: string }>(sql`
      select id from server_instances where alive_until <= now() for update skip locked`);
    if (dead.rows.length === 0) return 0;
    const ids = dead.rows.map((row) => row.id);
    const deadIds = sql`(${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`;
    const liveConnections = sql`select 1 from socket_connections live
      join server_instances instance on instance.id = live.instance_id and instance.alive_until > now()
      where live.user_id = gone.user_id`;
    const orphaned = await tx.execute<{ id: number }>(sql`
      select lock.id from locked_fields lock join (
        select distinct user_id, connection_id from socket_connections where instance_id in ${deadIds}
      ) gone on lock.user_id = gone.user_id
      where (lock.connection_id = gone.connection_id
          and not exists (${liveConnections} and live.connection_id = gone.connection_id))
        or (lock.connection_id is null and not exists (${liveConnections}))`);
    const lockIds = [...new Set(orphaned.rows.map((row) => Number(row.id)))];
    if (lockIds.length > 0) {
      const rows = await tx.delete(lockedFields).where(inArray(lockedFields.id, lockIds)).returning();
      await publishReleased(tx, rows);
    }
    await tx.execute(sql`delete from socket_connections where instance_id in ${deadIds}`);
    await tx.execute(sql`delete from server_instances where id in ${deadIds}`);
    return ids.length;
  });
}

/**
 * Releases every lock the user holds, announced to each strategy's viewers: a deactivated person
 * edits nothing more, and nobody has to wait 30 s for their fields. Runs in the caller's
 * transaction, so the release is announced when the deactivation commits.
 */
export async function releaseUserLocks(db: Queryable, userId: number): Promise<void> {
  const rows = await db.delete(lockedFields).where(eq(lockedFields.userId, userId)).returning();
  await publishReleased(db, rows);
}

/** Unexpired locks in the whole database, every organisation and instance (a metric). */
export async function countHeldLocks(db: Queryable): Promise<number> {
  // Read through locked_fields_expiry_idx.
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(lockedFields)
    .where(gt(lockedFields.expiresAt, sql`now()`));
  return row?.count ?? 0;
}
