/**
 * A download's tables written as CSV (one table) or as an Excel workbook (one sheet per table),
 * with exceljs. Every cell is text that cannot run: safeCell escapes what a spreadsheet would take
 * for a formula, in the workbook too, so a copy saved again as CSV stays harmless.
 */
import ExcelJS from 'exceljs';
import { CSV_BOM, csvLine, safeCell } from '../../lib/spreadsheetCells';

export interface Sheet {
  /** The workbook's tab (at most 31 characters, as Excel allows). */
  name: string;
  columns: readonly string[];
  rows: readonly (readonly string[])[];
}

export function csvOf(sheet: Sheet): string {
  return CSV_BOM + csvLine(sheet.columns) + sheet.rows.map(csvLine).join('');
}

/** The widest a column grows to fit its text, in characters. */
const MAX_COLUMN_WIDTH = 60;

export async function xlsxOf(sheets: readonly Sheet[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Keystone';
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheet.name, { views: [{ state: 'frozen', ySplit: 1 }] });
    worksheet.addRow([...sheet.columns]).font = { bold: true };
    for (const row of sheet.rows) worksheet.addRow(row.map(safeCell));
    worksheet.columns.forEach((column, index) => {
      const longest = Math.max(
        sheet.columns[index]?.length ?? 0,
        ...sheet.rows.map((row) => (row[index] ?? '').length),
      );
      column.width = Math.min(MAX_COLUMN_WIDTH, longest + 2);
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
