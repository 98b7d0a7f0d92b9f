/**
 * What a due date does to the initiatives' updates (DESIGN §6): their current comments are locked
 * into history with the status of the moment, fresh ones take their place, and each initiative
 * records its last status and, when the update had text, its last update. The readings of the
 * strategy's measures (DESIGN §10) are locked with them, and fresh empty ones take their place. The due-date engine runs
 * it at every due date; the sample strategy runs it to give itself a past.
 */
import { isUpdateEmpty } from '@keystone/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { createCurrentComments } from '../../core/currentComments';
import type { Queryable } from '../../db/client';
import { comments, focusAreas, initiatives, measureReadings, measures } from '../../db/schema';

interface LockedComment {
  initiativeId: number;
  commentType: string;
  comment: string;
}

/** The initiatives among the locked comments whose update has text (isUpdateEmpty of the contract). */
function withText(locked: readonly LockedComment[]): number[] {
  const texts = new Map<number, string[]>();
  for (const { initiativeId, comment } of locked)
    texts.set(initiativeId, [...(texts.get(initiativeId) ?? []), comment]);
  return [...texts].filter(([, written]) => !isUpdateEmpty(written)).map(([id]) => id);
}

/**
 * Locks at `due` the current readings of every measure of the strategies these initiatives are in
 * (a focus area's measures too), and gives each measure a fresh empty one.
 */
async function lockReadings(db: Queryable, initiativeIds: number[], due: Date): Promise<void> {
  const ofStrategies = inArray(
    measures.strategyId,
    db
      .selectDistinct({ id: focusAreas.strategyId })
      .from(initiatives)
      .innerJoin(focusAreas, eq(focusAreas.id, initiatives.focusAreaId))
      .where(inArray(initiatives.id, initiativeIds)),
  );
  await db
    .update(measureReadings)
    // updated_at stays: it is when the reading was last written, which locking is not.
    .set({ lockedAt: due })
    .where(
      and(
        isNull(measureReadings.lockedAt),
        inArray(measureReadings.measureId, db.select({ id: measures.id }).from(measures).where(ofStrategies)),
      ),
    );
  await db.execute(
    sql`insert into ${measureReadings} (measure_id) select ${measures.id} from ${measures} where ${ofStrategies}`,
  );
}

/** Locks the current updates of these initiatives at `due`; answers the comments it locked. */
export async function lockUpdates(
  db: Queryable,
  initiativeIds: readonly number[],
  due: Date,
): Promise<LockedComment[]> {
  if (initiativeIds.length === 0) return [];
  const ids = [...initiativeIds];
  const locked = await db
    .update(comments)
    .set({
      isLocked: true,
      lockedAt: due,
      initiativeStatus: sql`(select ${initiatives.status} from ${initiatives} where ${initiatives.id} = ${comments.initiativeId})`,
      // updated_at stays: it is when the text was last written, which locking is not.
    })
    .where(and(eq(comments.isLocked, false), inArray(comments.initiativeId, ids)))
    .returning({
      initiativeId: comments.initiativeId,
      commentType: comments.commentType,
      comment: comments.comment,
    });
  await createCurrentComments(db, ids);
  await lockReadings(db, ids, due);
  await db
    .update(initiatives)
    .set({ lastStatus: sql`${initiatives.status}` })
    .where(inArray(initiatives.id, ids));
  // Only an update with text counts as one (the portfolio's rule): an initiative whose comments
  // were all empty keeps its earlier last update, or none, rather than claiming this due date.
  const reported = withText(locked);
  if (reported.length) {
    await db
      .update(initiatives)
      .set({
        lastProgressUpdate: due,
        lastProgressComment: sql`(select c.comment from ${comments} c where c.initiative_id = ${initiatives.id}
          and c.is_locked and c.locked_at = ${due.toISOString()}::timestamptz and c.comment_type = 'PR' order by c.id desc limit 1)`,
      })
      .where(inArray(initiatives.id, reported));
  }
  return locked;
}
