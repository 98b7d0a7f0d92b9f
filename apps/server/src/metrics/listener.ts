/**
 * Serves GET /metrics in Prometheus' text format on a listener of its own (METRICS_HOST and
 * METRICS_PORT, loopback by default), never on the app's public port: what it shows (routes,
 * load, backlog) is for operators only.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectDefaultMetrics, Registry } from 'prom-client';

export interface MetricsListener {
  /** http://HOST:PORT/metrics, with the port the system chose when METRICS_PORT is 0. */
  url: string;
  close(): Promise<void>;
}

const SCRAPE_REQUEST_TIMEOUT_MS = 10_000;

/** The process's own metrics (memory, heap, event-loop lag, GC), made once: they watch the whole process. */
let processMetrics: Registry | undefined;

function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics });
  }
  return processMetrics;
}

export async function serveMetrics(
  appMetrics: Registry,
  address: { host: string; port: number },
): Promise<MetricsListener> {
  const registry = Registry.merge([processRegistry(), appMetrics]);
  const server = createServer((request, response) => {
    const path = request.url?.split('?', 1)[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response
        .writeHead(404, { 'content-type': 'text/plain' })
        .end('Not found: the metrics are at /metrics.\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': registry.contentType });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain' }).end(`${String(error)}\n`);
      },
    );
  });
  // A scrape is one small GET: a client slower than this is not Prometheus.
  server.headersTimeout = SCRAPE_REQUEST_TIMEOUT_MS;
  server.requestTimeout = SCRAPE_REQUEST_TIMEOUT_MS;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(address.port, address.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = address.host.includes(':') ? `[${address.host}]` : address.host;
  return {
    url: `http://${host}:${port}/metrics`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
