/**
 * The session's one live connection, opened by whichever needs it first: a route loader, just
 * before it starts the page's reads (routes/pageData.ts), or the logged-in frame. A read begun
 * after the connection began connecting is taken as current when it opens (realtimeClient.ts),
 * so opening it first means a page reads its data once, however long its code takes to arrive,
 * and misses no edit made meanwhile.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Session } from '../api/session';
import { RealtimeClient } from './realtimeClient';

let live: RealtimeClient | null = null;

/** The open connection for this session and cache, or a new one, started. */
export function openLiveConnection(session: Session, queryClient: QueryClient): RealtimeClient {
  if (live?.serves(session, queryClient)) return live;
  return keepLiveConnection(new RealtimeClient(session, queryClient));
}

/** Makes `client` the live connection (started), closing any other. */
export function keepLiveConnection(client: RealtimeClient): RealtimeClient {
  if (live !== client) live?.stop();
  live = client;
  client.start();
  return client;
}

/** The frame is gone (logout): the connection closes, and the next page opens a new one. */
export function closeLiveConnection(client: RealtimeClient): void {
  client.stop();
  if (live === client) live = null;
}

/**
 * Logout closes the connection before the server revokes the key: the server closes the sockets
 * of a revoked key, and to a page still listening that close means a session ended elsewhere,
 * which reloads the page (the invalid-session rule) on its way to /login.
 */
export function endLiveConnection(): void {
  if (live) closeLiveConnection(live);
}
