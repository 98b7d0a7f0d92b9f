/**
 * Field locks (spec §4 "Field lock", DESIGN §5): granted to a user who may edit the field when
 * nobody else holds it, renewed by locking again, released by unlock, by the holder's socket
 * closing and by expiry. Every change is published to the strategy's viewers.
 */
import {
  CONFLICT_CODES,
  canEditField,
  type FieldLockRequest,
  isEditableField,
  type LockedField,
  type LockMessage,
  type LockModel,
  MESSAGES,
  PROGRESS_MESSAGES,
  UNLOCK_MESSAGES,
} from '@keystone/contract';
import { and, eq, gt, inArray, isNull, ne, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor';
import { conflict, forbidden } from '../../core/errors';
import { publish, type RealtimeEvent, viewerIds } from '../../core/events';
import { ensure, viewersOf, visibleTo } from '../../core/strategyAccess';
import { displayNameOf } from '../../core/userPresenters';
import type { Queryable } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { lockedFields, strategies, users } from '../../db/schema';
import { loadLockTarget } from './targets';

type LockRow = typeof lockedFields.$inferSelect;

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

export async function lockField(
  db: Queryable,
  user: Actor,
  request: FieldLockRequest,
  options: { connectionId: string | null; ttlMs: number },
): Promise<LockedField> {
  const target = await loadLockTarget(db, user, request.model, request.res_id);
  ensure(canEditField(user.id, request.model, request.field, target.access.roles, target.initiative));
  if (target.isHistory)
    throw conflict(PROGRESS_MESSAGES.commentInHistory, { code: CONFLICT_CODES.commentLocked });
  const strategyId = target.access.strategy.id;

  const granted = await db.transaction(async (tx) => {
    // Taken when free, expired, or already this user's (a renewal); `previous` tells them apart.
    const result = await tx.execute<{ previous_user_id: number | null; expires_at: string | Date }>(sql`
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
    const row = result.rows[0];
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
    throw lockedByConflict(
      await lockHolder(db, { model: request.model, resId: request.res_id, fields: [request.field] }, user.id),
    );
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

/** An unexpired lock on row `resId` of `model`, on a field `onField` accepts, held by anyone but `exceptUserId`. */
const heldByOther = (
  model: LockModel | SQLWrapper,
  resId: SQLWrapper,
  onField: SQL,
  exceptUserId: SQLWrapper,
) =>
  and(
    eq(lockedFields.model, model),
    eq(lockedFields.resId, resId),
    onField,
    ne(lockedFields.userId, exceptUserId),
    gt(lockedFields.expiresAt, sql`now()`),
  );

/** Every write of a lockable field runs it. */
const lockHolderQuery = preparedPer((db) =>
  db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(lockedFields)
    .innerJoin(users, eq(users.id, lockedFields.userId))
    .where(
      heldByOther(
        sql.placeholder('model'),
        sql.placeholder('resId'),
        sql`${lockedFields.field} = any(${sql.placeholder('fields')}::text[])`,
        sql.placeholder('exceptUserId'),
      ),
    )
    .limit(1)
    .prepare('lock_holder'),
);

/** Who holds one of these fields of a resource now (an unexpired lock), other than `exceptUserId`. */
async function lockHolder(
  db: Queryable,
  target: { model: LockModel; resId: number; fields: readonly string[] },
  exceptUserId?: number,
): Promise<{ id: number; name: string } | undefined> {
  const [holder] = await lockHolderQuery(db).execute({
    model: target.model,
    resId: target.resId,
    fields: [...target.fields],
    // Ids start at 1, so 0 excepts nobody.
    exceptUserId: exceptUserId ?? 0,
  });
  return holder && { id: holder.id, name: displayNameOf(holder) };
}

/**
 * Who holds `field` of the row whose id is `resId` (an unexpired lock), other than `exceptUserId`,
 * as a subselect giving [id, first name, last name, e-mail] or null: a hot write reads it in the
 * query that makes its other checks, and passes it to `ensureNoOtherHolder`.
 */
export function lockHolderOf(model: LockModel, resId: SQLWrapper, field: string, exceptUserId: SQLWrapper) {
  return sql<HolderRow | null>`(
    select json_build_array(${users.id}, ${users.firstName}, ${users.lastName}, ${users.email})
    from ${lockedFields} join ${users} on ${users.id} = ${lockedFields.userId}
    where ${heldByOther(model, resId, eq(lockedFields.field, field), exceptUserId)}
    limit 1
  )`;
}

type HolderRow = [id: number, firstName: string, lastName: string, email: string];

/** 409 naming the holder that `lockHolderOf` found, if any. */
export function ensureNoOtherHolder(holder: HolderRow | null): void {
  if (!holder) return;
  const [id, firstName, lastName, email] = holder;
  throw lockedByConflict({ id, name: displayNameOf({ firstName, lastName, email }) });
}

const lockedByConflict = (holder: { id: number; name: string } | undefined) =>
  conflict(MESSAGES.fieldLockedBy(holder?.name), {
    code: CONFLICT_CODES.fieldLocked,
    user: holder?.name ?? null,
    user_id: holder?.id ?? null,
  });

/**
 * Writes respect locks: 409 naming the holder when someone else is editing one of these fields
 * of the resource (fields that are never locked pass).
 */
export async function ensureNotLockedByOthers(
  db: Queryable,
  user: { id: number },
  model: LockModel,
  resId: number,
  fields: readonly string[],
): Promise<void> {
  const lockable = fields.filter((field) => isEditableField(model, field));
  if (lockable.length === 0) return;
  const holder = await lockHolder(db, { model, resId, fields: lockable }, user.id);
  if (holder) throw lockedByConflict(holder);
}

/** Releases the user's own lock; a field held by someone else stays theirs (403). */
export async function unlockField(
  db: Queryable,
  user: Actor,
  request: FieldLockRequest,
  connectionId: string | null,
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
          // A page that names itself releases only its own lock, not one of the user's other tabs.
          connectionId === null
            ? undefined
            : or(isNull(lockedFields.connectionId), eq(lockedFields.connectionId, connectionId)),
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
  if (released) return { detail: UNLOCK_MESSAGES.unlocked };
  const holder = await lockHolder(db, {
    model: request.model,
    resId: request.res_id,
    fields: [request.field],
  });
  if (holder?.id === user.id) return { detail: UNLOCK_MESSAGES.heldByAnotherPage };
  if (holder) throw forbidden(MESSAGES.fieldLockedBy(holder.name));
  return { detail: UNLOCK_MESSAGES.notLocked };
}

/** Unexpired locks in the strategies this user may see (optionally in one strategy only). */
export async function listLockedFields(
  db: Queryable,
  user: Actor,
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
      ...lockMessage(lock, displayNameOf(holder), 'lock'),
      expires_at: lock.expiresAt.toISOString(),
    }))
    .map(({ action: _action, ...field }) => field);
}

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
