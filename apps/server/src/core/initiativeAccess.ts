/** Loading an initiative together with the access of its strategy (DESIGN §4). */
import { STRATEGY_MESSAGES } from '@keystone/contract';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { focusAreas, initiatives } from '../db/schema';
import type { Actor } from './actor';
import { asNotFound, notFound } from './errors';
import { loadStrategyAccess } from './strategyAccess';

const INITIATIVE_NOT_FOUND = STRATEGY_MESSAGES.initiativeNotFound;

/**
 * The initiative's row, its focus area and its strategy's access; 404 unless visible. With
 * `forUpdate` the strategy row is locked and the initiative read again under the lock, so a
 * concurrent delete is seen (404) rather than acted on.
 */
export async function loadInitiativeAccess(db: Queryable, id: number, user: Actor, forUpdate = false) {
  const read = async () =>
    (
      await db
        .select({ initiative: initiatives, focusArea: focusAreas })
        .from(initiatives)
        .innerJoin(focusAreas, eq(focusAreas.id, initiatives.focusAreaId))
        .where(eq(initiatives.id, id))
    )[0];
  const found = await read();
  if (!found) throw notFound(INITIATIVE_NOT_FOUND);
  const access = await loadStrategyAccess(db, found.focusArea.strategyId, user, { forUpdate }).catch(
    asNotFound(INITIATIVE_NOT_FOUND),
  );
  const current = forUpdate ? await read() : found;
  if (!current) throw notFound(INITIATIVE_NOT_FOUND);
  return { ...current, access };
}
