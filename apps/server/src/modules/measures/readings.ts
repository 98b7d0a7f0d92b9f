/**
 * Readings (DESIGN §10): the value and note of each measure for the current due date, written by
 * whoever may edit its progress, autosaved like the comments (versions, field locks of model
 * `measure`, live updates). At the due date the reading is locked with the comments
 * (progress/lockUpdates.ts) and a fresh one takes its place, so a write names the due date it
 * means and one that has passed is refused rather than written into the next period.
 */
import {
  CONFLICT_CODES,
  canWriteReading,
  type DateTimeInput,
  decimalMessage,
  LIMITS,
  type LockedReading,
  MEASURE_MESSAGES,
  type Measure,
  parseDecimal,
  type WriteReadingRequest,
} from '@keystone/contract';
import { and, asc, eq, gte, isNull, lte, max, sql } from 'drizzle-orm';
import { ensureNotStale, recordChanges } from '../../core/activityRecord';
import type { Actor } from '../../core/actor';
import type { AppContext } from '../../core/context';
import { dueDateRange } from '../../core/dueDateRange';
import { badRequest, conflict } from '../../core/errors';
import { changeBy, fieldUpdates, publish } from '../../core/events';
import { ensureNotLockedByOthers } from '../../core/fieldLocks';
import { ensure, loadStrategyAccess } from '../../core/strategyAccess';
import { recordStrategyEvent, webhookLinks } from '../../core/webhookEvents';
import type { Queryable } from '../../db/client';
import { measureReadings, measures, notificationSettings, strategies } from '../../db/schema';
import { loadMeasureAccess, type MeasureRow, presentMeasureById } from './access';

const readingLocked = () => conflict(MEASURE_MESSAGES.readingLocked, { code: CONFLICT_CODES.readingLocked });

/** The value as stored: canonical within the measure's decimals, or null ("No reading"). */
function storedValue(raw: string | number | null, decimals: number): string | null {
  if (raw === null || (typeof raw === 'string' && raw.trim() === '')) return null;
  const parsed = parseDecimal(raw, LIMITS.measureSignificantDigits, decimals);
  if ('value' in parsed) return parsed.value;
  const problem = decimalMessage('The value', parsed.problem, decimals);
  throw badRequest(problem, { value: [problem] });
}

/**
 * The due date a write means must be the current one: a passed one is history (409), anything
 * else is no due date of this strategy (400). Read after the reading's row is locked, so a due
 * date being processed at the same moment has either finished (and is seen) or waits for us.
 */
async function ensureCurrentDueDate(db: Queryable, measure: MeasureRow, dueDate: string): Promise<void> {
  const meant = Date.parse(dueDate);
  if (Number.isNaN(meant))
    throw badRequest(MEASURE_MESSAGES.unknownDueDate, { due_date: [MEASURE_MESSAGES.unknownDueDate] });
  const [settings] = await db
    .select({ next: notificationSettings.nextProgressUpdate, last: notificationSettings.lastProgressUpdate })
    .from(notificationSettings)
    .where(eq(notificationSettings.strategyId, measure.strategyId));
  if (settings?.next?.getTime() === meant) return;
  const [locked] = await db
    .select({ id: measureReadings.id })
    .from(measureReadings)
    .where(and(eq(measureReadings.measureId, measure.id), eq(measureReadings.lockedAt, new Date(meant))));
  if (locked || settings?.last?.getTime() === meant) throw readingLocked();
  throw badRequest(MEASURE_MESSAGES.unknownDueDate, { due_date: [MEASURE_MESSAGES.unknownDueDate] });
}

/**
 * When the current reading's period began: its versions start again at 1 there, so the entries of
 * earlier readings (the same measure's history) are no conflict for it. Undefined before the first
 * due date.
 */
async function periodStart(db: Queryable, measureId: number): Promise<Date | undefined> {
  const [latest] = await db
    .select({ at: max(measureReadings.lockedAt) })
    .from(measureReadings)
    .where(eq(measureReadings.measureId, measureId));
  return latest?.at ?? undefined;
}

export async function writeReading(
  ctx: AppContext,
  user: Actor,
  id: number,
  input: WriteReadingRequest,
): Promise<Measure> {
  const { row, access, initiative } = await loadMeasureAccess(ctx.db, id, user);
  ensure(canWriteReading(user.id, access.roles, initiative));
  const sent = {
    ...(input.value !== undefined && { value: storedValue(input.value, row.decimals) }),
    ...(input.note !== undefined && { note: input.note }),
  };
  await ensureNotLockedByOthers(ctx.db, user, 'measure', id, Object.keys(sent));
  await ctx.db.transaction(async (tx) => {
    // Parent first, as every write of a strategy takes its locks (core/strategyRow.ts): a delete of
    // the measure (or of what it is on) holds the strategy row, then takes the readings with it;
    // our history entry needs a share of that row. A key share leaves other readings' writers be.
    await tx
      .select({ id: strategies.id })
      .from(strategies)
      .where(eq(strategies.id, row.strategyId))
      .for('key share');
    const [current] = await tx
      .select()
      .from(measureReadings)
      .where(and(eq(measureReadings.measureId, id), isNull(measureReadings.lockedAt)))
      .for('update');
    if (!current) {
      // Deleted meanwhile, or its due date came between our read and the lock.
      await presentMeasureById(tx, id);
      throw readingLocked();
    }
    if (input.due_date !== undefined) await ensureCurrentDueDate(tx, row, input.due_date);
    const changes = Object.entries(sent)
      .filter(([field, value]) => current[field as keyof typeof sent] !== value)
      .map(([field, value]) => ({
        field: field as keyof typeof sent,
        old: current[field as keyof typeof sent],
        new: value,
      }));
    // Writing what is already stored changes nothing, and so cannot conflict.
    if (changes.length === 0) return;
    // Refused only when someone else changed a field this write sets since the version it started
    // from (DESIGN §9): a note saved over someone's newer value is no conflict.
    await ensureNotStale(tx, {
      model: 'measure',
      recordId: id,
      fields: changes.map((change) => change.field),
      since: input.version,
      userId: user.id,
      current: () => presentMeasureById(tx, id),
      after: await periodStart(tx, id),
    });
    const [written] = await tx
      .update(measureReadings)
      .set({
        ...sent,
        version: sql`${measureReadings.version} + 1`,
        updatedBy: user.id,
        updatedAt: new Date(),
      })
      .where(eq(measureReadings.id, current.id))
      .returning({ version: measureReadings.version });
    await recordChanges(
      tx,
      {
        strategyId: row.strategyId,
        initiativeId: row.initiativeId,
        actorId: user.id,
        model: 'measure',
        recordId: id,
        version: written!.version,
      },
      changes,
    );
    await publish(
      tx,
      fieldUpdates(
        changeBy(user.id, row.strategyId, access.roles),
        'measure',
        id,
        Object.fromEntries(changes.map((change) => [change.field, change.new])),
      ),
    );
    const valueChange = changes.find((change) => change.field === 'value');
    if (valueChange) {
      await recordStrategyEvent(tx, ctx.config.appUrl, user, access.strategy, 'measure.reading_recorded', {
        initiative_id: row.initiativeId,
        measure_id: id,
        measure_title: row.title,
        value: valueChange.new,
        previous_value: valueChange.old,
        url: webhookLinks.progress(ctx.config.appUrl, row.strategyId),
      });
    }
  });
  return presentMeasureById(ctx.db, id);
}

/** The readings of a strategy's measures locked at a past due date (anyone who sees the strategy). */
export async function lockedReadings(
  ctx: AppContext,
  user: Actor,
  strategyId: number,
  date: DateTimeInput,
): Promise<LockedReading[]> {
  await loadStrategyAccess(ctx.db, strategyId, user);
  const [from, to] = await dueDateRange(ctx.db, strategyId, date);
  const rows = await ctx.db
    .select({
      measure: measureReadings.measureId,
      lockedAt: measureReadings.lockedAt,
      value: measureReadings.value,
      note: measureReadings.note,
    })
    .from(measureReadings)
    .innerJoin(measures, eq(measures.id, measureReadings.measureId))
    .where(
      and(
        eq(measures.strategyId, strategyId),
        gte(measureReadings.lockedAt, new Date(from)),
        lte(measureReadings.lockedAt, new Date(to)),
      ),
    )
    .orderBy(asc(measures.sortIndex), asc(measures.id), asc(measureReadings.lockedAt));
  return rows.map((row) => ({
    measure: row.measure,
    due_date: row.lockedAt!.toISOString(),
    value: row.value,
    note: row.note,
  }));
}
