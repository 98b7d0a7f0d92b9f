/** /healthz, /readyz and this API's documentation (the document is built by http/apiDocs.ts). */
import type { operationsApi } from '@keystone/contract/endpoints/operations';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../core/context';
import { buildOpenApiDocument, renderApiDocsPage } from '../http/apiDocs';
import type { AreaRoutes } from '../http/route';

export const operationsRoutes = (ctx: AppContext): AreaRoutes<typeof operationsApi> => {
  // Built once, on the first request rather than at start-up (which it slowed), then sent as
  // ready-made text.
  let built: { json: string; page: string } | undefined;
  const docs = () => {
    if (!built) {
      const document = buildOpenApiDocument();
      built = { json: JSON.stringify(document), page: renderApiDocsPage(document) };
    }
    return built;
  };

  return {
    health: async () => ({ status: 'ok' }),

    ready: async ({ reply }) => {
      try {
        await ctx.db.execute(sql`select 1`);
      } catch {
        return reply.status(503).send({ status: 'database unavailable' });
      }
      // Cut off from the broker, its sockets would miss other instances' changes.
      if (ctx.realtimeReady?.() === false) return reply.status(503).send({ status: 'broker unavailable' });
      return { status: 'ready' };
    },

    docsPage: async ({ reply }) => reply.type('text/html; charset=utf-8').send(docs().page),

    openApi: async ({ reply }) => reply.type('application/json').send(docs().json),
  };
};
