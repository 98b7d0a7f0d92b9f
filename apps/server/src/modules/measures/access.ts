/**
 * Who may do what to a measure: its row, its strategy's access (404 unless the caller may see the
 * strategy, in the caller's organisation) and the roles of the initiative it belongs to.
 */
import { type InitiativeRoles, MEASURE_MESSAGES, type Measure, STRATEGY_MESSAGES } from '@keystone/contract';
import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../core/actor';
import { asNotFound, notFound } from '../../core/errors';
import { loadMeasures } from '../../core/measureQueries';
import { loadStrategyAccess, rolesOf, type StrategyAccess } from '../../core/strategyAccess';
import type { Queryable } from '../../db/client';
import { focusAreas, initiatives, measures, strategies } from '../../db/schema';

export type MeasureRow = typeof measures.$inferSelect;

export interface MeasureAccess {
  row: MeasureRow;
  access: StrategyAccess;
  /** The roles of its initiative; null for a focus area's measure. */
  initiative: InitiativeRoles | null;
}

/**
 * With `forUpdate` the strategy row is locked and the measure read again under the lock, so a
 * concurrent delete is seen (404) rather than acted on twice.
 */
export async function loadMeasureAccess(
  db: Queryable,
  id: number,
  user: Actor,
  forUpdate = false,
): Promise<MeasureAccess> {
  const read = async () => (await db.select().from(measures).where(eq(measures.id, id)))[0];
  const found = await read();
  if (!found) throw notFound(MEASURE_MESSAGES.notFound);
  const access = await loadStrategyAccess(db, found.strategyId, user, { forUpdate }).catch(
    asNotFound(MEASURE_MESSAGES.notFound),
  );
  const row = forUpdate ? await read() : found;
  if (!row) throw notFound(MEASURE_MESSAGES.notFound);
  return { row, access, initiative: row.initiativeId === null ? null : rolesOf(access, row.initiativeId) };
}

/** Whom a new measure belongs to, as the create request names it. */
export type MeasureOwner = { initiative: number } | { focus_area: number };

/** The strategy of the initiative or focus area, if it exists in the organisation. */
async function ownerStrategyId(db: Queryable, owner: MeasureOwner, organisationId: number) {
  const inOrganisation = eq(strategies.organisationId, organisationId);
  const rows =
    'initiative' in owner
      ? await db
          .select({ strategyId: focusAreas.strategyId })
          .from(initiatives)
          .innerJoin(focusAreas, eq(focusAreas.id, initiatives.focusAreaId))
          .innerJoin(strategies, eq(strategies.id, focusAreas.strategyId))
          .where(and(eq(initiatives.id, owner.initiative), inOrganisation))
      : await db
          .select({ strategyId: focusAreas.strategyId })
          .from(focusAreas)
          .innerJoin(strategies, eq(strategies.id, focusAreas.strategyId))
          .where(and(eq(focusAreas.id, owner.focus_area), inOrganisation));
  return rows[0]?.strategyId;
}

/**
 * The access to the strategy a new measure is for, with the strategy row locked (so concurrent
 * creates count each other's measures) and the owner read again under the lock (a concurrent
 * delete is a 404, not a failed insert); 404 unless the caller may see it.
 */
export async function loadOwnerAccess(db: Queryable, owner: MeasureOwner, user: Actor) {
  const missing =
    'initiative' in owner ? STRATEGY_MESSAGES.initiativeNotFound : STRATEGY_MESSAGES.focusAreaNotFound;
  const strategyId = await ownerStrategyId(db, owner, user.organisationId);
  if (strategyId === undefined) throw notFound(missing);
  const access = await loadStrategyAccess(db, strategyId, user, { forUpdate: true }).catch(
    asNotFound(missing),
  );
  if ((await ownerStrategyId(db, owner, user.organisationId)) !== strategyId) throw notFound(missing);
  return { access, initiative: 'initiative' in owner ? rolesOf(access, owner.initiative) : null };
}

/** One measure as the answers carry it (with its readings). */
export async function presentMeasureById(db: Queryable, id: number): Promise<Measure> {
  const [measure] = await loadMeasures(db, { measureIds: [id] });
  if (!measure) throw notFound(MEASURE_MESSAGES.notFound);
  return measure;
}
