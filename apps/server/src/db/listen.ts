/**
 * LISTEN on a PostgreSQL server over a connection of its own (a pooled one would be handed to
 * other queries). When the server goes away (restart, failover) it reconnects with growing,
 * jittered delays and reports the resumption, since notifications sent meanwhile are lost.
 */
import { backoffCeiling } from '@keystone/contract';
import pg from 'pg';
import type { ListenHandlers } from './client';

const RETRY_DELAY_MS = { first: 250, max: 10_000 };

export async function listenPostgres(
  databaseUrl: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Bad channel name: ${channel}`);
  let client: pg.Client | null = null;
  let stopped = false;
  let attempts = 0;
  let retryTimer: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotification(message.payload ?? '');
    });
    // A dropped connection emits 'error' and then 'end'; 'end' schedules the reconnection.
    next.on('error', () => {});
    next.on('end', () => {
      if (client === next) client = null;
      if (stopped) return;
      handlers.onLost?.();
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    client = next;
  };

  const scheduleReconnect = () => {
    if (retryTimer || stopped) return;
    attempts += 1;
    const ceiling = backoffCeiling(attempts - 1, RETRY_DELAY_MS);
    const delay = ceiling / 2 + Math.random() * (ceiling / 2);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect().then(
        () => {
          attempts = 0;
          handlers.onResumed?.();
        },
        () => scheduleReconnect(),
      );
    }, delay);
    retryTimer.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    const current = client;
    client = null;
    await current?.end().catch(() => {});
  };
}
