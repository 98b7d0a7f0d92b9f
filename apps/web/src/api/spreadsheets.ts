/**
 * Spreadsheets (contract endpoints/spreadsheets.ts): a strategy, its progress history and the
 * portfolio saved as CSV or XLSX files, the import's template, and "Start from a spreadsheet"
 * (a file read in the browser, sent to be previewed, then created).
 */
import {
  type ImportPreview,
  SPREADSHEET_FILE_NAMES as NAMES,
  type SpreadsheetUpload,
  XLSX_MEDIA_TYPE,
} from '@keystone/contract';
import { spreadsheetsApi } from '@keystone/contract/endpoints/spreadsheets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiResponse } from './client';
import { saveAnswer } from './fileDownload';
import { strategiesKey } from './strategyCache';

export type StrategyDownload = 'strategyXlsx' | 'strategyCsv' | 'historyCsv';

const mediaOf = (name: string) => (name.endsWith('.xlsx') ? XLSX_MEDIA_TYPE : 'text/csv');

export async function downloadStrategySheet(kind: StrategyDownload, strategyId: number): Promise<void> {
  const fileName = NAMES[kind](strategyId);
  const response = await apiResponse(
    spreadsheetsApi[kind],
    { params: { id: strategyId } },
    mediaOf(fileName),
  );
  await saveAnswer(response, fileName);
}

export type SheetDownload = 'portfolioXlsx' | 'portfolioCsv' | 'templateXlsx' | 'templateCsv';

export async function downloadSheet(kind: SheetDownload): Promise<void> {
  const response = await apiResponse(spreadsheetsApi[kind], {}, mediaOf(NAMES[kind]));
  await saveAnswer(response, NAMES[kind]);
}

/** A chosen file as the upload sends it: its name and its bytes in base64. */
export async function uploadOf(file: File): Promise<SpreadsheetUpload> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  // In slices: one call with millions of arguments would overflow the stack.
  for (let at = 0; at < bytes.length; at += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return { file_name: file.name, content: btoa(binary) };
}

export function previewImport(upload: SpreadsheetUpload): Promise<ImportPreview> {
  return apiRequest(spreadsheetsApi.importPreview, { body: upload });
}

/** Creates the strategy; the list is read again, and the new page opens from its own read. */
export function useImportStrategy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: SpreadsheetUpload) => apiRequest(spreadsheetsApi.importCreate, { body: upload }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: strategiesKey }),
  });
}
