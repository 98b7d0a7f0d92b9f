/** Fetching a PDF through the app and reading it as a reader would: its text, pages and page size. */
import { extractText, getDocumentProxy } from 'unpdf';
import type { TestServer } from './testServer';

export interface PdfAnswer {
  status: number;
  headers: Record<string, unknown>;
  bytes: Buffer;
  json: unknown;
}

export async function getPdf(server: TestServer, url: string, token?: string): Promise<PdfAnswer> {
  const response = await server.app.inject({
    method: 'GET',
    url,
    headers: token ? { authorization: `Token ${token}` } : {},
  });
  let json: unknown = null;
  if (!response.headers['content-type']?.toString().startsWith('application/pdf')) {
    json = response.json();
  }
  return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload, json };
}

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
