/**
 * Cells as a spreadsheet reads them, for every download (CSV and XLSX): text that a spreadsheet
 * would take for a formula is kept as text, so a title or a note cannot run anything where the
 * file is opened.
 */

/**
 * A cell a spreadsheet reads as a formula (= + - @, or a tab or carriage return before one) gets
 * a leading apostrophe. A plain number is no formula: a negative value stays a number.
 */
export function safeCell(text: string): string {
  if (/^-?\d+(\.\d+)?$/.test(text)) return text;
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** RFC 4180: a cell with a comma, quote or line break is quoted, its quotes doubled. */
function csvCell(text: string): string {
  const safe = safeCell(text);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvLine = (cells: readonly string[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** The byte order mark tells spreadsheets the file is UTF-8 (a title with € or é reads right). */
export const CSV_BOM = '\uFEFF';
