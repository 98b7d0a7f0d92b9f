/** The shared frame of every mail: HTML that reads well in common clients, and a plain-text twin. */
import { PRODUCT_NAME } from '@keystone/contract';
import { escapeHtml } from '../lib/html';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

interface MailParts {
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** Content built by the caller (already escaped), placed after the paragraphs. */
  section?: { html: string; text: string };
  action?: { label: string; url: string };
  footnote?: string;
}

/** Builds both parts from plain sentences; every value is escaped for the HTML part. */
export function renderMail(parts: MailParts): MailContent {
  const textLines = [parts.greeting, '', ...parts.paragraphs.flatMap((p) => [p, ''])];
  if (parts.section) textLines.push(parts.section.text, '');
  if (parts.action) textLines.push(`${parts.action.label}: ${parts.action.url}`, '');
  if (parts.footnote) textLines.push(parts.footnote, '');
  textLines.push(`— ${PRODUCT_NAME}`);

  const paragraphHtml = parts.paragraphs
    .map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`)
    .join('');
  const actionHtml = parts.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(parts.action.url)}" style="background:#1f3a8a;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(parts.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#555">If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(parts.action.url)}" style="color:#1f3a8a;word-break:break-all">${escapeHtml(parts.action.url)}</a></p>`
    : '';
  const footnoteHtml = parts.footnote
    ? `<p style="margin:16px 0 0;font-size:13px;color:#777">${escapeHtml(parts.footnote)}</p>`
    : '';
  const html = `<!doctype html>
<html><head><meta charset="utf-8"><title>${escapeHtml(parts.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f6fb;font-family:Arial,Helvetica,sans-serif;color:#1b1f2a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f6fb;padding:24px 0"><tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;padding:32px">
<tr><td style="font-size:20px;font-weight:700;color:#1f3a8a;padding-bottom:24px">${escapeHtml(PRODUCT_NAME)}</td></tr>
<tr><td><p style="margin:0 0 16px;line-height:1.5">${escapeHtml(parts.greeting)}</p>${paragraphHtml}${parts.section?.html ?? ''}${actionHtml}${footnoteHtml}</td></tr>
</table></td></tr></table></body></html>`;
  return { subject: parts.subject, text: textLines.join('\n'), html };
}
