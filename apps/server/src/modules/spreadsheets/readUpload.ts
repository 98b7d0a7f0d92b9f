/**
 * An uploaded file as rows of text cells: a CSV (UTF-8, comma or semicolon separated) or an
 * Excel workbook's first sheet. Formulas are never evaluated: a formula cell is marked, and its
 * row refused by the import's checks. Whatever is wrong with the file itself is a clear 4xx.
 */
import {
  SPREADSHEET_MAX_BYTES,
  SPREADSHEET_MAX_COLUMNS,
  SPREADSHEET_MAX_ROWS,
  SPREADSHEET_MAX_UNPACKED_BYTES,
  SPREADSHEET_MESSAGES,
} from '@keystone/contract';
import { CsvError, parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { badRequest, HttpError } from '../../core/errors';
import { checkZipBudget } from './zipBudget';

export interface UploadedRow {
  cells: string[];
  /** A cell of this row is a formula (XLSX only: a CSV has none, its text is taken as typed). */
  hasFormula: boolean;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

export async function readUpload(content: string): Promise<UploadedRow[]> {
  if (content.length % 4 !== 0 || !BASE64.test(content)) throw badRequest(SPREADSHEET_MESSAGES.notBase64);
  const bytes = Buffer.from(content, 'base64');
  if (bytes.length > SPREADSHEET_MAX_BYTES) throw new HttpError(413, SPREADSHEET_MESSAGES.tooLarge);
  const rows = bytes.subarray(0, 4).equals(ZIP_MAGIC) ? await readWorkbook(bytes) : readCsv(bytes);
  if (rows.length > SPREADSHEET_MAX_ROWS + 1) throw badRequest(SPREADSHEET_MESSAGES.tooManyRows);
  return rows;
}

function readCsv(bytes: Buffer): UploadedRow[] {
  // UTF-16 (what Excel calls "Unicode Text") starts with its byte order mark.
  if (bytes[0] === 0xff && bytes[1] === 0xfe) throw badRequest(SPREADSHEET_MESSAGES.notUtf8);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) throw badRequest(SPREADSHEET_MESSAGES.notUtf8);
  // A NUL is in no text a person typed: an old .xls, a picture or another binary file.
  if (bytes.includes(0)) throw badRequest(SPREADSHEET_MESSAGES.unreadable);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badRequest(SPREADSHEET_MESSAGES.notUtf8);
  }
  // Rows past the limit are not parsed: the count of line breaks bounds the rows.
  if (text.split('\n', SPREADSHEET_MAX_ROWS + 3).length > SPREADSHEET_MAX_ROWS + 2)
    throw badRequest(SPREADSHEET_MESSAGES.tooManyRows);
  const firstLine = text.slice(0, text.indexOf('\n') >>> 0);
  // Spreadsheets in languages whose decimal mark is a comma separate with semicolons.
  const delimiter = !firstLine.includes(',') && firstLine.includes(';') ? ';' : ',';
  try {
    const records: string[][] = parse(text, { delimiter, relax_column_count: true, skip_empty_lines: false });
    return records.map((cells) => ({ cells, hasFormula: false }));
  } catch (error) {
    if (error instanceof CsvError) throw badRequest(SPREADSHEET_MESSAGES.badCsv(Number(error.lines ?? 1)));
    throw error;
  }
}

/** A cell's value as text: the text typed, a number or date as written, rich text joined. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value !== 'object') return String(value);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('text' in value && typeof value.text === 'string') return value.text;
  return '';
}

const isFormula = (value: ExcelJS.CellValue) =>
  typeof value === 'object' && value !== null && ('formula' in value || 'sharedFormula' in value);

async function readWorkbook(bytes: Buffer): Promise<UploadedRow[]> {
  const budget = checkZipBudget(bytes, SPREADSHEET_MAX_UNPACKED_BYTES);
  if (budget === 'too_large') throw new HttpError(413, SPREADSHEET_MESSAGES.workbookTooLarge);
  if (budget === 'not_a_zip') throw badRequest(SPREADSHEET_MESSAGES.unreadable);
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs declares its own `Buffer` (an ArrayBuffer); it reads a Node Buffer all the same.
    await workbook.xlsx.load(bytes as Buffer & ArrayBuffer);
  } catch {
    throw badRequest(SPREADSHEET_MESSAGES.unreadable);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw badRequest(SPREADSHEET_MESSAGES.noSheet);
  if (sheet.rowCount > SPREADSHEET_MAX_ROWS + 1) throw badRequest(SPREADSHEET_MESSAGES.tooManyRows);
  const rows: UploadedRow[] = [];
  for (let number = 1; number <= sheet.rowCount; number += 1) {
    const row = sheet.getRow(number);
    // A cell far to the right (column XFD) would make every row 16,384 cells long.
    const width = Math.min(row.cellCount, SPREADSHEET_MAX_COLUMNS);
    const values = Array.from({ length: width }, (_, index) => row.getCell(index + 1).value);
    rows.push({ cells: values.map(cellText), hasFormula: values.some(isFormula) });
  }
  return rows;
}
