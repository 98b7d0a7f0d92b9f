/**
 * Requests by route and status, with their latency: one histogram fed by an onResponse hook.
 * The route is Fastify's pattern (`/api/strategy/:id`), never the URL, so ids do not multiply
 * the series; a request no route matched counts as `unmatched`.
 */
import type { FastifyInstance } from 'fastify';
import { Histogram, type Registry } from 'prom-client';

/** Reads take 1–50 ms and writes a few more; the top buckets catch a struggling database. */
const LATENCY_BUCKETS_SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const UNMATCHED_ROUTE = 'unmatched';

export function registerHttpMetrics(app: FastifyInstance, registry: Registry): void {
  const histogram = new Histogram({
    name: 'keystone_http_request_duration_seconds',
    help: 'Time from the request arriving to its answer sent, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: LATENCY_BUCKETS_SECONDS,
    registers: [registry],
  });
  // Every request passes here: about 1 µs (bench/RESULTS.md, "Metrics"). prom-client hashes the
  // labels on each observe; caching its per-label children measured no faster, so there is none.
  app.addHook('onResponse', (request, reply, done) => {
    histogram.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
}
