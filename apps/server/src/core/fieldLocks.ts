/**
 * The checks every write of a lockable field makes (spec §4 "Field lock"): who else holds the
 * field now, and the 409 that names them. Taking and releasing on request stay in
 * modules/fieldLocks; the releases that follow a socket, an expiry or an offboarding are in
 * core/lockReleases.ts.
 */
import {
  CONFLICT_CODES,
  isEditableField,
  type LockMessage,
  type LockModel,
  MESSAGES,
} from '@keystone/contract';
import { and, eq, gt, ne, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { preparedPer } from '../db/prepared';
import { lockedFields, users } from '../db/schema';
import { conflict } from './errors';
import { displayNameOf } from './userPresenters';

export type LockRow = typeof lockedFields.$inferSelect;

/** The message the viewers of a strategy receive about a lock. */
export function lockMessage(row: LockRow, userName: string, action: LockMessage['action']): LockMessage {
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
export async function lockHolder(
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

export const lockedByConflict = (holder: { id: number; name: string } | undefined) =>
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
