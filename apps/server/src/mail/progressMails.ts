/**
 * The progress report sent at each due date and the reminder sent before it (DESIGN §6). Tables
 * with inline styles, because that is what common mail clients render reliably; the text part
 * says the same for clients that show no HTML.
 */
import {
  COMMENT_TYPE_ORDER,
  COMMENT_TYPES,
  type CommentType,
  formatDueDate,
  type Measure,
  plainText,
  REPORT_SUMMARY_TEXTS,
  STRATEGY_MESSAGES,
} from '@keystone/contract';
import { escapeHtml } from '../lib/html';
import { type MailContent, renderMail } from './layout';
import {
  initiativeTitleHtml,
  initiativeTitleText,
  readableText,
  statusBadge,
  statusLabel,
} from './reportParts';
import { summarise, summaryHtml, summaryText } from './reportSummary';

/** An initiative as locked at the previous due date: what the summary compares with. */
export interface PreviousState {
  status: string;
  roadblocks: string;
}

export interface ReportInitiative {
  title: string;
  status: string;
  owners: string[];
  comments: Partial<Record<CommentType, string>>;
  /** Null when it did not exist then, or at the first due date. */
  previous: PreviousState | null;
}

export interface ReportFocusArea {
  title: string;
  initiatives: ReportInitiative[];
}

/** A measure as it stands at the due date (issue 30), named by what it belongs to. */
export interface ReportMeasure {
  /** Read before the due date locks it: `current` is this due date's reading. */
  measure: Measure;
  /** The initiative's or focus area's title as plain text (a label when untitled). */
  owner: string;
}

export interface ReportContent {
  strategyTitle: string;
  ambition: string;
  dueDate: Date;
  timeZone: string;
  /** Null at the first due date. */
  previousDueDate: Date | null;
  focusAreas: ReportFocusArea[];
  /** Every measure of the strategy in page order; the summary speaks of them only when there are any. */
  measures: ReportMeasure[];
  link: string;
}

const strategyName = (title: string) => title.trim() || STRATEGY_MESSAGES.untitledStrategy;

function initiativeHtml(initiative: ReportInitiative): string {
  const title = initiativeTitleHtml(initiative.title);
  const owners = initiative.owners.length
    ? `<div style="font-size:12px;color:#555;margin-top:2px">Owner: ${escapeHtml(initiative.owners.join(', '))}</div>`
    : '';
  const comments = COMMENT_TYPE_ORDER.map((type) => {
    const text = readableText(initiative.comments[type] ?? '');
    const body = text
      ? escapeHtml(text).replace(/\n/g, '<br>')
      : '<span style="color:#999">No update.</span>';
    return `<tr><td style="vertical-align:top;padding:4px 8px 4px 0;font-size:13px;font-weight:700;color:#333;white-space:nowrap">${COMMENT_TYPES[type]}</td><td style="vertical-align:top;padding:4px 0;font-size:13px;line-height:1.45;color:#1b1f2a">${body}</td></tr>`;
  }).join('');
  return `<tr><td style="padding:12px 0;border-top:1px solid #e3e7f0">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr>
<td style="font-size:15px;font-weight:700;color:#1b1f2a">${title}${owners}</td>
<td align="right" style="vertical-align:top">${statusBadge(initiative.status)}</td></tr></table>
<table role="presentation" cellpadding="0" cellspacing="0" style="margin-top:6px">${comments}</table>
</td></tr>`;
}

function initiativeText(initiative: ReportInitiative): string {
  const lines = [`* ${initiativeTitleText(initiative.title)} [${statusLabel(initiative.status)}]`];
  if (initiative.owners.length) lines.push(`  Owner: ${initiative.owners.join(', ')}`);
  for (const type of COMMENT_TYPE_ORDER) {
    const text = readableText(initiative.comments[type] ?? '') || 'No update.';
    lines.push(`  ${COMMENT_TYPES[type]}: ${text.replace(/\n/g, '\n    ')}`);
  }
  return lines.join('\n');
}

export function progressReportMail(report: ReportContent): MailContent {
  const title = strategyName(report.strategyTitle);
  const when = formatDueDate(report.dueDate, report.timeZone);
  const ambition = readableText(report.ambition);
  const summary = summarise(report);
  const areaTitle = (title: string) => plainText(title).trim() || REPORT_SUMMARY_TEXTS.untitledFocusArea;
  const areasHtml = report.focusAreas
    .map(
      (
        area,
      ) => `<h2 style="margin:24px 0 4px;font-size:17px;color:#1f3a8a">${escapeHtml(areaTitle(area.title))}</h2>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${area.initiatives.map(initiativeHtml).join('')}</table>`,
    )
    .join('');
  const areasText = report.focusAreas
    .map((area) => `== ${areaTitle(area.title)} ==\n${area.initiatives.map(initiativeText).join('\n\n')}`)
    .join('\n\n');
  const ambitionHtml = ambition
    ? `<p style="margin:0 0 8px;font-size:12px;text-transform:uppercase;letter-spacing:.05em;color:#777">Ambition</p><p style="margin:0 0 16px;line-height:1.5">${escapeHtml(ambition).replace(/\n/g, '<br>')}</p>`
    : '';
  const detailsHeadingHtml = `<p style="margin:24px 0 0;font-size:12px;font-weight:700;text-transform:uppercase;letter-spacing:.05em;color:#555">${escapeHtml(REPORT_SUMMARY_TEXTS.detailsHeading)}</p>`;
  const noRowsHtml = `<p style="margin:8px 0 0;color:#555">${escapeHtml(REPORT_SUMMARY_TEXTS.noRows)}</p>`;
  return renderMail({
    subject: `Progress report: ${title} (${when})`,
    greeting: 'Hello,',
    paragraphs: [`Here is the progress of "${title}" as it stood at the due date, ${when}.`],
    section: {
      html: `${ambitionHtml}${summaryHtml(report, summary)}${detailsHeadingHtml}${areasHtml || noRowsHtml}`,
      text: `${ambition ? `Ambition: ${ambition}\n\n` : ''}${summaryText(report, summary)}\n\n${
        areasText || REPORT_SUMMARY_TEXTS.noRows
      }`,
    },
    action: { label: 'Open the progress page', url: report.link },
    footnote:
      'You receive this report because the strategy masters chose to send it to you. These comments are now part of the history; new ones can be written for the next due date.',
  });
}

/** "in 2 days", "in 3 hours", "in 25 minutes": how long until the due date (to the nearest minute, then down). */
export function timeUntil(due: Date, now: Date): string {
  const minutes = Math.max(0, Math.round((due.getTime() - now.getTime()) / 60_000));
  const plural = (count: number, unit: string) => `in ${count} ${unit}${count === 1 ? '' : 's'}`;
  if (minutes >= 48 * 60) return plural(Math.floor(minutes / (24 * 60)), 'day');
  if (minutes >= 120) return plural(Math.floor(minutes / 60), 'hour');
  return plural(Math.max(minutes, 1), 'minute');
}

export function progressReminderMail(options: {
  strategyTitle: string;
  dueDate: Date;
  timeZone: string;
  now: Date;
  link: string;
}): MailContent {
  const title = strategyName(options.strategyTitle);
  const when = formatDueDate(options.dueDate, options.timeZone);
  return renderMail({
    subject: `Reminder: progress update for ${title} due ${timeUntil(options.dueDate, options.now)}`,
    greeting: 'Hello,',
    paragraphs: [
      `The next progress update of "${title}" is due on ${when}, ${timeUntil(options.dueDate, options.now)}.`,
      'Please set the status of your initiatives and write their Progress, Roadblocks and Next steps before then. At the due date the comments are locked and sent in the progress report.',
    ],
    action: { label: 'Write your update', url: options.link },
    footnote: 'You receive this reminder because the strategy masters set reminders for this strategy.',
  });
}
