/**
 * The printable PDFs: a strategy on one page, a charter on as many as it needs. Both may answer
 * 503 with Retry-After (PDF_MESSAGES.busy) when the instance is making as many PDFs as it allows.
 */
import { type Endpoint, idParams } from '../endpoint';
import { pdfQuery } from '../pdf';

export const pdfApi = {
  strategy: {
    method: 'GET',
    path: '/api/strategy/{id}/pdf/',
    tag: 'strategies',
    summary: 'The strategy on one landscape page, as a PDF to download (anyone who may view it)',
    auth: true,
    params: idParams,
    query: pdfQuery,
    file: 'application/pdf',
    rateLimit: 'costly',
    errors: [404, 503],
  },
  charter: {
    method: 'GET',
    path: '/api/initiative/{id}/pdf/',
    tag: 'initiatives',
    summary: 'The initiative charter as a printable PDF to download (anyone who may view it)',
    auth: true,
    params: idParams,
    query: pdfQuery,
    file: 'application/pdf',
    rateLimit: 'costly',
    errors: [404, 503],
  },
} satisfies Record<string, Endpoint>;
