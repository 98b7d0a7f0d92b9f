/**
 * The real-time side of one server instance: LISTENs for the events every instance publishes,
 * hands them to this instance's sockets in commit order, accepts and authenticates sockets,
 * releases the locks of closed sockets, and sweeps expired locks (DESIGN §5).
 */
import { randomUUID } from 'node:crypto';
import { MESSAGES, SOCKET_CLOSE, SOCKET_MESSAGES, SSO_MESSAGES } from '@keystone/contract';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { Config } from '../config';
import type { SignedIn } from '../core/actor';
import { changedPages, deleteOldSpills, type PublishedEvent, parsePayload, readSpill } from '../core/events';
import type { KeyGate } from '../core/keyGate';
import { type KeyHolder, userForKey } from '../core/keys';
import {
  releaseClosedSocketLocks,
  releaseConnectionLocks,
  releaseDeadInstances,
  releaseExpiredLocks,
  releaseLeftoverLocks,
} from '../core/lockReleases';
import type { PageCache } from '../core/pageCache';
import type { Database } from '../db/client';
import type { Broker } from './broker';
import { type Connection, SocketHub, type SocketKind } from './hub';
import { LogSampler, newSocketLogState } from './logSampler';
import { SocketRecords } from './socketRecords';

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
  /** Notifications waiting behind a spilled batch being read; null when none waits. */
  private pending: Promise<void> | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  /** Subscribed to the broker, and not cut off from it. */
  private subscribed = false;
  private sweeper: NodeJS.Timeout | null = null;
  private sweeping = false;
  private sweeps = 0;
  private stopping = false;
  /** Locks sockets closed by `closeSockets`, whose locks `stop` checks again. */
  private readonly closed: Connection[] = [];
  /** The release of their locks, started by `closeSockets`. */
  private released: Promise<void> = Promise.resolve();
  private readonly appOrigin: string;
  private readonly logSampler = new LogSampler();
  /** Broken frames and dropped connections, counted for the whole instance: one sampled line. */
  private readonly clientFaults = newSocketLogState();
  /** This instance's locks sockets, in the database for the others should it die. */
  private readonly socketRecords: SocketRecords;

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
    private readonly broker: Broker,
    /** This process's id among the instances (instanceLease.ts). */
    private readonly instanceId: string,
    /** The metrics' ears: each event's publication time (epoch ms) once handed to the sockets, each accepted socket. */
    private readonly observe: {
      deliveryLag?: (publishedAt: number) => void;
      socketOpened?: (kind: SocketKind) => void;
    } = {},
  ) {
    this.hub = new SocketHub(log);
    this.appOrigin = new URL(config.appUrl).origin;
    this.socketRecords = new SocketRecords(database.db, instanceId, log);
  }

  async start(): Promise<void> {
    this.unlisten = await this.broker.subscribe({
      onNotification: (payload) => this.received(payload),
      onLost: () => {
        this.subscribed = false;
        this.pages.suspend();
        this.keyGate.suspend();
      },
      onResumed: () => {
        this.subscribed = true;
        this.log.warn('real-time listener reconnected; sockets reconnect to catch up');
        this.pages.resume();
        this.keyGate.resume();
        this.hub.closeAll(CLOSE_RESYNC, 'Reconnect to catch up.');
      },
      onMissed: () => {
        this.log.warn('an instance could not publish real-time events; sockets reconnect to catch up');
        this.pages.clear();
        this.keyGate.suspend();
        this.keyGate.resume();
        this.hub.closeAll(CLOSE_RESYNC, 'Reconnect to catch up.');
      },
    });
    this.subscribed = true;
    this.sweeper = setInterval(() => void this.sweep(), this.config.lockSweepMs);
    this.sweeper.unref();
    this.hub.startHeartbeat();
  }

  /**
   * Shutdown, step 1: closes this instance's sockets and releases their locks at once, announced:
   * their browsers reconnect to another instance within seconds and take their locks again there.
   */
  closeSockets(): void {
    this.stopping = true;
    if (this.sweeper) clearInterval(this.sweeper);
    this.hub.stopHeartbeat();
    this.closed.push(...this.hub.connections().filter((connection) => connection.kind === 'locks'));
    this.hub.closeAll(CLOSE_GOING_AWAY, SOCKET_MESSAGES.shuttingDown);
    this.released = releaseClosedSocketLocks(this.database.db, [...this.closed]).then(
      () => {},
      (error: unknown) => this.log.warn({ err: error }, 'could not release the locks of closed sockets'),
    );
  }

  /**
   * Shutdown, step 2, once no request is in flight: a lock call that was running during step 1
   * may have taken a lock for a closed socket since; it goes too, unless the page is connected
   * again through another instance (which holds it now). Then listening stops.
   */
  async stop(): Promise<void> {
    if (!this.stopping) this.closeSockets();
    await this.released;
    await releaseLeftoverLocks(this.database.db, this.instanceId, this.closed.splice(0)).catch(
      (error: unknown) => this.log.warn({ err: error }, 'could not release the locks of closed sockets'),
    );
    await this.socketRecords.flush();
    await this.pending;
    await this.unlisten?.();
    this.subscribed = false;
    await this.broker.close();
  }

  /** Whether this instance receives every instance's events now (readiness: /readyz). */
  get ready(): boolean {
    return this.subscribed && this.broker.publishing;
  }

  /**
   * This instance's lease had run out, so another may have released its sockets' locks: every
   * socket reconnects (1012) and its page takes its locks again.
   */
  leaseLapsed(): void {
    if (this.stopping) return;
    this.hub.closeAll(CLOSE_RESYNC, 'Reconnect to catch up.');
  }

  /** Drops the cached pages a notification changes at once, then queues its delivery. */
  private received(payload: string): void {
    let events: PublishedEvent[] | { spill: number } | null;
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

  /**
   * Delivers notifications one after another, so each resource's events keep their order: at once
   * when nothing waits (the usual case, no promise per notification), else behind the spilled
   * batch being read.
   */
  private enqueue(events: PublishedEvent[] | { spill: number }): void {
    if (this.pending === null && Array.isArray(events)) {
      this.deliver(events);
      return;
    }
    const queued: Promise<void> = (this.pending ?? Promise.resolve())
      .then(async () =>
        this.deliver(Array.isArray(events) ? events : await readSpill(this.database.db, events.spill)),
      )
      .catch((error: unknown) => this.log.error({ err: error }, 'could not read spilled real-time events'))
      .then(() => {
        if (this.pending === queued) this.pending = null;
      });
    this.pending = queued;
  }

  private deliver(events: PublishedEvent[]): void {
    for (const event of events) {
      try {
        this.hub.deliver(event);
      } catch (error) {
        this.log.error({ err: error }, 'could not deliver a real-time event');
      }
      this.observe.deliveryLag?.(event.at);
    }
  }

  private async sweep(): Promise<void> {
    if (this.sweeping || this.stopping) return;
    this.sweeping = true;
    try {
      await releaseExpiredLocks(this.database.db);
      await releaseDeadInstances(this.database.db);
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
    let user: KeyHolder | null;
    try {
      user = await userForKey(this.database.db, token);
    } catch (error) {
      this.log.warn({ err: error }, 'could not look up the key of a socket');
      return { refused: 503, detail: MESSAGES.serviceUnavailable };
    }
    if (!user) return { refused: 401, detail: MESSAGES.invalidToken };
    // Until its second factor is set up, a session makes no other call, and holds no socket.
    if (user.secondFactorPending) return { refused: 403, detail: SSO_MESSAGES.secondFactorSetupRequired };
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
      wire: request.raw.socket,
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
    if (kind === 'locks') this.socketRecords.opened(connection.userId, connection.connectionId);
    this.observe.socketOpened?.(kind);
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
    if (!this.hub.hasConnectionId(connection.userId, connection.connectionId))
      this.socketRecords.closed(connection.userId, connection.connectionId);
    releaseConnectionLocks(this.database.db, connection, {
      keepBound: this.hub.hasConnectionId(connection.userId, connection.connectionId),
      includeUnnamed: !this.hub.hasLocksSocket(connection.userId),
    }).catch((error: unknown) =>
      this.log.warn({ err: error }, 'could not release the locks of a closed socket'),
    );
  }
}
