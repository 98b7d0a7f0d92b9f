/** A PDF read as a reader would: its text, pages and page size (server tests and e2e). */
import { extractText, getDocumentProxy } from 'unpdf';

export interface ReadPdf {
  pages: number;
  /** Each page's text, its lines joined with spaces. */
  text: string;
  /** The first page's size in points. */
  size: { width: number; height: number };
}

export async function readPdf(bytes: Buffer): Promise<ReadPdf> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { totalPages, text } = await extractText(pdf, { mergePages: true });
  const page = await pdf.getPage(1);
  const [, , width, height] = page.view as [number, number, number, number];
  return { pages: totalPages, text: text.replace(/\s+/g, ' '), size: { width, height } };
}
