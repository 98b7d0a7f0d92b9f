/**
 * Sockets opened on this instance, counted as they open: its rate shows a reconnect storm (a
 * restarted instance's browsers coming back, or all of them after a resync) as it happens, which
 * the open-sockets gauge, read every scrape, smooths away.
 */
import { Counter, type Registry } from 'prom-client';
import type { SocketKind } from '../realtime/hub';

export function socketsOpenedCounter(registry: Registry): (kind: SocketKind) => void {
  const counter = new Counter({
    name: 'keystone_realtime_sockets_opened_total',
    help: 'WebSockets accepted on this instance since it started, by kind (locks, streaming).',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  // Shown from the start at 0, so a rate() over it needs no first socket to exist.
  counter.inc({ kind: 'locks' }, 0);
  counter.inc({ kind: 'streaming' }, 0);
  return (kind) => counter.inc({ kind });
}
