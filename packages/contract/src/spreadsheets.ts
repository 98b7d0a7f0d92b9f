/**
 * Spreadsheets out and in (issue 32): a strategy, its progress history and the portfolio as CSV
 * and XLSX, and "Start from a spreadsheet" (a CSV or XLSX of focus areas and initiatives with
 * their owners' e-mails, previewed with each row's problems, then created in one step). The
 * server writes and reads the files (apps/server/src/modules/spreadsheets/); these are their
 * limits, columns, shapes and words.
 */
import { LIMITS } from './limits';
import { z } from './z';

/** The largest file the import reads: a plan of 5 × 5 initiatives fits in a few kilobytes. */
export const SPREADSHEET_MAX_BYTES = 2 * 1024 * 1024;
/** Rows past this are refused before any is checked (a plan has at most 25 initiatives). */
export const SPREADSHEET_MAX_ROWS = 1000;
/** Columns read from a workbook's rows: the import needs three; headings past these are not looked for. */
export const SPREADSHEET_MAX_COLUMNS = 50;
/** The upload's JSON body: the file in base64 (4 characters for 3 bytes) and its name. */
export const SPREADSHEET_UPLOAD_BODY_BYTES = Math.ceil(SPREADSHEET_MAX_BYTES / 3) * 4 + 4096;
/** An XLSX is a zip: what its parts may unpack to, so a small bomb cannot fill the memory. */
export const SPREADSHEET_MAX_UNPACKED_BYTES = 8 * 1024 * 1024;

export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The import's columns, found by their heading in the first row (any order; others ignored). */
export const IMPORT_COLUMNS = {
  focusArea: 'Focus area',
  initiative: 'Initiative',
  owners: 'Owners',
} as const;

/** The strategy download's columns: one row per initiative, under its focus area's row. */
export const STRATEGY_SHEET_COLUMNS = [
  'Focus area',
  'Initiative',
  'Status',
  'Last update',
  'Owners',
  'Sponsors',
  'Team members',
  'Measures',
] as const;

/** The progress history's columns: one row per initiative and past due date. */
export const HISTORY_SHEET_COLUMNS = [
  'Due date',
  'Focus area',
  'Initiative',
  'Status',
  'Progress',
  'Roadblocks',
  'Next steps',
] as const;

/** The portfolio download's columns: one row per strategy. */
export const PORTFOLIO_SHEET_COLUMNS = [
  'Strategy',
  'Inactive',
  'Completed',
  'Blocked',
  'Delayed',
  'On Track',
  'Next due date',
  'Empty updates',
  'Measures',
  'Measures off track',
] as const;

/** The template's example rows, under IMPORT_COLUMNS. */
export const TEMPLATE_ROWS = [
  ['Delight our customers', 'Self-service onboarding', 'ada@example.com'],
  ['Delight our customers', 'Customer health score', 'ada@example.com; grace@example.com'],
  ['Grow recurring revenue', 'Launch the team plan', 'grace@example.com'],
] as const;

/** Downloaded files' names: ASCII, so every browser and spreadsheet keeps them as they are. */
export const SPREADSHEET_FILE_NAMES = {
  strategyCsv: (id: number) => `strategy-${id}.csv`,
  strategyXlsx: (id: number) => `strategy-${id}.xlsx`,
  historyCsv: (id: number) => `strategy-${id}-progress-history.csv`,
  portfolioCsv: 'portfolio.csv',
  portfolioXlsx: 'portfolio.xlsx',
  templateCsv: 'strategy-template.csv',
  templateXlsx: 'strategy-template.xlsx',
} as const;

export const spreadsheetUploadRequest = z
  .object({
    file_name: z.string().trim().min(1, 'Choose a file.').max(255, 'The file name is too long.'),
    /** The file's bytes in base64. */
    content: z.string().max(SPREADSHEET_UPLOAD_BODY_BYTES, 'The file is too large.'),
  })
  .meta({ id: 'SpreadsheetUpload' });
export type SpreadsheetUpload = z.infer<typeof spreadsheetUploadRequest>;

export const importRowSchema = z.object({
  /** The row's number as the spreadsheet shows it (the heading is row 1). */
  row: z.number(),
  focus_area: z.string(),
  initiative: z.string(),
  owners: z.array(z.string()),
  /** What is wrong with this row, in words; empty when it is fine. */
  problems: z.array(z.string()),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importPreviewSchema = z
  .object({
    /** The strategy's title: the file's name without its extension. */
    title: z.string(),
    rows: z.array(importRowSchema),
    /** What is wrong with the file as a whole (a missing column, too many focus areas). */
    problems: z.array(z.string()),
    focus_area_count: z.number(),
    initiative_count: z.number(),
    /** True when nothing is wrong: the same file may then be created. */
    ready: z.boolean(),
  })
  .meta({ id: 'ImportPreview' });
export type ImportPreview = z.infer<typeof importPreviewSchema>;

const megabytes = `${SPREADSHEET_MAX_BYTES / 1024 / 1024} MB`;

/** The server's refusals of a file, and the rows' problems. */
export const SPREADSHEET_MESSAGES = {
  tooLarge: `The file is larger than ${megabytes}. A plan of focus areas and initiatives fits in far less: remove other sheets, pictures or rows.`,
  notBase64: 'The file could not be read: send its content in base64.',
  unreadable:
    'The file is neither a CSV file nor an Excel workbook (.xlsx). Save it as one of those and try again.',
  notUtf8:
    'The file is not in UTF-8. In Excel choose File › Save As › "CSV UTF-8 (Comma delimited)"; in Google Sheets choose File › Download › CSV; in Numbers choose Export To › CSV with Unicode (UTF-8).',
  badCsv: (line: number) => `The CSV file could not be read near line ${line}: check its quotes.`,
  tooManyRows: `The file has more than ${SPREADSHEET_MAX_ROWS} rows. A strategy holds at most ${LIMITS.focusAreasPerStrategy} focus areas of ${LIMITS.initiativesPerFocusArea} initiatives each: keep only those rows.`,
  workbookTooLarge: 'The workbook unpacks to too much data to be a plan of focus areas and initiatives.',
  noSheet: 'The workbook has no sheet.',
  noRows: 'The file has no rows under its headings.',
  missingColumn: (name: string) =>
    `The first row has no "${name}" heading. Download the template to see the columns.`,
  emptyRow: 'This row is empty: fill it in or delete it.',
  noFocusArea: 'The focus area is empty.',
  noInitiative: 'The initiative is empty.',
  focusAreaTooLong: `The focus area is longer than ${LIMITS.title} characters.`,
  initiativeTooLong: `The initiative is longer than ${LIMITS.title} characters.`,
  lineBreak: 'A title cannot have a line break.',
  formula: 'This row has a formula: type its text instead.',
  duplicate: 'This initiative is already on an earlier row of the same focus area.',
  tooManyFocusAreas: `A strategy has at most ${LIMITS.focusAreasPerStrategy} focus areas.`,
  tooManyInitiatives: (focusArea: string) =>
    `"${focusArea}" has more than ${LIMITS.initiativesPerFocusArea} initiatives.`,
  focusAreaOverLimit: `This row's focus area is past the first ${LIMITS.focusAreasPerStrategy}.`,
  initiativeOverLimit: `This row is past the ${LIMITS.initiativesPerFocusArea} initiatives its focus area may have.`,
  notAnEmail: (text: string) => `"${text}" is not an e-mail address.`,
  unknownPerson: (email: string) => `No one in your organisation has the address ${email}.`,
  notReady: 'Some rows have problems: nothing was created. Fix them and upload the file again.',
} as const;

/** The strategy menu's items: apart from the pages' words, so the strategy page carries only these. */
export const SPREADSHEET_MENU_TEXT = {
  strategyXlsx: 'Download as spreadsheet (XLSX)',
  strategyCsv: 'Download as CSV',
  historyCsv: 'Download progress history (CSV)',
  downloadFailed: 'Could not download the file.',
} as const;

/** What the pages say. */
export const SPREADSHEET_TEXT = {
  portfolioXlsx: 'Download XLSX',
  portfolioCsv: 'Download CSV',
  start: 'Start from a spreadsheet',
  pageTitle: 'Start from a spreadsheet',
  intro: `Upload a CSV file or an Excel workbook (.xlsx) with the columns "${IMPORT_COLUMNS.focusArea}", "${IMPORT_COLUMNS.initiative}" and "${IMPORT_COLUMNS.owners}" (their e-mail addresses, separated by semicolons). You become the strategy's master; nothing is created until every row is right.`,
  templateCsv: 'Template (CSV)',
  templateXlsx: 'Template (XLSX)',
  fileLabel: 'Spreadsheet file (CSV or XLSX)',
  reading: 'Reading the file…',
  previewHeading: 'Preview',
  rowsCaption: 'Rows read from the file',
  ready: (focusAreas: number, initiatives: number) =>
    `Ready: ${focusAreas} focus ${focusAreas === 1 ? 'area' : 'areas'} and ${initiatives} ${initiatives === 1 ? 'initiative' : 'initiatives'}.`,
  problems: (count: number) =>
    `${count} ${count === 1 ? 'problem' : 'problems'} to fix before the strategy can be created. Fix the file and choose it again.`,
  create: 'Create strategy',
  rowColumn: 'Row',
  problemsColumn: 'Problems',
  noProblem: 'None',
} as const;
