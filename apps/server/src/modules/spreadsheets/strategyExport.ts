/**
 * A strategy as its download shows it (anyone who may view it): one row per initiative with its
 * people, reported status, last update and measures (a focus area's own measures on a row of its
 * own), and its progress history: one row per initiative and past due date, as locked then.
 */
import {
  type CommentType,
  displayName,
  formatDay,
  HISTORY_SHEET_COLUMNS,
  INITIATIVE_STATUSES,
  type Measure,
  plainText,
  STRATEGY_SHEET_COLUMNS,
  statusOrInactive,
  type UserSummary,
} from '@keystone/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Actor } from '../../core/actor';
import type { AppContext } from '../../core/context';
import { loadStrategyAccess } from '../../core/strategyAccess';
import { loadFocusAreas } from '../../core/strategyPageQueries';
import { comments, focusAreas, initiatives, notificationSettings } from '../../db/schema';
import type { Sheet } from './sheets';

/** "Name <address>", so a download opened again in the import reads the same people. */
const people = (list: readonly UserSummary[]) =>
  list
    .map((person) => (person.name?.trim() ? `${displayName(person)} <${person.email}>` : person.email))
    .join('; ');

/** A measure in one cell: its title, latest value and target. */
function measureText(measure: Measure): string {
  const latest = measure.current.value ?? measure.history.at(-1)?.value ?? null;
  const unit = measure.unit_label ? ` ${measure.unit_label}` : '';
  return `${measure.title}: ${latest ?? 'no reading'}${latest === null ? '' : unit} (target ${measure.target}${unit} by ${measure.target_date})`;
}
const measuresText = (list: readonly Measure[]) => list.map(measureText).join('; ');

async function timeZoneOf(ctx: AppContext, strategyId: number): Promise<string> {
  const [row] = await ctx.db
    .select({ timeZone: notificationSettings.timeZone })
    .from(notificationSettings)
    .where(eq(notificationSettings.strategyId, strategyId));
  return row?.timeZone ?? 'UTC';
}

export interface StrategySheets {
  strategy: Sheet;
  history: Sheet;
}

export async function strategySheets(
  ctx: AppContext,
  user: Actor,
  strategyId: number,
): Promise<StrategySheets> {
  await loadStrategyAccess(ctx.db, strategyId, user);
  const [areas, timeZone] = await Promise.all([
    loadFocusAreas(ctx.db, strategyId),
    timeZoneOf(ctx, strategyId),
  ]);
  const rows: string[][] = [];
  for (const area of areas) {
    const areaTitle = plainText(area.title);
    if (area.measures.length > 0) rows.push([areaTitle, '', '', '', '', '', '', measuresText(area.measures)]);
    for (const initiative of area.initiatives)
      rows.push([
        areaTitle,
        plainText(initiative.title),
        INITIATIVE_STATUSES[statusOrInactive(initiative.last_status ?? initiative.status)].label,
        initiative.last_progress_update ? formatDay(initiative.last_progress_update, timeZone) : '',
        people(initiative.owners),
        people(initiative.sponsors),
        people(initiative.team_members),
        measuresText(initiative.measures),
      ]);
  }
  return {
    strategy: { name: 'Strategy', columns: STRATEGY_SHEET_COLUMNS, rows },
    history: {
      name: 'Progress history',
      columns: HISTORY_SHEET_COLUMNS,
      rows: await historyRows(ctx, strategyId, timeZone),
    },
  };
}

const TEXT_COLUMN: Record<CommentType, number> = { PR: 4, RB: 5, NS: 6 };

/** The locked comments, oldest due date first, each initiative's three on one row. */
async function historyRows(ctx: AppContext, strategyId: number, timeZone: string): Promise<string[][]> {
  const locked = await ctx.db
    .select({
      lockedAt: comments.lockedAt,
      type: comments.commentType,
      text: comments.comment,
      status: comments.initiativeStatus,
      initiativeId: initiatives.id,
      initiative: initiatives.title,
      focusArea: focusAreas.title,
    })
    .from(comments)
    .innerJoin(initiatives, eq(initiatives.id, comments.initiativeId))
    .innerJoin(focusAreas, eq(focusAreas.id, initiatives.focusAreaId))
    .where(and(eq(focusAreas.strategyId, strategyId), eq(comments.isLocked, true)))
    .orderBy(
      asc(comments.lockedAt),
      asc(focusAreas.sortIndex),
      asc(focusAreas.id),
      asc(initiatives.sortIndex),
      asc(initiatives.id),
    );
  const byDueDate = new Map<string, string[]>();
  for (const comment of locked) {
    if (!comment.lockedAt) continue;
    const key = `${comment.lockedAt.toISOString()} ${comment.initiativeId}`;
    let row = byDueDate.get(key);
    if (!row) {
      row = [
        formatDay(comment.lockedAt, timeZone),
        plainText(comment.focusArea),
        plainText(comment.initiative),
        INITIATIVE_STATUSES[statusOrInactive(comment.status)].label,
        '',
        '',
        '',
      ];
      byDueDate.set(key, row);
    }
    row[TEXT_COLUMN[comment.type]] = plainText(comment.text).trim();
  }
  return [...byDueDate.values()];
}
