/**
 * GET /strategy/{id}/pdf/ and /initiative/{id}/pdf/: the documents as downloads. Their makers
 * (and pdfkit) are loaded on the first request, so a server nobody asks for a PDF never loads them.
 */
import { pdfApi } from '@keystone/contract/endpoints/pdf';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import { charterSource, strategySource } from './sources';

function sendPdf(reply: FastifyReply, bytes: Buffer, disposition: string): FastifyReply {
  return (
    reply
      .type('application/pdf')
      .header('content-disposition', disposition)
      // The document holds the organisation's private plans: no cache, shared or the browser's, keeps it.
      .header('cache-control', 'private, no-store')
      .send(bytes)
  );
}

export function pdfRoutes(app: Parameters<typeof route>[0], ctx: AppContext): void {
  route(app, ctx, pdfApi.strategy, async ({ user, params, query, reply }) => {
    const source = await strategySource(ctx, user, params.id);
    const [{ strategyPdf, strategyTitle }, { attachmentHeader }] = await Promise.all([
      import('./strategyPdf'),
      import('./document'),
    ]);
    const bytes = await strategyPdf({ ...source, madeAt: ctx.clock.now(), paper: query.paper });
    return sendPdf(reply, bytes, attachmentHeader(strategyTitle(source.strategy), 'strategy'));
  });

  route(app, ctx, pdfApi.charter, async ({ user, params, query, reply }) => {
    const source = await charterSource(ctx, user, params.id);
    const [{ charterPdf, charterTitle }, { attachmentHeader }] = await Promise.all([
      import('./charterPdf'),
      import('./document'),
    ]);
    const bytes = await charterPdf({ ...source, madeAt: ctx.clock.now(), paper: query.paper });
    return sendPdf(reply, bytes, attachmentHeader(charterTitle(source.initiative), 'charter'));
  });
}
