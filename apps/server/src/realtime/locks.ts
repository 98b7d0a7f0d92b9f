/**
 * Field locks (spec §4 "Field lock", DESIGN §5): granted to a user who may edit the field when
 * nobody else holds it, renewed by locking again, released by unlock, by the holder's socket
 * closing and by expiry. Every change is published to the strategy's viewers.
 */
import {
  canEditField,
  type FieldLockRequest,
  fullName,
  type LockedField,
  type LockMessage,
  MESSAGES,
} from '@keystone/contract';
import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { lockedFields, strategies, users } from '../db/schema';
import { conflict, forbidden } from '../http/errors';
import type { AuthenticatedUser } from '../modules/auth/keys';
import { ensure, viewersOf, visibleTo } from '../modules/strategies/access';
import { publish, type RealtimeEvent, viewerIds } from './events';
import { loadLockTarget } from './lockTargets';

type LockRow = typeof lockedFields.$inferSelect;

const COMMENT_IN_HISTORY = 'This comment belongs to a past due date and can no longer be edited.';

const displayName = (user: { firstName: string; lastName: string; email: string }) =>
  fullName(user.firstName, user.lastName) || user.email;

function lockMessage(row: LockRow, userName: string, action: LockMessage['action']): LockMessage {
  return {
    res_id: row.resId,
    model: row.model,
    field: row.field,
    user_id: row.userId,
    user: userName,
    action,
    strategy_id: row.strategyId,
  };
}

/** The holder of a field (an unexpired lock of someone else), for the 409 answer. */
async function currentHolder(db: Queryable, request: FieldLockRequest) {
  const [holder] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(lockedFields)
    .innerJoin(users, eq(users.id, lockedFields.userId))
    .where(
      and(
        eq(lockedFields.model, request.model),
        eq(lockedFields.resId, request.res_id),
        eq(lockedFields.field, request.field),
        gt(lockedFields.expiresAt, sql`now()`),
      ),
    );
  return holder;
}

export async function lockField(
  db: Queryable,
  user: AuthenticatedUser,
  request: FieldLockRequest,
  options: { connectionId: string | null; ttlMs: number },
): Promise<LockedField> {
  const target = await loadLockTarget(db, user, request.model, request.res_id);
  ensure(canEditField(user.id, request.model, request.field, target.access.roles, target.initiative));
  if (target.isHistory) throw conflict(COMMENT_IN_HISTORY);
  const strategyId = target.access.strategy.id;

  const granted = await db.transaction(async (tx) => {
    // Taken when free, expired, or already this user's (a renewal); `previous` tells them apart.
    const result = await tx.execute(sql`
      with previous as (
        select user_id from locked_fields
        where model = ${request.model} and res_id = ${request.res_id} and field = ${request.field}
      )
      insert into locked_fields (strategy_id, model, res_id, field, user_id, connection_id, expires_at)
      values (${strategyId}, ${request.model}, ${request.res_id}, ${request.field}, ${user.id},
              ${options.connectionId}, now() + ${options.ttlMs}::int * interval '1 millisecond')
      on conflict (model, res_id, field) do update
        set user_id = excluded.user_id, connection_id = excluded.connection_id,
            expires_at = excluded.expires_at, strategy_id = excluded.strategy_id
        where locked_fields.user_id = excluded.user_id or locked_fields.expires_at <= now()
      returning expires_at, (select user_id from previous) as previous_user_id`);
    const row = (
      result as unknown as { rows: { previous_user_id: number | null; expires_at: string | Date }[] }
    ).rows[0];
    if (!row) return null;
    if (row.previous_user_id !== user.id) {
      const message: LockMessage = {
        res_id: request.res_id,
        model: request.model,
        field: request.field,
        user_id: user.id,
        user: user.displayName,
        action: 'lock',
        strategy_id: strategyId,
      };
      await publish(tx, [{ kind: 'lock', viewers: viewerIds(target.access.roles), message }]);
    }
    return { expiresAt: new Date(row.expires_at) };
  });

  if (!granted) {
    const holder = await currentHolder(db, request);
    const name = holder ? displayName(holder) : null;
    throw conflict(MESSAGES.fieldLockedBy(name), { user: name, user_id: holder?.id ?? null });
  }
  return {
    res_id: request.res_id,
    model: request.model,
    field: request.field,
    user_id: user.id,
    user: user.displayName,
    strategy_id: strategyId,
    expires_at: granted.expiresAt.toISOString(),
  };
}

/** Releases the user's own lock; a field held by someone else stays theirs (403). */
export async function unlockField(
  db: Queryable,
  user: AuthenticatedUser,
  request: FieldLockRequest,
): Promise<{ detail: string }> {
  const target = await loadLockTarget(db, user, request.model, request.res_id);
  const released = await db.transaction(async (tx) => {
    const rows = await tx
      .delete(lockedFields)
      .where(
        and(
          eq(lockedFields.model, request.model),
          eq(lockedFields.resId, request.res_id),
          eq(lockedFields.field, request.field),
          eq(lockedFields.userId, user.id),
        ),
      )
      .returning();
    const row = rows[0];
    if (!row) return false;
    await publish(tx, [
      {
        kind: 'lock',
        viewers: viewerIds(target.access.roles),
        message: lockMessage(row, user.displayName, 'unlock'),
      },
    ]);
    return true;
  });
  if (released) return { detail: 'The field is unlocked.' };
  const holder = await currentHolder(db, request);
  if (holder) throw forbidden(MESSAGES.fieldLockedBy(displayName(holder)));
  return { detail: 'The field was not locked.' };
}

/** Unexpired locks in the strategies this user may see (optionally in one strategy only). */
export async function listLockedFields(
  db: Queryable,
  user: AuthenticatedUser,
  strategyId?: number,
): Promise<LockedField[]> {
  const rows = await db
    .select({ lock: lockedFields, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(lockedFields)
    .innerJoin(users, eq(users.id, lockedFields.userId))
    .innerJoin(strategies, eq(strategies.id, lockedFields.strategyId))
    .where(
      and(
        eq(strategies.organisationId, user.organisationId),
        gt(lockedFields.expiresAt, sql`now()`),
        visibleTo(db, user.id),
        strategyId === undefined ? undefined : eq(lockedFields.strategyId, strategyId),
      ),
    )
    .orderBy(lockedFields.id);
  return rows
    .map(({ lock, ...holder }) => ({
      ...lockMessage(lock, displayName(holder), 'lock'),
      expires_at: lock.expiresAt.toISOString(),
    }))
    .map(({ action: _action, ...field }) => field);
}

/** Publishes the release of these (already deleted) locks to each strategy's viewers. */
async function publishReleased(db: Queryable, rows: readonly LockRow[]): Promise<void> {
  if (rows.length === 0) return;
  const holderIds = [...new Set(rows.map((row) => row.userId))];
  const [holders, viewers] = await Promise.all([
    db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(inArray(users.id, holderIds)),
    viewersOf(db, [...new Set(rows.map((row) => row.strategyId))]),
  ]);
  const names = new Map(holders.map((holder) => [holder.id, displayName(holder)]));
  const events: RealtimeEvent[] = rows.map((row) => ({
    kind: 'lock',
    viewers: viewers.get(row.strategyId) ?? [],
    message: lockMessage(row, names.get(row.userId) ?? '', 'unlock'),
  }));
  await publish(db, events);
}

/**
 * A locks socket closed: its locks go, and so do the user's locks taken without naming a
 * socket when `includeUnnamed` (the user has no other locks socket on this instance).
 */
export async function releaseConnectionLocks(
  db: Queryable,
  connection: { connectionId: string; userId: number },
  includeUnnamed: boolean,
): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .delete(lockedFields)
      .where(
        or(
          eq(lockedFields.connectionId, connection.connectionId),
          includeUnnamed
            ? and(eq(lockedFields.userId, connection.userId), isNull(lockedFields.connectionId))
            : undefined,
        ),
      )
      .returning();
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
