/**
 * What the report at a due date is about: the page's focus areas and initiatives with the
 * comments just locked, each initiative's state at the previous due date (its status and
 * Roadblocks then), from which the mail's summary says what changed, and the measures with this
 * due date's readings.
 */
import { type FocusArea, plainText, REPORT_SUMMARY_TEXTS, statusOrInactive } from '@keystone/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { comments } from '../../db/schema';
import type {
  PreviousState,
  ReportFocusArea,
  ReportInitiative,
  ReportMeasure,
} from '../../mail/progressMails';

interface LockedComment {
  initiativeId: number;
  commentType: string;
  comment: string;
}

/**
 * Each initiative's status and Roadblocks as locked at `dueDate` (every comment locked then
 * carries the status of that moment). Initiatives created since have no entry.
 */
export async function statesAt(
  db: Queryable,
  initiativeIds: readonly number[],
  dueDate: Date | null,
): Promise<Map<number, PreviousState>> {
  const states = new Map<number, PreviousState>();
  if (!dueDate || initiativeIds.length === 0) return states;
  const rows = await db
    .select({
      initiativeId: comments.initiativeId,
      commentType: comments.commentType,
      comment: comments.comment,
      status: comments.initiativeStatus,
    })
    .from(comments)
    .where(
      and(
        eq(comments.isLocked, true),
        eq(comments.lockedAt, dueDate),
        inArray(comments.initiativeId, [...initiativeIds]),
      ),
    );
  for (const row of rows) {
    const state = states.get(row.initiativeId) ?? { status: statusOrInactive(row.status), roadblocks: '' };
    if (row.commentType === 'RB') state.roadblocks = row.comment;
    states.set(row.initiativeId, state);
  }
  return states;
}

/**
 * An untitled initiative with no status and no update is a placeholder nobody has used yet (a
 * new focus area starts with one): it is left out. One with a status or an update stays, under a
 * label, so nobody's report goes missing.
 */
function isUnusedPlaceholder(initiative: ReportInitiative): boolean {
  return (
    plainText(initiative.title).trim() === '' &&
    statusOrInactive(initiative.status) === 'IN' &&
    Object.values(initiative.comments).every((comment) => plainText(comment ?? '').trim() === '')
  );
}

/** The report's focus areas in page order, without unused placeholders (and areas left empty by them). */
export function reportContent(
  areas: readonly FocusArea[],
  locked: readonly LockedComment[],
  previous: ReadonlyMap<number, PreviousState>,
): ReportFocusArea[] {
  return areas
    .map((area) => ({
      title: area.title,
      initiatives: area.initiatives
        .map((initiative) => ({
          title: initiative.title,
          status: initiative.status,
          owners: initiative.owners.map((owner) => owner.name ?? owner.email),
          comments: Object.fromEntries(
            locked
              .filter((comment) => comment.initiativeId === initiative.id)
              .map((comment) => [comment.commentType, comment.comment]),
          ),
          previous: previous.get(initiative.id) ?? null,
        }))
        .filter((initiative) => !isUnusedPlaceholder(initiative)),
    }))
    .filter((area) => area.initiatives.length > 0);
}

/**
 * Every measure of the page in page order (a focus area's own, then its initiatives'), named by
 * what it belongs to. Read before the due date locks the readings, so each carries this due
 * date's reading as its current one.
 */
export function reportMeasures(areas: readonly FocusArea[]): ReportMeasure[] {
  return areas.flatMap((area) => {
    const areaTitle = plainText(area.title).trim() || REPORT_SUMMARY_TEXTS.untitledFocusArea;
    return [
      ...area.measures.map((measure) => ({ measure, owner: areaTitle })),
      ...area.initiatives.flatMap((initiative) => {
        const owner = plainText(initiative.title).trim() || REPORT_SUMMARY_TEXTS.untitledInitiative;
        return initiative.measures.map((measure) => ({ measure, owner }));
      }),
    ];
  });
}
