/** Serves the built single-page app; every other non-API GET gets index.html (history fallback). */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@keystone/contract';
import type { FastifyInstance } from 'fastify';

export async function registerStaticSite(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const root = webDist ? path.resolve(webDist) : undefined;
  const hasSite = root !== undefined && existsSync(path.join(root, 'index.html'));
  if (hasSite) {
    await app.register(fastifyStatic, {
      root,
      // Files are looked up per request, so a rebuild is served without a restart.
      wildcard: true,
      preCompressed: true,
      // Hashed asset names never change content, so browsers may keep them for a year.
      setHeaders(reply, filePath) {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api' || request.url.startsWith('/ws/');
    // A missing hashed asset (e.g. from an older build) must be a 404, not the HTML page.
    const isAsset = request.url.startsWith('/assets/');
    // Metrics have a listener of their own (METRICS_PORT); a scraper pointed here gets a 404, not the page.
    const isMetrics = /^\/metrics(?:[/?]|$)/.test(request.url);
    if (
      !isApi &&
      !isAsset &&
      !isMetrics &&
      hasSite &&
      (request.method === 'GET' || request.method === 'HEAD')
    ) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ detail: MESSAGES.notFound });
  });
}
