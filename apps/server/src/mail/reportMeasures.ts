/**
 * The measures' part of the progress report's summary (issue 30): which measures are off track
 * at the due date, and which moved most since the previous one. A move is weighed against the
 * measure's whole distance from baseline to target, so a move in euros and one in percent compare;
 * the few biggest are shown, each saying in words whether it went toward the target or away.
 */
import {
  DIRECTION_LABELS,
  expectedAt,
  formatDueDate,
  formatMeasureValue,
  formatProgress,
  latestValue,
  type Measure,
  measureSuggestion,
  REPORT_SUMMARY_TEXTS,
} from '@keystone/contract';
import { escapeHtml } from '../lib/html';
import type { ReportMeasure } from './progressMails';
import { note, rowsTable, subheading } from './reportParts';

const BIGGEST_MOVES = 3;

interface OffTrackMeasure {
  title: string;
  owner: string;
  /** "€1,000.00; target: Increase to €2,000.00; expected now: €1,500.00" */
  standing: string;
}

interface MeasureMove {
  title: string;
  owner: string;
  from: string;
  to: string;
  /** "toward the target, progress 50 %" */
  note: string;
  size: number;
}

export interface MeasuresSummary {
  offTrack: OffTrackMeasure[];
  /** Null at the first due date: there is no earlier reading to compare with. */
  moves: MeasureMove[] | null;
  previousDueDate: Date | null;
  timeZone: string;
}

const isTrend = (measure: Measure) => measure.direction === 'increase' || measure.direction === 'decrease';
const wantsUp = (measure: Measure) => measure.direction === 'increase' || measure.direction === 'at_least';

function standing(measure: Measure, latest: { value: string; when: string }): string {
  const format = (value: string | number) => formatMeasureValue(measure, value);
  const text = REPORT_SUMMARY_TEXTS.againstTarget(
    format(latest.value),
    DIRECTION_LABELS[measure.direction],
    format(measure.target),
  );
  // A stay-at measure expects its target all along: the target says it already.
  return isTrend(measure)
    ? `${text}; ${REPORT_SUMMARY_TEXTS.expectedNow(format(expectedAt(measure, latest.when)))}`
    : text;
}

/** The measure's move from the previous due date's reading to this one's, if both were written and differ. */
function moveOf({ measure, owner }: ReportMeasure, previousDueDate: Date): MeasureMove | null {
  const now = measure.current.value;
  const previous = measure.history.find((reading) => reading.due_date === previousDueDate.toISOString());
  if (now === null || !previous || previous.value === null) return null;
  const change = Number(now) - Number(previous.value);
  if (change === 0) return null;
  // The distance it is measured against: baseline to target, else the target itself (a stay-at
  // measure may start at its target), else plain units.
  const scale =
    Math.abs(Number(measure.target) - Number(measure.baseline)) || Math.abs(Number(measure.target)) || 1;
  const way =
    change > 0 === wantsUp(measure) ? REPORT_SUMMARY_TEXTS.towardTarget : REPORT_SUMMARY_TEXTS.awayFromTarget;
  const progress = formatProgress(measure, now);
  const where = isTrend(measure)
    ? REPORT_SUMMARY_TEXTS.progressNow(progress)
    : REPORT_SUMMARY_TEXTS.targetNow(progress);
  return {
    title: measure.title,
    owner,
    from: formatMeasureValue(measure, previous.value),
    to: formatMeasureValue(measure, now),
    note: `${way}, ${where}`,
    size: Math.abs(change) / scale,
  };
}

/** What the summary says of the measures; null when the strategy has none (the summary stays as it was). */
export function summariseMeasures(
  measures: readonly ReportMeasure[],
  previousDueDate: Date | null,
  timeZone: string,
): MeasuresSummary | null {
  if (measures.length === 0) return null;
  const offTrack = measures.flatMap(({ measure, owner }) => {
    const latest = latestValue(measure);
    if (!latest || measureSuggestion(measure) !== 'off_track') return [];
    return [{ title: measure.title, owner, standing: standing(measure, latest) }];
  });
  const moves = previousDueDate
    ? measures
        .flatMap((item) => moveOf(item, previousDueDate) ?? [])
        // Stable: equal moves keep page order.
        .sort((a, b) => b.size - a.size)
        .slice(0, BIGGEST_MOVES)
    : null;
  return { offTrack, moves, previousDueDate, timeZone };
}

const movesHeading = (summary: MeasuresSummary) =>
  summary.previousDueDate
    ? REPORT_SUMMARY_TEXTS.biggestMovesSince(formatDueDate(summary.previousDueDate, summary.timeZone))
    : REPORT_SUMMARY_TEXTS.biggestMovesHeading;

const cell = 'padding:4px 0;font-size:13px;line-height:1.45;border-top:1px solid #eef1f6';
const nameHtml = (item: { title: string; owner: string }) =>
  `<strong>${escapeHtml(item.title)}</strong> <span style="color:#555">· ${escapeHtml(item.owner)}</span>`;

export function measuresHtml(summary: MeasuresSummary): string {
  const offTrack = `${subheading(REPORT_SUMMARY_TEXTS.measuresOffTrack)}${
    summary.offTrack.length
      ? rowsTable(
          summary.offTrack.map(
            (item) => `<tr><td style="${cell}">${nameHtml(item)}<br>${escapeHtml(item.standing)}</td></tr>`,
          ),
        )
      : note(REPORT_SUMMARY_TEXTS.noMeasureOffTrack)
  }`;
  let moves: string;
  if (!summary.moves) moves = note(REPORT_SUMMARY_TEXTS.firstReading);
  else if (summary.moves.length === 0) moves = note(REPORT_SUMMARY_TEXTS.noMoves);
  else
    moves = rowsTable(
      summary.moves.map(
        (move) =>
          `<tr><td style="${cell}">${nameHtml(move)}<br>${escapeHtml(move.from)} <span style="color:#555">&rarr;</span> ${escapeHtml(move.to)} <span style="color:#555">(${escapeHtml(move.note)})</span></td></tr>`,
      ),
    );
  return `${offTrack}${subheading(movesHeading(summary))}${moves}`;
}

export function measuresText(summary: MeasuresSummary): string[] {
  const lines = ['', `${REPORT_SUMMARY_TEXTS.measuresOffTrack}:`];
  if (summary.offTrack.length === 0) lines.push(REPORT_SUMMARY_TEXTS.noMeasureOffTrack);
  for (const item of summary.offTrack) lines.push(`- ${item.title} (${item.owner}): ${item.standing}`);
  lines.push('', `${movesHeading(summary)}:`);
  if (!summary.moves) lines.push(REPORT_SUMMARY_TEXTS.firstReading);
  else if (summary.moves.length === 0) lines.push(REPORT_SUMMARY_TEXTS.noMoves);
  for (const move of summary.moves ?? [])
    lines.push(`- ${move.title} (${move.owner}): ${move.from} → ${move.to} (${move.note})`);
  return lines;
}
