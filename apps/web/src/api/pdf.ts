/**
 * The PDFs of a strategy and a charter: on the paper of the browser's locale, saved as files
 * (fileDownload.ts).
 */
import { PDF_MESSAGES, paperForLocale } from '@keystone/contract';
import { pdfApi } from '@keystone/contract/endpoints/pdf';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiResponse } from './client';
import { saveAnswer } from './fileDownload';

export type PdfKind = keyof typeof pdfApi;

async function downloadPdf(kind: PdfKind, id: number): Promise<void> {
  const paper = paperForLocale(navigator.language);
  const response = await apiResponse(pdfApi[kind], { params: { id }, query: { paper } }, 'application/pdf');
  await saveAnswer(response, `${kind}.pdf`);
}

/** What a failed download says: the server's reason (e.g. too many PDFs in a minute), else a general one. */
export function pdfFailure(error: unknown): string {
  return error instanceof ApiError && error.detail ? error.detail : PDF_MESSAGES.pdfFailed;
}

/** Downloads one kind of PDF; `isPending` while the server makes it. */
export function usePdfDownload(kind: PdfKind) {
  return useMutation({ mutationFn: (id: number) => downloadPdf(kind, id) });
}
