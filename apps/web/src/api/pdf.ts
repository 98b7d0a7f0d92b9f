/**
 * The PDFs of a strategy and a charter: fetched with the session's key (a plain link could not
 * send it), on the paper of the browser's locale, and saved under the name the server gives.
 */
import { PDF_MESSAGES, paperForLocale } from '@keystone/contract';
import { pdfApi } from '@keystone/contract/endpoints/pdf';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiResponse } from './client';

/** The name of Content-Disposition: filename* (UTF-8) when given, else the plain filename. */
export function downloadName(disposition: string | null, fallback: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed name: the plain one below.
    }
  }
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? fallback;
}

function save(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // After this task: the click has handed the file to the browser by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export type PdfKind = keyof typeof pdfApi;

async function downloadPdf(kind: PdfKind, id: number): Promise<void> {
  const paper = paperForLocale(navigator.language);
  const response = await apiResponse(pdfApi[kind], { params: { id }, query: { paper } }, 'application/pdf');
  save(await response.blob(), downloadName(response.headers.get('content-disposition'), `${kind}.pdf`));
}

/** What a failed download says: the server's reason (e.g. too many PDFs in a minute), else a general one. */
export function pdfFailure(error: unknown): string {
  return error instanceof ApiError && error.detail ? error.detail : PDF_MESSAGES.pdfFailed;
}

/** Downloads one kind of PDF; `isPending` while the server makes it. */
export function usePdfDownload(kind: PdfKind) {
  return useMutation({ mutationFn: (id: number) => downloadPdf(kind, id) });
}
