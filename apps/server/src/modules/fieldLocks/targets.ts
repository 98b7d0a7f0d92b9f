/**
 * What a lock request points at: the strategy and (for initiatives, comments, timeline rows and
 * initiatives' measures) the initiative the field belongs to, with the user's access. 404 unless the user may see it.
 */
import {
  CHARTER_MESSAGES,
  type InitiativeRoles,
  type LockModel,
  MEASURE_MESSAGES,
  PROGRESS_MESSAGES,
  STRATEGY_MESSAGES,
} from '@keystone/contract';
import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../core/actor';
import { asNotFound, notFound } from '../../core/errors';
import { loadStrategyAccess, rolesOf, type StrategyAccess } from '../../core/strategyAccess';
import type { Queryable } from '../../db/client';
import { comments, focusAreas, initiatives, measures, strategies, timelines } from '../../db/schema';

export interface LockTarget {
  access: StrategyAccess;
  initiative: InitiativeRoles | null;
  /** A comment locked into history at a due date can no longer be edited. */
  isHistory: boolean;
}

const NOT_FOUND: Record<LockModel, string> = {
  strategy: STRATEGY_MESSAGES.strategyNotFound,
  focusArea: STRATEGY_MESSAGES.focusAreaNotFound,
  initiative: STRATEGY_MESSAGES.initiativeNotFound,
  comment: PROGRESS_MESSAGES.commentNotFound,
  timeline: CHARTER_MESSAGES.timelineNotFound,
  measure: MEASURE_MESSAGES.notFound,
};

interface Located {
  strategyId: number;
  initiativeId: number | null;
  isHistory: boolean;
}

async function locate(db: Queryable, model: LockModel, resId: number, organisationId: number) {
  const inOrganisation = eq(strategies.organisationId, organisationId);
  const viaInitiative = (initiativeId: typeof initiatives.id) =>
    db
      .select({ strategyId: focusAreas.strategyId, initiativeId: initiatives.id })
      .from(initiatives)
      .innerJoin(focusAreas, eq(focusAreas.id, initiatives.focusAreaId))
      .innerJoin(strategies, eq(strategies.id, focusAreas.strategyId))
      .where(and(eq(initiativeId, resId), inOrganisation));
  let rows: Located[];
  switch (model) {
    case 'strategy':
      // loadStrategyAccess reads the row (organisation included) anyway.
      return { strategyId: resId, initiativeId: null, isHistory: false };
    case 'focusArea':
      rows = (
        await db
          .select({ strategyId: focusAreas.strategyId })
          .from(focusAreas)
          .innerJoin(strategies, eq(strategies.id, focusAreas.strategyId))
          .where(and(eq(focusAreas.id, resId), inOrganisation))
      ).map((row) => ({ ...row, initiativeId: null, isHistory: false }));
      break;
    case 'initiative':
      rows = (await viaInitiative(initiatives.id)).map((row) => ({ ...row, isHistory: false }));
      break;
    case 'comment':
      rows = await db
        .select({
          strategyId: focusAreas.strategyId,
          initiativeId: initiatives.id,
          isHistory: comments.isLocked,
        })
        .from(comments)
        .innerJoin(initiatives, eq(initiatives.id, comments.initiativeId))
        .innerJoin(focusAreas, eq(focusAreas.id, initiatives.focusAreaId))
        .innerJoin(strategies, eq(strategies.id, focusAreas.strategyId))
        .where(and(eq(comments.id, resId), inOrganisation));
      break;
    case 'timeline':
      rows = (
        await db
          .select({ strategyId: focusAreas.strategyId, initiativeId: initiatives.id })
          .from(timelines)
          .innerJoin(initiatives, eq(initiatives.id, timelines.initiativeId))
          .innerJoin(focusAreas, eq(focusAreas.id, initiatives.focusAreaId))
          .innerJoin(strategies, eq(strategies.id, focusAreas.strategyId))
          .where(and(eq(timelines.id, resId), inOrganisation))
      ).map((row) => ({ ...row, isHistory: false }));
      break;
    case 'measure':
      // Its lockable fields are those of the current reading, which is never history.
      rows = (
        await db
          .select({ strategyId: measures.strategyId, initiativeId: measures.initiativeId })
          .from(measures)
          .innerJoin(strategies, eq(strategies.id, measures.strategyId))
          .where(and(eq(measures.id, resId), inOrganisation))
      ).map((row) => ({ ...row, isHistory: false }));
      break;
  }
  return rows[0];
}

export async function loadLockTarget(
  db: Queryable,
  user: Actor,
  model: LockModel,
  resId: number,
): Promise<LockTarget> {
  const located = await locate(db, model, resId, user.organisationId);
  if (!located) throw notFound(NOT_FOUND[model]);
  const access = await loadStrategyAccess(db, located.strategyId, user).catch(asNotFound(NOT_FOUND[model]));
  return {
    access,
    initiative: located.initiativeId === null ? null : rolesOf(access, located.initiativeId),
    isHistory: located.isHistory,
  };
}
