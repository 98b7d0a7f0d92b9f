/**
 * When the route loaders first started reading a page's data ahead of its code
 * (routes/pageData.ts), hence ahead of the live connection, per query cache (one per app). The
 * connection's first opening counts those reads as its own start, as it does reads still under
 * way when it began connecting, so the page does not read its data twice
 * (realtime/realtimeClient.ts).
 */
import type { QueryClient } from '@tanstack/react-query';

const startedAt = new WeakMap<QueryClient, number>();

export function noteEarlyReads(queryClient: QueryClient): void {
  if (!startedAt.has(queryClient)) startedAt.set(queryClient, Date.now());
}

export function earlyReadsStartedAt(queryClient: QueryClient): number | undefined {
  return startedAt.get(queryClient);
}
