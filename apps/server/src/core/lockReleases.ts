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

/** Releases every lock not renewed in time; each is deleted (and announced) by one instance only. */
export async function releaseExpiredLocks(db: Queryable): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx.delete(lockedFields).where(sql`${lockedFields.expiresAt} <= now()`).returning();
    await publishReleased(tx, rows);
    return rows.length;
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
