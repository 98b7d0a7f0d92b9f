/**
 * GET /strategy/{id}/pdf/ and /initiative/{id}/pdf/: the documents as downloads. They are made
 * by the worker threads of renderPool.ts (bounded per instance and per organisation, 503 beyond);
 * this thread only reads the records and sends the bytes, and never loads pdfkit. Before any of
 * that, keyGate.ts refuses a key's third request under way without touching the database.
 */
import { PDF_MESSAGES } from '@keystone/contract';
import type { pdfApi } from '@keystone/contract/endpoints/pdf';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { charterSource, strategySource } from '../commands/pdfSources';
import type { AppContext } from '../core/context';
import { busy } from '../core/errors';
import { tokenFromHeader } from '../http/authenticate';
import type { AreaRoutes } from '../http/route';
import { PdfKeyGate } from '../modules/pdf/keyGate';
import type { MadePdf } from '../modules/pdf/pdfJobs';
import type { PdfRenderPool } from '../modules/pdf/renderPool';

function sendPdf(reply: FastifyReply, { bytes, disposition }: MadePdf): FastifyReply {
  return (
    reply
      .type('application/pdf')
      .header('content-disposition', disposition)
      // The document holds the organisation's private plans: no cache, shared or the browser's, keeps it.
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))
  );
}

export const pdfRoutes = (
  ctx: AppContext,
  { pdfPool: pool }: { pdfPool: PdfRenderPool },
): AreaRoutes<typeof pdfApi> => {
  const keys = new PdfKeyGate();
  // A key's place is held until its answer has gone (or the client has gone away).
  const admit = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = tokenFromHeader(request.headers.authorization);
    if (!key) return; // No key, or a malformed one: refused next without a lookup.
    const release = keys.enter(key);
    if (!release) throw busy(PDF_MESSAGES.busy, pool.retryAfterSeconds());
    reply.raw.once('close', release);
  };

  return {
    strategy: {
      admit,
      handler: async ({ user, params, query, reply }) => {
        const made = await pool.render(user.organisationId, async () => {
          const source = await strategySource(ctx, user, params.id);
          return { kind: 'strategy', input: { ...source, madeAt: ctx.clock.now(), paper: query.paper } };
        });
        return sendPdf(reply, made);
      },
    },

    charter: {
      admit,
      handler: async ({ user, params, query, reply }) => {
        const made = await pool.render(user.organisationId, async () => {
          const source = await charterSource(ctx, user, params.id);
          return { kind: 'charter', input: { ...source, madeAt: ctx.clock.now(), paper: query.paper } };
        });
        return sendPdf(reply, made);
      },
    },
  };
};
