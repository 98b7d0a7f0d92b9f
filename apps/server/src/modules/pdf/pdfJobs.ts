/**
 * What a PDF worker is asked to make and what it answers: the document's bytes and the
 * Content-Disposition naming it. Everything in a job is plain data (the worker gets a copy).
 */
import type { CharterPdfInput } from './charterPdf';
import type { StrategyPdfInput } from './strategyPdf';

export type PdfJob =
  | { kind: 'strategy'; input: StrategyPdfInput }
  | { kind: 'charter'; input: CharterPdfInput };

export interface MadePdf {
  bytes: Uint8Array;
  disposition: string;
}

/** Makes one PDF: in a worker thread (pdfWorker.ts), never on the server's event loop. */
export async function makePdf(job: PdfJob): Promise<MadePdf> {
  const { attachmentHeader } = await import('./document');
  if (job.kind === 'strategy') {
    const { strategyPdf, strategyTitle } = await import('./strategyPdf');
    return {
      bytes: await strategyPdf(job.input),
      disposition: attachmentHeader(strategyTitle(job.input.strategy), 'strategy'),
    };
  }
  const { charterPdf, charterTitle } = await import('./charterPdf');
  return {
    bytes: await charterPdf(job.input),
    disposition: attachmentHeader(charterTitle(job.input.initiative), 'charter'),
  };
}
