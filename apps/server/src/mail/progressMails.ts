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
  INITIATIVE_STATUSES,
  plainText,
  STRATEGY_MESSAGES,
  statusOrInactive,
} from '@keystone/contract';
import { escapeHtml } from '../lib/html';
import { type MailContent, renderMail } from './layout';

export interface ReportInitiative {
  title: string;
  status: string;
  owners: string[];
  comments: Partial<Record<CommentType, string>>;
}

export interface ReportFocusArea {
  title: string;
  initiatives: ReportInitiative[];
}

export interface ReportContent {
  strategyTitle: string;
  ambition: string;
  dueDate: Date;
  timeZone: string;
  focusAreas: ReportFocusArea[];
  link: string;
}

/** Rich text as readable plain text: paragraphs and list items on their own lines. */
export function readableText(html: string): string {
  return plainText(
    html
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<li[^>]*>/gi, '• ')
      .replace(/<\/(p|li|h[1-6]|blockquote)>/gi, '\n'),
  )
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const strategyName = (title: string) => title.trim() || STRATEGY_MESSAGES.untitledStrategy;

function statusBadge(code: string): string {
  const status = INITIATIVE_STATUSES[statusOrInactive(code)];
  return `<span style="display:inline-block;padding:2px 10px;border-radius:12px;background:${status.hex};color:${status.ink};font-size:12px;font-weight:700;white-space:nowrap">${escapeHtml(status.label)}</span>`;
}

function initiativeHtml(initiative: ReportInitiative): string {
  const title = escapeHtml(plainText(initiative.title).trim() || STRATEGY_MESSAGES.nameYourInitiative);
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
  const title = plainText(initiative.title).trim() || STRATEGY_MESSAGES.nameYourInitiative;
  const status = INITIATIVE_STATUSES[statusOrInactive(initiative.status)].label;
  const lines = [`* ${title} [${status}]`];
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
  const areasHtml = report.focusAreas
    .map(
      (
        area,
      ) => `<h2 style="margin:24px 0 4px;font-size:17px;color:#1f3a8a">${escapeHtml(plainText(area.title).trim() || 'Define focus area')}</h2>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${area.initiatives.map(initiativeHtml).join('')}</table>`,
    )
    .join('');
  const areasText = report.focusAreas
    .map(
      (area) =>
        `== ${plainText(area.title).trim() || 'Define focus area'} ==\n${area.initiatives.map(initiativeText).join('\n\n')}`,
    )
    .join('\n\n');
  const ambitionHtml = ambition
    ? `<p style="margin:0 0 8px;font-size:12px;text-transform:uppercase;letter-spacing:.05em;color:#777">Ambition</p><p style="margin:0 0 16px;line-height:1.5">${escapeHtml(ambition).replace(/\n/g, '<br>')}</p>`
    : '';
  return renderMail({
    subject: `Progress report: ${title} (${when})`,
    greeting: 'Hello,',
    paragraphs: [`Here is the progress of "${title}" as it stood at the due date, ${when}.`],
    section: {
      html: `${ambitionHtml}${areasHtml}`,
      text: `${ambition ? `Ambition: ${ambition}\n\n` : ''}${areasText}`,
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
