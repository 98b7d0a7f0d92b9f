/**
 * The real-time side of one server instance: LISTENs for the events every instance publishes,
 * hands them to this instance's sockets in commit order, accepts and authenticates sockets,
 * releases the locks of closed sockets, and sweeps expired locks (DESIGN §5).
 */
import { randomUUID } from 'node:crypto';
import { MESSAGES, SOCKET_CLOSE, SOCKET_MESSAGES } from '@keystone/contract';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { Config } from '../config';
import type { SignedIn } from '../core/actor';
import {
  changedPages,
  deleteOldSpills,
  parsePayload,
  REALTIME_CHANNEL,
  type RealtimeEvent,
  readSpill,
} from '../core/events';
import type { KeyGate } from '../core/keyGate';
import { userForKey } from '../core/keys';
import { releaseConnectionLocks, releaseExpiredLocks } from '../core/lockReleases';
import type { PageCache } from '../core/pageCache';
import type { Database } from '../db/client';
import { type Connection, SocketHub, type SocketKind } from './hub';
import { LogSampler, newSocketLogState } from './logSampler';

/** Ids the browser picks for its locks socket; anything else is replaced by a server-made one. */
const CONNECTION_ID = /^[A-Za-z0-9_-]{8,64}$/;

export function connectionIdOf(value: unknown): string | null {
  return typeof value === 'string' && CONNECTION_ID.test(value) ? value : null;
}

function tokenOf(request: FastifyRequest): string {
  const { token } = request.query as Record<string, unknown>;
  return typeof token === 'string' ? token : '';
}

/** A client that went away mid-frame: its connection breaks, not the server. */
const CLIENT_CONNECTION_ERRORS = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ETIMEDOUT']);

/** 1012 "service restart": the browser reconnects and re-reads, having possibly missed events. */
const CLOSE_RESYNC = 1012;
const CLOSE_GOING_AWAY = 1001;
const SPILL_CLEANUP_EVERY = 60;

/** What `admit` decided: the socket's user, or the HTTP answer instead of the upgrade. */
export type Admission = { user: SignedIn } | { refused: 401 | 403 | 429 | 503; detail: string };

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
  private readonly logSampler = new LogSampler();
  /** Broken frames and dropped connections, counted for the whole instance: one sampled line. */
  private readonly clientFaults = newSocketLogState();

  constructor(
    private readonly database: Database,
    private readonly config: Pick<
      Config,
      | 'appUrl'
      | 'lockTtlMs'
      | 'lockSweepMs'
      | 'socketsPerKey'
      | 'socketMessagesPerWindow'
      | 'socketMessageWindowMs'
    >,
    private readonly log: FastifyBaseLogger,
    private readonly pages: PageCache,
    private readonly keyGate: KeyGate,
  ) {
    this.hub = new SocketHub(log);
    this.appOrigin = new URL(config.appUrl).origin;
  }

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(REALTIME_CHANNEL, {
      onNotification: (payload) => this.received(payload),
      onLost: () => {
        this.pages.suspend();
        this.keyGate.suspend();
      },
      onResumed: () => {
        this.log.warn('real-time listener reconnected; sockets reconnect to catch up');
        this.pages.resume();
        this.keyGate.resume();
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
    this.hub.closeAll(CLOSE_GOING_AWAY, SOCKET_MESSAGES.shuttingDown);
  }

  /**
   * Shutdown, step 2, once no request is in flight (a lock call still running could take a lock
   * again): releases the locks of the closed sockets and stops listening.
   */
  async stop(): Promise<void> {
    if (!this.stopping) this.closeSockets();
    const connections = this.closed.splice(0);
    // On the pool (database.db), each release takes its own connection.
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
    this.keyGate.forget(Array.isArray(events) ? events : 'all');
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
   * Decides, before the upgrade, whether a socket may open (routes.ts): a refusal is an HTTP
   * answer instead of the upgrade. The key is looked up here, so `accept` registers the socket
   * in the same tick as the upgrade and an event committed after the client saw it open reaches
   * it. A lookup that fails (the database is down) is "try again" (503), never an invalid key:
   * an outage must not end anyone's session.
   */
  async admit(request: FastifyRequest): Promise<Admission> {
    if (this.stopping) return { refused: 503, detail: SOCKET_MESSAGES.shuttingDown };
    const origin = request.headers.origin;
    if (origin && !this.isAllowedOrigin(origin, request.headers.host))
      return { refused: 403, detail: SOCKET_MESSAGES.originNotAllowed };
    const token = tokenOf(request);
    if (!token) return { refused: 401, detail: MESSAGES.credentialsMissing };
    if (token.length > 200) return { refused: 401, detail: MESSAGES.invalidToken };
    let user: SignedIn | null;
    try {
      user = await userForKey(this.database.db, token);
    } catch (error) {
      this.log.warn({ err: error }, 'could not look up the key of a socket');
      return { refused: 503, detail: MESSAGES.serviceUnavailable };
    }
    if (!user) return { refused: 401, detail: MESSAGES.invalidToken };
    if (this.hub.countOfKey(user.id, user.keyHash) >= this.config.socketsPerKey)
      return { refused: 429, detail: SOCKET_MESSAGES.tooManySockets };
    return { user };
  }

  /** A socket `admit` let through: registered with the hub. */
  accept(socket: WebSocket, request: FastifyRequest, kind: SocketKind, user: SignedIn | null): void {
    if (this.stopping) {
      socket.close(CLOSE_GOING_AWAY, 'Server shutting down.');
      return;
    }
    if (!user) {
      socket.close(SOCKET_CLOSE.unauthenticated, MESSAGES.invalidToken);
      return;
    }
    // Sockets admitted at the same moment may together pass the cap: the later ones close here.
    if (this.hub.countOfKey(user.id, user.keyHash) >= this.config.socketsPerKey) {
      socket.close(SOCKET_CLOSE.policyViolation, SOCKET_MESSAGES.tooManySockets);
      return;
    }
    const connection: Connection = {
      socket,
      kind,
      userId: user.id,
      keyHash: user.keyHash,
      connectionId: connectionIdOf((request.query as Record<string, unknown>).connection) ?? randomUUID(),
      alive: true,
      windowStart: Date.now(),
      messagesInWindow: 0,
      log: newSocketLogState(),
    };
    socket.on('message', (data, isBinary) => this.onMessage(connection, data, isBinary));
    socket.on('pong', () => {
      connection.alive = true;
    });
    socket.on('close', () => this.onClose(connection));
    this.hub.add(connection);
  }

  /**
   * An error on a socket (@fastify/websocket's errorHandler). What a client does wrong (a frame
   * over the size limit, a broken frame: `ws` has already closed the socket with 1009 or 1002)
   * or a connection that drops is no fault of the server: a sampled warning without a stack, so
   * no client can fill the log or set off the alert on error lines (docs/OPERATIONS.md). Anything
   * else (a handler that threw) is the server's fault: an error line, and the socket ends.
   */
  socketFailed(error: unknown, socket: WebSocket): void {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && (code.startsWith('WS_ERR_') || CLIENT_CONNECTION_ERRORS.has(code))) {
      const count = this.logSampler.take(this.clientFaults);
      if (count > 0)
        this.log.warn({ code, count }, `socket closed on a client's fault: ${(error as Error).message}`);
      return;
    }
    this.log.error({ err: error }, 'socket failed');
    socket.terminate();
  }

  private isAllowedOrigin(origin: string, host: string | undefined): boolean {
    if (origin === this.appOrigin) return true;
    try {
      return host !== undefined && new URL(origin).host === host;
    } catch {
      return false;
    }
  }

  /**
   * Browsers send nothing but pings (every ~25 s); anything else is ignored, never fatal, and
   * logged sampled. A socket sending more than the frame-rate limit allows is closed (1008).
   * Frames over SOCKET_MAX_MESSAGE_BYTES never get here: `ws` closes the socket (1009).
   */
  private onMessage(connection: Connection, data: RawData, isBinary: boolean): void {
    const { socket, kind } = connection;
    const now = Date.now();
    if (now - connection.windowStart >= this.config.socketMessageWindowMs) {
      connection.windowStart = now;
      connection.messagesInWindow = 0;
    }
    connection.messagesInWindow += 1;
    if (connection.messagesInWindow > this.config.socketMessagesPerWindow) {
      if (connection.messagesInWindow === this.config.socketMessagesPerWindow + 1) {
        const count = this.logSampler.take(connection.log);
        if (count > 0) this.log.warn({ kind, userId: connection.userId }, 'closing a socket that floods');
        socket.close(SOCKET_CLOSE.policyViolation, SOCKET_MESSAGES.tooManyMessages);
      }
      return;
    }
    const size = Array.isArray(data) ? data.reduce((sum, part) => sum + part.length, 0) : data.byteLength;
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
    const ignored = this.logSampler.take(connection.log);
    if (ignored > 0) this.log.info({ kind, size, ignored }, 'ignored invalid socket messages');
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
