/** Spreadsheets: the downloads of a strategy, its history and the portfolio, the template, and the import. */
import {
  IMPORT_COLUMNS,
  SPREADSHEET_FILE_NAMES as NAMES,
  SPREADSHEET_MESSAGES,
  TEMPLATE_ROWS,
  XLSX_MEDIA_TYPE,
} from '@keystone/contract';
import type { spreadsheetsApi } from '@keystone/contract/endpoints/spreadsheets';
import type { FastifyReply } from 'fastify';
import { importStrategy } from '../commands/importStrategy';
import { portfolioSheet } from '../commands/portfolioSpreadsheet';
import type { AppContext } from '../core/context';
import { HttpError } from '../core/errors';
import { originOf } from '../core/securityEvents';
import type { AreaRoutes, RouteOptions } from '../http/route';
import { planImport } from '../modules/spreadsheets/importPlan';
import { csvOf, type Sheet, xlsxOf } from '../modules/spreadsheets/sheets';
import { strategySheets } from '../modules/spreadsheets/strategyExport';

function sendFile(reply: FastifyReply, fileName: string, content: string | Buffer) {
  const csv = typeof content === 'string';
  return (
    reply
      .type(csv ? 'text/csv; charset=utf-8' : XLSX_MEDIA_TYPE)
      .header('content-disposition', `attachment; filename="${fileName}"`)
      // The organisation's private plans: no cache keeps them.
      .header('cache-control', 'private, no-store')
      .send(content)
  );
}

const template: Sheet = {
  name: 'Strategy',
  columns: [IMPORT_COLUMNS.focusArea, IMPORT_COLUMNS.initiative, IMPORT_COLUMNS.owners],
  rows: TEMPLATE_ROWS,
};

/** A file past the upload's limit: Fastify's 413 in words that say what to do; the app's error handler sends it. */
const uploadErrors: Pick<RouteOptions, 'errorHandler'> = {
  errorHandler: (error: Error) => {
    if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      throw new HttpError(413, SPREADSHEET_MESSAGES.tooLarge);
    throw error;
  },
};

export const spreadsheetsRoutes = (ctx: AppContext): AreaRoutes<typeof spreadsheetsApi> => ({
  strategyXlsx: async ({ user, params, reply }) => {
    const { strategy, history } = await strategySheets(ctx, user, params.id);
    return sendFile(reply, NAMES.strategyXlsx(params.id), await xlsxOf([strategy, history]));
  },
  strategyCsv: async ({ user, params, reply }) => {
    const { strategy } = await strategySheets(ctx, user, params.id);
    return sendFile(reply, NAMES.strategyCsv(params.id), csvOf(strategy));
  },
  historyCsv: async ({ user, params, reply }) => {
    const { history } = await strategySheets(ctx, user, params.id);
    return sendFile(reply, NAMES.historyCsv(params.id), csvOf(history));
  },
  portfolioXlsx: async ({ user, reply }) =>
    sendFile(reply, NAMES.portfolioXlsx, await xlsxOf([await portfolioSheet(ctx, user)])),
  portfolioCsv: async ({ user, reply }) =>
    sendFile(reply, NAMES.portfolioCsv, csvOf(await portfolioSheet(ctx, user))),
  templateXlsx: async ({ reply }) => sendFile(reply, NAMES.templateXlsx, await xlsxOf([template])),
  templateCsv: ({ reply }) => Promise.resolve(sendFile(reply, NAMES.templateCsv, csvOf(template))),
  importPreview: {
    ...uploadErrors,
    handler: async ({ user, body }) => (await planImport(ctx.db, user, body.file_name, body.content)).preview,
  },
  importCreate: {
    ...uploadErrors,
    handler: ({ user, body, request }) => importStrategy(ctx, user, body, originOf(request)),
  },
});
