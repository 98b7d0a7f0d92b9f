/**
 * The summary that opens the progress report (issue 18): how many initiatives are in each
 * status, which changed status since the previous due date (from → to), the new roadblocks, and
 * when the strategy has measures, which are off track and which moved most (reportMeasures.ts).
 *
 * A roadblock is new when the Roadblocks just locked have text and, at the previous due date, the
 * initiative's Roadblocks were empty, different (compared as readable text, whitespace aside) or
 * not there at all (an initiative created since, or the first due date).
 */
import {
  formatDueDate,
  INITIATIVE_STATUS_CODES,
  INITIATIVE_STATUSES,
  type InitiativeStatus,
  REPORT_SUMMARY_TEXTS,
  statusOrInactive,
} from '@keystone/contract';
import { escapeHtml } from '../lib/html';
import type { ReportContent } from './progressMails';
import { type MeasuresSummary, measuresHtml, measuresText, summariseMeasures } from './reportMeasures';
import {
  initiativeTitleHtml,
  initiativeTitleText,
  note,
  readableText,
  rowsTable,
  statusBadge,
  statusLabel,
  subheading,
} from './reportParts';

interface ReportSummary {
  counts: { code: InitiativeStatus; count: number }[];
  /** Null at the first due date: there is nothing to compare with. */
  changes: { title: string; from: InitiativeStatus; to: InitiativeStatus }[] | null;
  newRoadblocks: { title: string; text: string }[];
  /** Null when the strategy has no measures. */
  measures: MeasuresSummary | null;
}

const comparable = (html: string) => readableText(html).replace(/\s+/g, ' ').trim();

export function summarise(report: ReportContent): ReportSummary {
  const rows = report.focusAreas.flatMap((area) => area.initiatives);
  const counts = INITIATIVE_STATUS_CODES.map((code) => ({
    code,
    count: rows.filter((row) => statusOrInactive(row.status) === code).length,
  }));
  const changes = report.previousDueDate
    ? rows.flatMap((row) => {
        if (!row.previous) return [];
        const from = statusOrInactive(row.previous.status);
        const to = statusOrInactive(row.status);
        return from === to ? [] : [{ title: row.title, from, to }];
      })
    : null;
  const newRoadblocks = rows.flatMap((row) => {
    const now = comparable(row.comments.RB ?? '');
    if (!now || (row.previous && comparable(row.previous.roadblocks) === now)) return [];
    return [{ title: row.title, text: readableText(row.comments.RB ?? '') }];
  });
  const measures = summariseMeasures(report.measures, report.previousDueDate, report.timeZone);
  return { counts, changes, newRoadblocks, measures };
}

/** One cell per status: the status colour with its count; a status nobody is in stays pale. */
function countCell({ code, count }: ReportSummary['counts'][number]): string {
  const status = INITIATIVE_STATUSES[code];
  const look = count
    ? `background:${status.hex};color:${status.ink}`
    : `background:#f4f6fb;color:#555;border-top:4px solid ${status.hex}`;
  return `<td width="20%" align="center" style="${look};padding:8px 4px;border-radius:6px;font-family:Arial,Helvetica,sans-serif"><div style="font-size:22px;font-weight:700;line-height:1.2">${count}</div><div style="font-size:12px;white-space:nowrap">${escapeHtml(status.label)}</div></td>`;
}

export function summaryHtml(report: ReportContent, summary: ReportSummary): string {
  const counts = `<table role="presentation" width="100%" cellpadding="0" cellspacing="4"><tr>${summary.counts.map(countCell).join('')}</tr></table>`;
  const changes = !report.previousDueDate
    ? `${subheading(REPORT_SUMMARY_TEXTS.changesHeading)}${note(REPORT_SUMMARY_TEXTS.firstDueDate)}`
    : `${subheading(REPORT_SUMMARY_TEXTS.changesSince(formatDueDate(report.previousDueDate, report.timeZone)))}${
        summary.changes?.length
          ? rowsTable(
              summary.changes.map(
                (change) =>
                  `<tr><td style="padding:4px 8px 4px 0;font-size:14px;border-top:1px solid #eef1f6">${initiativeTitleHtml(change.title)}</td><td align="right" style="padding:4px 0;white-space:nowrap;border-top:1px solid #eef1f6">${statusBadge(change.from)} <span style="color:#555">&rarr;</span> ${statusBadge(change.to)}</td></tr>`,
              ),
            )
          : note(REPORT_SUMMARY_TEXTS.noChanges)
      }`;
  const roadblocks = `${subheading(REPORT_SUMMARY_TEXTS.newRoadblocks)}${
    summary.newRoadblocks.length
      ? rowsTable(
          summary.newRoadblocks.map(
            (roadblock) =>
              `<tr><td style="padding:6px 0 6px 10px;border-left:3px solid ${INITIATIVE_STATUSES.BL.hex};font-size:13px;line-height:1.45"><strong>${initiativeTitleHtml(roadblock.title)}</strong><br>${escapeHtml(roadblock.text).replace(/\n/g, '<br>')}</td></tr><tr><td style="height:6px;font-size:0;line-height:0">&nbsp;</td></tr>`,
          ),
        )
      : note(REPORT_SUMMARY_TEXTS.noNewRoadblocks)
  }`;
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 8px;border:1px solid #e3e7f0;border-radius:8px"><tr><td style="padding:16px">
<h2 style="margin:0 0 8px;font-size:17px;color:#1f3a8a">${escapeHtml(REPORT_SUMMARY_TEXTS.heading)}</h2>
${subheading(REPORT_SUMMARY_TEXTS.statusCounts)}${counts}${changes}${roadblocks}${summary.measures ? measuresHtml(summary.measures) : ''}
</td></tr></table>`;
}

/** A one-line text follows its title; a longer one starts below it, indented. */
const afterTitle = (text: string) =>
  text.includes('\n') ? `\n    ${text.replace(/\n/g, '\n    ')}` : ` ${text}`;

export function summaryText(report: ReportContent, summary: ReportSummary): string {
  const lines = [
    `== ${REPORT_SUMMARY_TEXTS.heading} ==`,
    `${REPORT_SUMMARY_TEXTS.statusCounts}: ${summary.counts.map(({ code, count }) => `${count} ${statusLabel(code)}`).join(', ')}`,
    '',
  ];
  if (!report.previousDueDate) lines.push(REPORT_SUMMARY_TEXTS.firstDueDate);
  else {
    lines.push(
      `${REPORT_SUMMARY_TEXTS.changesSince(formatDueDate(report.previousDueDate, report.timeZone))}:`,
    );
    if (summary.changes?.length) {
      for (const change of summary.changes)
        lines.push(
          `- ${initiativeTitleText(change.title)}: ${statusLabel(change.from)} → ${statusLabel(change.to)}`,
        );
    } else lines.push(REPORT_SUMMARY_TEXTS.noChanges);
  }
  lines.push('', `${REPORT_SUMMARY_TEXTS.newRoadblocks}:`);
  if (summary.newRoadblocks.length) {
    for (const roadblock of summary.newRoadblocks)
      lines.push(`- ${initiativeTitleText(roadblock.title)}:${afterTitle(roadblock.text)}`);
  } else lines.push(REPORT_SUMMARY_TEXTS.noNewRoadblocks);
  if (summary.measures) lines.push(...measuresText(summary.measures));
  return lines.join('\n');
}
