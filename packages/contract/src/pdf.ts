/**
 * The PDFs of a strategy (one landscape page) and of a charter (portrait, as long as it needs):
 * the paper sizes, which locales print on Letter, and the texts the documents and their buttons show.
 */
import { MEASURE_TEXT } from './measureText';
import { z } from './z';

export const PAPER_SIZES = ['a4', 'letter'] as const;
export type Paper = (typeof PAPER_SIZES)[number];

/**
 * Regions whose offices print on US Letter rather than A4 (North America, much of Central and
 * South America, the Philippines): every other region gets A4.
 */
export const LETTER_REGIONS: ReadonlySet<string> = new Set([
  'US',
  'CA',
  'MX',
  'PH',
  'PR',
  'GT',
  'SV',
  'NI',
  'CR',
  'PA',
  'DO',
  'CO',
  'VE',
  'CL',
]);

/** The paper of a browser locale ("en-US", "fr-CA", "es-419", "en"): Letter for LETTER_REGIONS, else A4. */
export function paperForLocale(locale: string | undefined): Paper {
  if (!locale) return 'a4';
  try {
    // maximize() names the likely region of a bare language ("en" → US), as the browser would.
    const region = new Intl.Locale(locale).maximize().region;
    return region && LETTER_REGIONS.has(region) ? 'letter' : 'a4';
  } catch {
    return 'a4';
  }
}

export const PDF_MESSAGES = {
  downloadPdf: 'Download PDF',
  preparingPdf: 'Preparing PDF…',
  pdfFailed: 'The PDF could not be made. Please try again.',
  busy: 'Many PDFs are being made right now. Please try again in a few seconds.',
  badPaper: 'Paper must be "a4" or "letter".',
  ambition: 'Ambition',
  untitledInitiative: 'Untitled initiative',
  noOwner: 'No owner',
  madeOn: (date: string) => `Made on ${date}`,
  noInitiatives: 'No initiatives',
  strategy: 'Strategy',
  focusArea: 'Focus area',
  status: 'Status',
  owners: 'Owners',
  sponsors: 'Sponsors',
  teamMembers: 'Team members',
  approval: 'Sponsor approval',
  notApproved: 'Not approved',
  approvalRequested: 'Approval requested, not yet given',
  empty: 'Not filled in yet.',
  nobody: 'No one yet',
  timelineFrom: (start: string) => `from ${start}`,
  timelineUntil: (end: string) => `until ${end}`,
  page: (page: number, pages: number) => `Page ${page} of ${pages}`,
  // Measures (issue 30): values against targets, in the words of MEASURE_TEXT.
  /** "Revenue: €1,200.00 of €2,000.00 · Suggested: Off track" */
  measureLine: (title: string, standing: string) => `${title}: ${standing}`,
  /** "Increase to €2,000.00 by 12/31/2026 · Baseline €1,000.00 · Amber band 10 %" */
  measureDefinition: (definition: string, baseline: string, band: string) =>
    `${definition} · ${baseline} · Amber band ${band} %`,
  suggestedColumn: 'Suggested',
  currentDueDate: (date: string) => `${date} (${MEASURE_TEXT.current})`,
} as const;

/** `?paper=a4|letter` of both PDFs; the server prints on A4 when none is asked for. */
export const pdfQuery = z.object({
  paper: z.enum(PAPER_SIZES, { error: PDF_MESSAGES.badPaper }).default('a4'),
});
