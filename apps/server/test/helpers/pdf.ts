/** Fetching a PDF through the app, as bytes (readPdf.ts reads them). */
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
