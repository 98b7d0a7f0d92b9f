/** buildApp(config): the whole server, used by serve.ts and by the tests. */
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import { SOCKET_MAX_MESSAGE_BYTES } from '@keystone/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { Registry } from 'prom-client';
import { type Config, proxyTrust } from './config';
import { type RequestChanges, trackChanges } from './core/changeTracking';
import type { AppContext } from './core/context';
import { InstanceLease } from './core/instanceLease';
import { KeyGate } from './core/keyGate';
import { PageCache } from './core/pageCache';
import { checkSealedSecrets } from './core/sealedSecrets';
import { WriteRate } from './core/writeRate';
import { type Database, openDatabase } from './db/client';
import { frameworkErrorReply, registerErrorHandling } from './http/errorReplies';
import { registerJsonBodyParser } from './http/jsonBody';
import { loggerOptions, requestId } from './http/logging';
import { databaseRateLimitStore } from './http/rateLimitStore';
import { recordRoutedEndpoints } from './http/route';
import { registerSecurityHeaders } from './http/securityHeaders';
import { registerStaticSite } from './http/staticSite';
import { type Clock, ShiftedClock, systemClock } from './lib/clock';
import { loadSecretBox } from './lib/encryption';
import { OutboxWorker } from './mail/outbox';
import { createTransport } from './mail/transport';
import { registerDeliveryLag } from './metrics/deliveryLag';
import { registerHttpMetrics } from './metrics/httpMetrics';
import { socketsOpenedCounter } from './metrics/socketMetrics';
import { registerStateMetrics } from './metrics/stateMetrics';
import { DeletedRecordsPurger } from './modules/deletedRecords/purge';
import { PdfRenderPool } from './modules/pdf/renderPool';
import { ProgressScheduler } from './modules/progress/scheduler';
import { WebhookWorker } from './modules/webhooks/worker';
import { openBroker } from './realtime/broker';
import { Realtime } from './realtime/realtime';
import { registerSockets } from './realtime/sockets';
import { registerEndpoints } from './routes';
import { registerScimProtocol } from './routes/scimProtocol';
import { testClockRoutes } from './routes/testClock';

declare module 'fastify' {
  interface FastifyRequest {
    changes: RequestChanges | null;
  }
}

const BODY_LIMIT_BYTES = 1024 * 1024;
/** How long a socket closed on shutdown has to answer the close. */
const SOCKET_CLOSE_WITHIN_MS = 500;
/** The sign-in, sign-up, reset and first-run calls, open to anyone, take small bodies only. */
const AUTH_BODY_LIMIT_BYTES = 128 * 1024;
const OPEN_ROUTE_PREFIXES = ['/api/auth/', '/api/setup/'];
/**
 * Browser features the app never uses, denied to it and to anything it embeds. Fullscreen,
 * autoplay and picture-in-picture are left alone: the embedded video players use them.
 */
const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
  realtime: Realtime;
  scheduler: ProgressScheduler;
  /** Purges deleted records past their retention period (tests run a sweep with run()). */
  purger: DeletedRecordsPurger;
  /** The app's metrics, for serve.ts to serve on METRICS_PORT; undefined with METRICS_PORT=off. */
  metrics: Registry | undefined;
}

export interface BuildOptions {
  /** Tests pass a fake clock; otherwise the system clock (shiftable when TEST_CLOCK=1). */
  clock?: Clock;
  /** Where the log lines go (standard output by default): tests read them. */
  logStream?: DestinationStream;
}

export async function buildApp(
  config: Config,
  database?: Database,
  options: BuildOptions = {},
): Promise<BuiltApp> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: proxyTrust(config.trustProxy),
    genReqId: (request) => requestId(request.headers['x-request-id']),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    frameworkErrors: frameworkErrorReply,
    // On close: requests arriving on a kept-alive connection get a 503 (the load balancer tries
    // another instance), idle connections are closed, and requests in flight run to the end.
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // Slow clients (docs/OPERATIONS.md): a request must arrive whole within requestTimeoutMs
    // (headers within headersTimeoutMs), or Node answers 408 and closes the connection; Node
    // looks for such requests every connectionsCheckingInterval. An upgraded socket is no longer
    // an HTTP request, and `ws` clears the idle timeout of its connection.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.connectionTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    http: {
      headersTimeout: Math.min(config.headersTimeoutMs, config.requestTimeoutMs),
      requestTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.max(100, Math.min(5_000, Math.floor(config.requestTimeoutMs / 4))),
    },
  });
  const db = database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));

  // Its id marks this instance's mail and webhook claims and locks sockets, for the others to take
  // over should it die (the real-time side, made below, starts its sockets over if it lapses).
  const lease = new InstanceLease(db.db, app.log, () => realtime.leaseLapsed());
  const transport = createTransport(config, app.log);
  const outbox = new OutboxWorker(
    db.db,
    transport.send,
    app.log,
    config.outboxPollMs,
    new URL(config.appUrl).hostname,
    lease.id,
  );
  const shiftedClock = config.testClock && !options.clock ? new ShiftedClock() : undefined;
  const clock = options.clock ?? shiftedClock ?? systemClock;
  const mailQueued = () => outbox.kick();
  const scheduler = new ProgressScheduler(
    db.db,
    clock,
    app.log,
    config.appUrl,
    // The report and reminders go to mailboxes and to chat channels (the worker is made below).
    () => {
      mailQueued();
      webhooks.kick();
    },
    config.schedulerPollMs,
  );
  const purger = new DeletedRecordsPurger(
    db.db,
    clock,
    app.log,
    config.deletedRetentionMs,
    config.purgeSweepMs,
  );
  const pages = new PageCache();
  const keyGate = new KeyGate();
  const secrets = await loadSecretBox(config.secretKeys, config.dataDir);
  await checkSealedSecrets(db.db, secrets).catch(async (error: unknown) => {
    if (!database) await db.close();
    throw error;
  });
  const broker = await openBroker(config, db, app.log).catch(async (error: unknown) => {
    if (!database) await db.close();
    throw error;
  });
  const webhooks = new WebhookWorker({
    db: db.db,
    secrets,
    clock,
    log: app.log,
    policy: { allowPrivate: config.webhooksAllowPrivateTargets },
    appUrl: config.appUrl,
    pollMs: config.webhookPollMs,
    commentQuietMs: config.commentQuietMs,
    eventRetentionMs: config.deletedRetentionMs,
    mailQueued,
    instanceId: lease.id,
  });
  const ctx: AppContext = {
    config,
    db: db.db,
    log: app.log,
    mailQueued,
    webhooksQueued: () => webhooks.kick(),
    clock,
    scheduleChanged: () => scheduler.kick(),
    pages,
    keyGate,
    secrets,
    writeRate: new WriteRate(config.writesPerMinute, config.writeBurst, () => clock.now().getTime()),
    realtimeReady: () => realtime.ready,
  };

  app.addHook('onRoute', (route) => {
    if (OPEN_ROUTE_PREFIXES.some((prefix) => route.url.startsWith(prefix)) && route.bodyLimit === undefined)
      route.bodyLimit = AUTH_BODY_LIMIT_BYTES;
  });
  recordRoutedEndpoints(app);
  app.decorateRequest('user', null);
  app.decorateRequest('changes', null);
  registerErrorHandling(app);
  registerJsonBodyParser(app);
  const metrics = config.metrics ? new Registry() : undefined;
  if (metrics) registerHttpMetrics(app, metrics);
  // From here on (the body is read), what the request publishes is noted in request.changes.
  app.addHook('preValidation', (request, _reply, done) => {
    request.changes = { strategyIds: new Set(), all: false };
    trackChanges(request.changes, done);
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    // The handler is done, so its transaction has committed: the pages it changed go, before
    // the client can ask for them again.
    if (request.changes) pages.changed(request.changes.all ? 'all' : request.changes.strategyIds);
    if (request.changes?.webhooksQueued) webhooks.kick();
  });

  registerSecurityHeaders(app);
  // Counted in the database, so the limits hold however many instances share the load.
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(db.db) });
  await app.register(compress, { threshold: 1024 });
  const realtime = new Realtime(
    db,
    config,
    app.log,
    pages,
    keyGate,
    broker,
    lease.id,
    metrics && { deliveryLag: registerDeliveryLag(metrics), socketOpened: socketsOpenedCounter(metrics) },
  );
  if (metrics)
    registerStateMetrics(metrics, { database: db, hub: realtime.hub, broker, clock, log: app.log });
  await app.register(websocket, {
    // A larger frame closes the socket (1009) before it is buffered whole.
    options: { maxPayload: SOCKET_MAX_MESSAGE_BYTES, perMessageDeflate: false },
    // The plugin's own handler logs every socket error at error level, a client's too.
    errorHandler: (error, socket) => realtime.socketFailed(error, socket),
    // On shutdown the sockets close as "going away" (1001), for browsers to reconnect elsewhere,
    // and their locks are released at once (realtime.ts closeSockets).
    preClose(done) {
      realtime.closeSockets();
      const clients = this.websocketServer.clients;
      for (const client of clients) client.close(1001, 'Server shutting down.');
      // A client that does not answer the close (a frozen or vanished browser) is cut off: `ws`
      // would wait 30 s for it, and the HTTP server with it, where a shutdown has 2 s.
      setTimeout(() => {
        for (const client of clients) client.terminate();
      }, SOCKET_CLOSE_WITHIN_MS).unref();
      this.websocketServer.close();
      done();
    },
  });

  const pdfPool = new PdfRenderPool(config.pdf);
  app.addHook('onClose', () => pdfPool.close());
  registerEndpoints(app, ctx, { pdfPool });
  await registerScimProtocol(app, ctx);
  registerSockets(app, realtime);
  // Not a declared endpoint: browser tests only, registered by hand when TEST_CLOCK=1.
  if (shiftedClock) testClockRoutes(app, shiftedClock, scheduler, () => purger.run());
  await registerStaticSite(app, config.webDist);

  app.addHook('onReady', async () => {
    // Registered before anything claims work in its name.
    await lease.start();
    outbox.start();
    webhooks.start();
    await realtime.start();
    scheduler.start();
    purger.start();
  });
  // Shutdown order (docs/OPERATIONS.md §7): Fastify answers new requests 503, closes the sockets
  // and starts releasing their locks (websocket preClose above; open sockets would hold the HTTP
  // server), stops listening and waits for the requests in flight; only then do the onClose hooks
  // run, so nothing closes the database under a request, and a lock a request in flight took for
  // a closed socket meanwhile is released too (realtime.stop).
  app.addHook('onClose', async () => {
    await realtime.stop();
    await scheduler.stop();
    await purger.stop();
    await webhooks.stop();
    await outbox.stop();
    // Its sockets' locks are released and its claims settled: the others have nothing to take over.
    await lease
      .stop()
      .catch((error: unknown) => app.log.warn({ err: error }, 'could not end this instance’s lease'));
    transport.close();
    if (!database) await db.close();
  });

  return { app, ctx, database: db, realtime, scheduler, purger, metrics };
}
