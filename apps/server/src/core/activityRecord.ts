/**
 * The record of every change (DESIGN "History"): rows written in the transaction of the change,
 * and the stale-edit check that reads them. Both run after the changed record's row is locked
 * (`FOR UPDATE`), so under READ COMMITTED the check sees every change committed before this one
 * and no change can slip between the check and the write.
 */
import { type ActivityModel, CONFLICT_CODES, HISTORY_MESSAGES, type HistoryField } from '@keystone/contract';
import { and, desc, eq, gt, inArray, isNull, ne, or } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { activity, users } from '../db/schema';
import { conflict } from './errors';
import { personColumns, presentUserSummary } from './userPresenters';

/** One changed field (wire name), or a whole record created (old null) or deleted (new null). */
export interface FieldChange<F extends string = string> {
  field: F | null;
  old: unknown;
  new: unknown;
}

/** Which record changed, by whom, and its version after the change. */
export interface ChangedRecord<M extends ActivityModel = ActivityModel> {
  strategyId: number;
  initiativeId?: number | null;
  /** Null for the system (a due date). */
  actorId: number | null;
  model: M;
  recordId: number;
  version: number;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields of `next` whose value differs from `current`'s (both keyed by wire name). */
export function changesOf<Next extends Record<string, unknown>>(
  current: Record<string, unknown>,
  next: Next,
): FieldChange<keyof Next & string>[] {
  return Object.entries(next)
    .filter(([field, value]) => !same(current[field], value))
    .map(([field, value]) => ({
      field: field as keyof Next & string,
      old: current[field] ?? null,
      new: value ?? null,
    }));
}

/**
 * Writes one entry per change; the answer is their ids, in the order of `changes`. Only the
 * fields of the model's history kinds (the contract's HISTORY_KINDS) can be recorded.
 */
export async function recordChanges<M extends ActivityModel>(
  db: Queryable,
  record: ChangedRecord<M>,
  changes: readonly FieldChange<HistoryField<M>>[],
): Promise<number[]> {
  if (changes.length === 0) return [];
  const rows = await db
    .insert(activity)
    .values(
      changes.map((change) => ({
        strategyId: record.strategyId,
        initiativeId: record.initiativeId ?? null,
        actorId: record.actorId,
        model: record.model,
        recordId: record.recordId,
        field: change.field,
        oldValue: change.old ?? null,
        newValue: change.new ?? null,
        version: record.version,
      })),
    )
    .returning({ id: activity.id });
  return rows.map((row) => row.id);
}

export interface StaleCheck<M extends ActivityModel = ActivityModel> {
  model: M;
  recordId: number;
  /** The wire names of the fields this edit writes (fields of the model's history kinds). */
  fields: readonly HistoryField<M>[];
  /** The version the edit started from; undefined skips the check (calls without `version`). */
  since: number | undefined;
  userId: number;
  /** The record as it is now, for the 409's `current`. */
  current: () => Promise<unknown>;
  /** The 409's words, when "choose which text to keep" does not fit (a list of people). */
  detail?: string;
  /**
   * Only changes recorded after this moment count: for a record whose versions start again at 1
   * (a measure's reading at each due date), the earlier period's entries are no conflict.
   */
  after?: Date;
}

/**
 * Refuses (409 `stale`) an edit of fields that someone else changed after the version it started
 * from. Edits of other fields of the record, and the user's own earlier saves, never conflict.
 * The answer names who made the newest of those changes (`changed_by`), so the browser can say
 * whose text it shows. Call it with the record's row locked.
 */
export async function ensureNotStale<M extends ActivityModel>(
  db: Queryable,
  check: StaleCheck<M>,
): Promise<void> {
  if (check.since === undefined || check.fields.length === 0) return;
  const [newer] = await db
    .select({ actorId: activity.actorId })
    .from(activity)
    .where(
      and(
        eq(activity.model, check.model),
        eq(activity.recordId, check.recordId),
        gt(activity.version, check.since),
        inArray(activity.field, [...check.fields]),
        or(isNull(activity.actorId), ne(activity.actorId, check.userId)),
        check.after === undefined ? undefined : gt(activity.createdAt, check.after),
      ),
    )
    .orderBy(desc(activity.id))
    .limit(1);
  if (!newer) return;
  throw conflict(check.detail ?? HISTORY_MESSAGES.stale, {
    code: CONFLICT_CODES.stale,
    current: await check.current(),
    changed_by: newer.actorId === null ? null : await personSummary(db, newer.actorId),
  });
}

/** Only on the conflict path: the person behind the newest conflicting change. */
async function personSummary(db: Queryable, id: number) {
  const [person] = await db.select(personColumns).from(users).where(eq(users.id, id));
  return person ? presentUserSummary(person) : null;
}
