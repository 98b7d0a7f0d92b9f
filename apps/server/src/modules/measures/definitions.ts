/**
 * Measures' definitions (DESIGN §10): at most 3 on an initiative (its editors define them) or on
 * a focus area (the strategy's masters), each checked whole (checkDefinition of the contract)
 * whenever it is created or changed, on record and published to the strategy's open pages.
 */
import {
  type CreateMeasureRequest,
  canDefineMeasure,
  checkDefinition,
  LIMITS,
  MEASURE_MESSAGES,
  type Measure,
  type MeasureDefinition,
  type UpdateMeasureRequest,
} from '@keystone/contract';
import { eq, sql } from 'drizzle-orm';
import { changesOf, ensureNotStale, recordChanges } from '../../core/activityRecord';
import type { Actor } from '../../core/actor';
import type { AppContext } from '../../core/context';
import { badRequest, conflict, notFound } from '../../core/errors';
import { changeBy, publish, structureChange } from '../../core/events';
import { keepDeleted } from '../../core/keepDeleted';
import { ensure } from '../../core/strategyAccess';
import { lockStrategyRow, touchStrategy } from '../../core/strategyRow';
import type { Queryable } from '../../db/client';
import { measureReadings, measures } from '../../db/schema';
import {
  loadMeasureAccess,
  loadOwnerAccess,
  type MeasureOwner,
  type MeasureRow,
  presentMeasureById,
} from './access';
import { defaultTargetDate } from './targetDate';

/** The definition's fields, by wire name, in the order the dialog shows them. */
const DEFINITION_FIELDS = [
  'title',
  'unit',
  'currency',
  'unit_label',
  'decimals',
  'baseline',
  'target',
  'target_date',
  'direction',
  'amber_band',
] as const satisfies readonly (keyof MeasureDefinition)[];

function definitionOf(row: MeasureRow): MeasureDefinition {
  return {
    title: row.title,
    unit: row.unit,
    currency: row.currency,
    unit_label: row.unitLabel,
    decimals: row.decimals,
    baseline: row.baseline,
    target: row.target,
    target_date: row.targetDate,
    direction: row.direction,
    amber_band: row.amberBand,
  };
}

const columnsOf = (definition: MeasureDefinition) => ({
  title: definition.title,
  unit: definition.unit,
  currency: definition.currency,
  unitLabel: definition.unit_label,
  decimals: definition.decimals,
  baseline: definition.baseline,
  target: definition.target,
  targetDate: definition.target_date,
  direction: definition.direction,
  amberBand: definition.amber_band,
});

/** The field a definition's problem is about, so the dialog can show it there. */
function fieldOf(problem: string): keyof MeasureDefinition {
  if (problem.startsWith('Baseline')) return 'baseline';
  if (problem.startsWith('The amber band') || problem === MEASURE_MESSAGES.amberBand) return 'amber_band';
  if (/currency/i.test(problem)) return 'currency';
  return 'target';
}

/** 400 with the first problem of the whole definition, at its field; else the canonical definition. */
function checked(definition: Parameters<typeof checkDefinition>[0]): MeasureDefinition {
  const result = checkDefinition(definition);
  if ('problem' in result) throw badRequest(result.problem, { [fieldOf(result.problem)]: [result.problem] });
  return result.definition;
}

async function measuresOf(db: Queryable, owner: MeasureOwner) {
  return db
    .select({ sortIndex: measures.sortIndex })
    .from(measures)
    .where(
      'initiative' in owner
        ? eq(measures.initiativeId, owner.initiative)
        : eq(measures.focusAreaId, owner.focus_area),
    );
}

export async function createMeasure(
  ctx: AppContext,
  user: Actor,
  input: CreateMeasureRequest,
): Promise<Measure> {
  const owner: MeasureOwner =
    input.initiative !== undefined ? { initiative: input.initiative } : { focus_area: input.focus_area! };
  const id = await ctx.db.transaction(async (tx) => {
    // The strategy row lock serialises concurrent creates, so the limit of 3 holds.
    const { access, initiative } = await loadOwnerAccess(tx, owner, user);
    ensure(canDefineMeasure(user.id, access.roles, initiative));
    const siblings = await measuresOf(tx, owner);
    if (siblings.length >= LIMITS.measuresPerItem)
      throw conflict(
        'initiative' in owner ? MEASURE_MESSAGES.tooManyOnInitiative : MEASURE_MESSAGES.tooManyOnFocusArea,
      );
    const strategyId = access.strategy.id;
    const definition = checked({
      title: input.title,
      unit: input.unit,
      currency: input.currency ?? null,
      unit_label: input.unit_label ?? '',
      decimals: input.decimals ?? 0,
      baseline: input.baseline,
      target: input.target,
      target_date: input.target_date ?? (await defaultTargetDate(tx, strategyId, ctx.clock.now())),
      direction: input.direction,
      amber_band: input.amber_band ?? '10',
    });
    const [created] = await tx
      .insert(measures)
      .values({
        strategyId,
        initiativeId: 'initiative' in owner ? owner.initiative : null,
        focusAreaId: 'focus_area' in owner ? owner.focus_area : null,
        ...columnsOf(definition),
        sortIndex: Math.max(-1, ...siblings.map((sibling) => sibling.sortIndex)) + 1,
      })
      .returning({ id: measures.id, initiativeId: measures.initiativeId });
    // Its reading of the current due date, empty until someone writes it.
    await tx.insert(measureReadings).values({ measureId: created!.id });
    await recordChanges(
      tx,
      {
        strategyId,
        initiativeId: created!.initiativeId,
        actorId: user.id,
        model: 'measure',
        recordId: created!.id,
        version: 1,
      },
      [{ field: null, old: null, new: { title: definition.title } }],
    );
    await touchStrategy(tx, strategyId);
    await publish(tx, [
      structureChange(changeBy(user.id, strategyId, access.roles), 'measure', created!.id, 'create'),
    ]);
    return created!.id;
  });
  return presentMeasureById(ctx.db, id);
}

/** A definition saved whole from its dialog: every field is checked again with the stored ones. */
export async function updateMeasure(
  ctx: AppContext,
  user: Actor,
  id: number,
  input: UpdateMeasureRequest,
): Promise<Measure> {
  const { row, access, initiative } = await loadMeasureAccess(ctx.db, id, user);
  ensure(canDefineMeasure(user.id, access.roles, initiative));
  await ctx.db.transaction(async (tx) => {
    // The row locks (strategy first) order concurrent writers for the stale check.
    await lockStrategyRow(tx, row.strategyId);
    const [current] = await tx.select().from(measures).where(eq(measures.id, id)).for('update');
    if (!current) throw notFound(MEASURE_MESSAGES.notFound);
    const stored = definitionOf(current);
    const sent = Object.fromEntries(
      DEFINITION_FIELDS.flatMap((field) => (input[field] === undefined ? [] : [[field, input[field]]])),
    );
    const definition = checked({ ...stored, ...sent });
    // As records of their fields (an interface has no index signature for changesOf).
    const before: Record<keyof MeasureDefinition, unknown> = stored;
    const after: Record<keyof MeasureDefinition, unknown> = definition;
    const changes = changesOf(before, after);
    // Saving what is already stored changes nothing, and so cannot conflict.
    if (changes.length === 0) return;
    await ensureNotStale(tx, {
      model: 'measure',
      recordId: id,
      fields: DEFINITION_FIELDS,
      since: input.version,
      userId: user.id,
      current: () => presentMeasureById(tx, id),
    });
    const [changed] = await tx
      .update(measures)
      .set({ ...columnsOf(definition), version: sql`${measures.version} + 1`, updatedAt: new Date() })
      .where(eq(measures.id, id))
      .returning({ version: measures.version });
    await recordChanges(
      tx,
      {
        strategyId: row.strategyId,
        initiativeId: row.initiativeId,
        actorId: user.id,
        model: 'measure',
        recordId: id,
        version: changed!.version,
      },
      changes,
    );
    await touchStrategy(tx, row.strategyId);
    await publish(tx, [
      structureChange(changeBy(user.id, row.strategyId, access.roles), 'measure', id, 'define'),
    ]);
  });
  return presentMeasureById(ctx.db, id);
}

/** The measure and its readings go; the browser asked for confirmation first. */
export async function deleteMeasure(ctx: AppContext, user: Actor, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const { row, access, initiative } = await loadMeasureAccess(tx, id, user, true);
    ensure(canDefineMeasure(user.id, access.roles, initiative));
    const [entryId] = await recordChanges(
      tx,
      {
        strategyId: row.strategyId,
        initiativeId: row.initiativeId,
        actorId: user.id,
        model: 'measure',
        recordId: id,
        version: row.version + 1,
      },
      [{ field: null, old: { title: row.title }, new: null }],
    );
    // Kept restorable for the retention period, with its readings (deletedRecords).
    await keepDeleted(tx, {
      strategyId: row.strategyId,
      model: 'measure',
      recordId: id,
      activityId: entryId!,
      deletedBy: user.id,
      deletedAt: ctx.clock.now(),
    });
    // Its readings go with it (ON DELETE CASCADE).
    await tx.delete(measures).where(eq(measures.id, id));
    await touchStrategy(tx, row.strategyId);
    await publish(tx, [
      structureChange(changeBy(user.id, row.strategyId, access.roles), 'measure', id, 'delete'),
    ]);
  });
}
