/** Starts the server: configuration from the environment, database, HTTP on HOST:PORT (main.ts). */

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BuiltApp, buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/dataDirLock';
import { type MetricsListener, serveMetrics } from './metrics/listener';
import { setupLinkIfNeeded } from './modules/setup/service';
import { endStartupHeap } from './startupHeap';

const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
/**
 * A shutdown still waiting for requests after this long exits anyway: a rolling restart must not
 * wait on one slow request. The locks of the sockets are released by then (they go first), and
 * the mail or webhook claims of an unfinished pass are taken over by another instance once this
 * one's lease runs out (core/instanceLease.ts).
 */
const SHUTDOWN_WITHIN_MS = 1_900;

async function main(): Promise<void> {
  const config = { ...loadConfig(), webDist: WEB_DIST };
  const { app, ctx, metrics } = await buildApp(config);
  const metricsListener =
    metrics && config.metrics ? await listenForMetrics(app, metrics, config.metrics) : undefined;
  let stopping = false;
  // app.close() stops accepting, lets the requests in flight finish, closes the sockets and
  // releases their locks, stops the background work, and closes the database last (app.ts).
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error(`shutdown not finished within ${SHUTDOWN_WITHIN_MS} ms; exiting anyway`);
      process.exit(1);
    }, SHUTDOWN_WITHIN_MS).unref();
    void metricsListener?.close();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      url: config.appUrl,
      database: config.databaseUrl ? 'postgresql' : `pglite (${config.dataDir})`,
      metrics: metricsListener?.url ?? 'off',
    },
    'Keystone is running',
  );
  endStartupHeap();
  await printSetupLink(app, ctx);
}

/** A metrics port already taken stops the start, as the app's own port does, naming the variable. */
async function listenForMetrics(
  app: BuiltApp['app'],
  metrics: NonNullable<BuiltApp['metrics']>,
  address: { host: string; port: number },
): Promise<MetricsListener> {
  try {
    return await serveMetrics(metrics, address);
  } catch (error) {
    await app.close();
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError(
      `Cannot serve metrics on ${address.host}:${address.port} (${reason}): set METRICS_HOST and METRICS_PORT (0 picks a free port; off disables the metrics)`,
    );
  }
}

/**
 * On an empty database: a warning for operators' log tools (shown however quiet LOG_LEVEL is,
 * short of error), and for the newcomer who just ran `npm start` the same link framed on a line
 * of its own after the build output, so it is spotted and copied without the JSON around it.
 */
async function printSetupLink(app: BuiltApp['app'], ctx: BuiltApp['ctx']): Promise<void> {
  try {
    const link = await setupLinkIfNeeded(ctx);
    if (!link) return;
    app.log.warn(`Keystone has no organisation yet. Open this link to set it up: ${link}`);
    process.stdout.write(setupLinkBlock(link));
  } catch (error) {
    // The server keeps serving; a restart prints a link.
    app.log.error({ err: error }, 'could not create a setup link');
  }
}

function setupLinkBlock(link: string): string {
  const rule = '='.repeat(72);
  return [
    '',
    rule,
    'Keystone has no organisation yet. Open this link to set it up:',
    '',
    link,
    '',
    rule,
    '',
    '',
  ].join('\n');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
