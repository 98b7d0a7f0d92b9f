/** Spreadsheets: a strategy, its progress history and the portfolio downloaded; a strategy started from a file. */
import { type Endpoint, idParams } from '../endpoint';
import {
  importPreviewSchema,
  SPREADSHEET_UPLOAD_BODY_BYTES,
  spreadsheetUploadRequest,
  XLSX_MEDIA_TYPE,
} from '../spreadsheets';
import { strategySchema } from '../strategies';

const strategyFile = (path: string, summary: string, file: Endpoint['file']) =>
  ({
    method: 'GET',
    path: `/api/strategy/{id}/${path}`,
    tag: 'spreadsheets',
    summary,
    auth: true,
    params: idParams,
    file,
    rateLimit: 'costly',
    errors: [404],
  }) as const satisfies Endpoint;

const anyoneFile = (path: string, summary: string, file: Endpoint['file']) =>
  ({
    method: 'GET',
    path,
    tag: 'spreadsheets',
    summary,
    auth: true,
    file,
    rateLimit: 'costly',
  }) as const satisfies Endpoint;

const upload = {
  tag: 'spreadsheets',
  auth: true,
  body: spreadsheetUploadRequest,
  bodyLimitBytes: SPREADSHEET_UPLOAD_BODY_BYTES,
} as const satisfies Partial<Endpoint>;

export const spreadsheetsApi = {
  strategyXlsx: strategyFile(
    'spreadsheet.xlsx',
    'A strategy (focus areas, initiatives, people, status, last update, measures) and its progress history as an Excel workbook',
    XLSX_MEDIA_TYPE,
  ),
  strategyCsv: strategyFile(
    'spreadsheet.csv',
    'A strategy: one row per initiative with its people, status, last update and measures',
    'text/csv',
  ),
  historyCsv: strategyFile(
    'progress-history.csv',
    "A strategy's progress history: one row per initiative and past due date",
    'text/csv',
  ),
  portfolioXlsx: anyoneFile(
    '/api/portfolio/spreadsheet.xlsx',
    'Every strategy I take part in, with its status counts, as an Excel workbook',
    XLSX_MEDIA_TYPE,
  ),
  portfolioCsv: anyoneFile(
    '/api/portfolio/spreadsheet.csv',
    'Every strategy I take part in, with its status counts, as CSV',
    'text/csv',
  ),
  templateXlsx: anyoneFile(
    '/api/strategy/import/template.xlsx',
    'The import template as an Excel workbook',
    XLSX_MEDIA_TYPE,
  ),
  templateCsv: anyoneFile('/api/strategy/import/template.csv', 'The import template as CSV', 'text/csv'),
  importPreview: {
    ...upload,
    method: 'POST',
    path: '/api/strategy/import/preview/',
    summary:
      'Read a CSV or XLSX of focus areas and initiatives and name every row’s problems; nothing is stored',
    answer: importPreviewSchema,
  },
  importCreate: {
    ...upload,
    method: 'POST',
    path: '/api/strategy/import/',
    summary:
      'Create a strategy from a CSV or XLSX of focus areas and initiatives, checked whole again; nothing is created while a row is wrong',
    answer: strategySchema,
    status: 201,
    errors: [429],
  },
} satisfies Record<string, Endpoint>;
