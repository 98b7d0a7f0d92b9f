/**
 * Field locks (spec §4 "Field lock", DESIGN §5): granted to a user who may edit the field when
 * nobody else holds it, renewed by locking again, released by unlock (the releases by a closed
 * socket, expiry and offboarding are in core/lockReleases.ts). Every change is published to the
 * strategy's viewers.
 */
import {
  CONFLICT_CODES,
  canEditField,
  type FieldLockRequest,
  type LockedField,
  type LockMessage,
  MESSAGES,
  PROGRESS_MESSAGES,
  UNLOCK_MESSAGES,
} from '@keystone/contract';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor';
import { conflict, forbidden } from '../../core/errors';
import { publish, viewerIds } from '../../core/events';
import { lockedByConflict, lockHolder, lockMessage } from '../../core/fieldLocks';
import { ensure, visibleTo } from '../../core/strategyAccess';
import { displayNameOf } from '../../core/userPresenters';
import type { Queryable } from '../../db/client';
import { lockedFields, strategies, users } from '../../db/schema';
import { loadLockTarget } from './targets';

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
