/**
 * The real-time side of one server instance: LISTENs for the events every instance publishes,
 * hands them to this instance's sockets in commit order, accepts and authenticates sockets,
 * releases the locks of closed sockets, and sweeps expired locks (DESIGN §5).
 */
import { randomUUID } from 'node:crypto';
import { MESSAGES, SOCKET_CLOSE, SOCKET_MAX_MESSAGE_BYTES } from '@keystone/contract';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { type AuthenticatedUser, userForKey } from '../modules/auth/keys';
import type { PageCache } from '../modules/strategies/pageCache';
import {
  changedPages,
  deleteOldSpills,
  parsePayload,
  REALTIME_CHANNEL,
  type RealtimeEvent,
  readSpill,
} from './events';
import { type Connection, SocketHub, type SocketKind } from './hub';
import { releaseConnectionLocks, releaseExpiredLocks } from './locks';

/** Ids the browser picks for its locks socket; anything else is replaced by a server-made one. */
const CONNECTION_ID = /^[A-Za-z0-9_-]{8,64}$/;

export function connectionIdOf(value: unknown): string | null {
  return typeof value === 'string' && CONNECTION_ID.test(value) ? value : null;
}

function tokenOf(request: FastifyRequest): string {
  const { token } = request.query as Record<string, unknown>;
  return typeof token === 'string' ? token : '';
}

/** 1012 "service restart": the browser reconnects and re-reads, having possibly missed events. */
const CLOSE_RESYNC = 1012;
const CLOSE_GOING_AWAY = 1001;
const SPILL_CLEANUP_EVERY = 60;

export class Realtime {
  readonly hub: SocketHub;
  private queue: Promise<void> = Promise.resolve();
  private unlisten: (() => Promise<void>) | null = null;
  private sweeper: NodeJS.Timeout | null = null;
  private sweeping = false;
  private sweeps = 0;
  private stopping = false;
  /** Sockets closed by `closeSockets`, whose locks `stop` releases. */
  private readonly closed: Connection[] = [];
  private readonly appOrigin: string;

  constructor(
    private readonly database: Database,
    private readonly config: Pick<Config, 'appUrl' | 'lockTtlMs' | 'lockSweepMs'>,
    private readonly log: FastifyBaseLogger,
    private readonly pages: PageCache,
  ) {
    this.hub = new SocketHub(log);
    this.appOrigin = new URL(config.appUrl).origin;
  }

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(REALTIME_CHANNEL, {
      onNotification: (payload) => this.received(payload),
      onLost: () => this.pages.suspend(),
      onResumed: () => {
        this.log.warn('real-time listener reconnected; sockets reconnect to catch up');
        this.pages.resume();
        this.hub.closeAll(CLOSE_RESYNC, 'Reconnect to catch up.');
      },
    });
    this.sweeper = setInterval(() => void this.sweep(), this.config.lockSweepMs);
    this.sweeper.unref();
    this.hub.startHeartbeat();
  }

  /** Shutdown, step 1: closes this instance's sockets (their locks stay until `stop`). */
  closeSockets(): void {
    this.stopping = true;
    if (this.sweeper) clearInterval(this.sweeper);
    this.hub.stopHeartbeat();
    this.closed.push(...this.hub.connections());
    this.hub.closeAll(CLOSE_GOING_AWAY, 'Server shutting down.');
  }

  /**
   * Shutdown, step 2, once no request is in flight (a lock call still running could take a lock
   * again): releases the locks of the closed sockets and stops listening.
   */
  async stop(): Promise<void> {
    if (!this.stopping) this.closeSockets();
    const connections = this.closed.splice(0);
    await Promise.all(
      connections
        .filter((connection) => connection.kind === 'locks')
        .map((connection) =>
          releaseConnectionLocks(this.database.db, connection, {
            keepBound: false,
            includeUnnamed: true,
          }).catch(() => {}),
        ),
    );
    await this.queue;
    await this.unlisten?.();
  }

  /** Drops the cached pages a notification changes at once, then queues its delivery. */
  private received(payload: string): void {
    let events: RealtimeEvent[] | { spill: number } | null;
    try {
      events = parsePayload(payload);
    } catch (error) {
      this.log.error({ err: error }, 'could not read a real-time event');
      return;
    }
    if (events === null) return;
    // A spilled batch is read later, in order; what it changes is unknown until then.
    this.pages.changed(Array.isArray(events) ? changedPages(events) : 'all');
    this.enqueue(events);
  }

  /** Delivers notifications one after another, so each resource's events keep their order. */
  private enqueue(events: RealtimeEvent[] | { spill: number }): void {
    this.queue = this.queue
      .then(async () => {
        const batch = Array.isArray(events) ? events : await readSpill(this.database.db, events.spill);
        for (const event of batch) this.hub.deliver(event);
      })
      .catch((error: unknown) => this.log.error({ err: error }, 'could not deliver a real-time event'));
  }

  private async sweep(): Promise<void> {
    if (this.sweeping || this.stopping) return;
    this.sweeping = true;
    try {
      await releaseExpiredLocks(this.database.db);
      this.sweeps += 1;
      if (this.sweeps % SPILL_CLEANUP_EVERY === 0) await deleteOldSpills(this.database.db);
    } catch (error) {
      this.log.warn({ err: error }, 'could not release expired locks');
    } finally {
      this.sweeping = false;
    }
  }

  /**
   * The user of a socket's `?token=`, looked up before the upgrade (see routes.ts): then
   * `accept` registers the socket in the same tick as the upgrade, so an event committed after
   * the client saw the socket open reaches it.
   */
  async authenticate(request: FastifyRequest): Promise<AuthenticatedUser | null> {
    const token = tokenOf(request);
    if (!token || token.length > 200) return null;
    return userForKey(this.database.db, token).catch(() => null);
  }

  /** A new socket: checks its origin and token (DESIGN §3), then registers it with the hub. */
  accept(socket: WebSocket, request: FastifyRequest, kind: SocketKind, user: AuthenticatedUser | null): void {
    socket.on('message', (data, isBinary) => this.onMessage(socket, kind, data, isBinary));
    socket.on('error', (error) => this.log.info({ err: error }, 'socket error'));
    if (this.stopping) {
      socket.close(CLOSE_GOING_AWAY, 'Server shutting down.');
      return;
    }

    const origin = request.headers.origin;
    if (origin && !this.isAllowedOrigin(origin, request.headers.host)) {
      socket.close(SOCKET_CLOSE.forbiddenOrigin, 'Origin not allowed.');
      return;
    }
    if (!tokenOf(request)) {
      socket.close(SOCKET_CLOSE.unauthenticated, MESSAGES.credentialsMissing);
      return;
    }
    if (!user) {
      socket.close(SOCKET_CLOSE.unauthenticated, MESSAGES.invalidToken);
      return;
    }
    const connection: Connection = {
      socket,
      kind,
      userId: user.id,
      keyHash: user.keyHash,
      connectionId: connectionIdOf((request.query as Record<string, unknown>).connection) ?? randomUUID(),
      alive: true,
    };
    socket.on('pong', () => {
      connection.alive = true;
    });
    socket.on('close', () => this.onClose(connection));
    this.hub.add(connection);
  }

  private isAllowedOrigin(origin: string, host: string | undefined): boolean {
    if (origin === this.appOrigin) return true;
    try {
      return host !== undefined && new URL(origin).host === host;
    } catch {
      return false;
    }
  }

  /** Browsers send nothing but pings; anything else is logged and ignored, never fatal. */
  private onMessage(socket: WebSocket, kind: SocketKind, data: RawData, isBinary: boolean): void {
    const size = Array.isArray(data) ? data.reduce((sum, part) => sum + part.length, 0) : data.byteLength;
    if (size > SOCKET_MAX_MESSAGE_BYTES) {
      this.log.warn({ kind, size }, 'dropped an oversized socket message');
      return;
    }
    let message: unknown;
    try {
      message = isBinary ? undefined : JSON.parse(data.toString());
    } catch {
      message = undefined;
    }
    if (message && typeof message === 'object' && (message as { type?: unknown }).type === 'ping') {
      if (socket.readyState === socket.OPEN) socket.send('{"type":"pong"}');
      return;
    }
    this.log.info({ kind, size }, 'ignored an invalid socket message');
  }

  private onClose(connection: Connection): void {
    this.hub.remove(connection);
    if (connection.kind !== 'locks' || this.stopping) return;
    releaseConnectionLocks(this.database.db, connection, {
      keepBound: this.hub.hasConnectionId(connection.userId, connection.connectionId),
      includeUnnamed: !this.hub.hasLocksSocket(connection.userId),
    }).catch((error: unknown) =>
      this.log.warn({ err: error }, 'could not release the locks of a closed socket'),
    );
  }
}
