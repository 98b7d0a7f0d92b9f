/** Pieces the progress report's summary and its detail share: readable text, status badges, names, headings. */
import { INITIATIVE_STATUSES, plainText, REPORT_SUMMARY_TEXTS, statusOrInactive } from '@keystone/contract';
import { escapeHtml } from '../lib/html';

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

/** A status as a coloured pill: the contract's colour with its readable ink, and the label in words. */
export function statusBadge(code: string): string {
  const status = INITIATIVE_STATUSES[statusOrInactive(code)];
  return `<span style="display:inline-block;padding:2px 10px;border-radius:12px;background:${status.hex};color:${status.ink};font-size:12px;font-weight:700;white-space:nowrap">${escapeHtml(status.label)}</span>`;
}

export const statusLabel = (code: string) => INITIATIVE_STATUSES[statusOrInactive(code)].label;

/** An initiative's title as plain text, or the label that says it has none. */
export const initiativeTitleText = (title: string) =>
  plainText(title).trim() || REPORT_SUMMARY_TEXTS.untitledInitiative;

/** The same for HTML: a missing title is a grey italic label, plainly not a name. */
export function initiativeTitleHtml(title: string): string {
  const text = plainText(title).trim();
  return text
    ? escapeHtml(text)
    : `<em style="color:#666;font-weight:400">${escapeHtml(REPORT_SUMMARY_TEXTS.untitledInitiative)}</em>`;
}

/** A small heading inside the summary. */
export const subheading = (text: string) =>
  `<p style="margin:16px 0 6px;font-size:12px;font-weight:700;text-transform:uppercase;letter-spacing:.05em;color:#555">${escapeHtml(text)}</p>`;

/** A quiet line where a list has nothing to show. */
export const note = (text: string) => `<p style="margin:0;font-size:13px;color:#555">${escapeHtml(text)}</p>`;

export const rowsTable = (rows: string[]) =>
  `<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${rows.join('')}</table>`;
