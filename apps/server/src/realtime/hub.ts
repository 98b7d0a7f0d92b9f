/**
 * This instance's open sockets, indexed by kind and user, and delivery of real-time events to
 * them: an event looks up each of its viewers and touches only their sockets of its kind, never
 * the others. Each event's frame is built once and written as it is to every socket that gets it.
 */
import type { Duplex } from 'node:stream';
import { SOCKET_CLOSE, SSO_MESSAGES } from '@keystone/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { RealtimeEvent } from '../core/events';
import { textFrame } from './frame';
import type { SocketLogState } from './logSampler';

export type SocketKind = 'locks' | 'streaming';

export interface Connection {
  socket: WebSocket;
  /**
   * The TCP connection under `socket`, which the hub writes its ready-made frames to. `ws` writes
   * each of its own frames (pongs, close) whole and at once, so the two never interleave.
   */
  wire: Duplex;
  kind: SocketKind;
  userId: number;
  keyHash: string;
  /** Chosen by the browser (or by the server when not given); lock calls name it. */
  connectionId: string;
  alive: boolean;
  /** The frame-rate limit: messages received since `windowStart`. */
  windowStart: number;
  messagesInWindow: number;
  /** Sampled logging of the messages it sent that were ignored. */
  log: SocketLogState;
}

/** A socket that cannot keep up (its unsent data grows past this) is closed, not buffered forever. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
const HEARTBEAT_MS = 30_000;
const HEARTBEAT_SLICES = 30;

/** A user's open sockets of one kind; `delivered` marks the last event sent to them (no repeats). */
interface UserSockets {
  connections: Set<Connection>;
  delivered: number;
}

export class SocketHub {
  private readonly index: Record<SocketKind, Map<number, UserSockets>> = {
    locks: new Map(),
    streaming: new Map(),
  };
  private readonly counts: Record<SocketKind, number> = { locks: 0, streaming: 0 };
  /** Numbers the delivered events, so a viewer listed twice still gets an event once. */
  private deliveries = 0;
  private heartbeat: NodeJS.Timeout | null = null;
  /**
   * The connections written to in this tick, held (corked) until it ends: a burst of
   * notifications read at once (a busy moment) reaches each socket in one write, not one a frame.
   */
  private readonly corked = new Set<Duplex>();
  private readonly uncorkAll = (): void => {
    for (const wire of this.corked) wire.uncork();
    this.corked.clear();
  };

  constructor(private readonly log: FastifyBaseLogger) {}

  get size(): number {
    return this.counts.locks + this.counts.streaming;
  }

  /** Open sockets of each kind (a metric). */
  countByKind(): Record<SocketKind, number> {
    return { ...this.counts };
  }

  add(connection: Connection): void {
    const byUser = this.index[connection.kind];
    let sockets = byUser.get(connection.userId);
    if (!sockets) {
      sockets = { connections: new Set(), delivered: 0 };
      byUser.set(connection.userId, sockets);
    }
    if (sockets.connections.has(connection)) return;
    sockets.connections.add(connection);
    this.counts[connection.kind] += 1;
  }

  remove(connection: Connection): void {
    const byUser = this.index[connection.kind];
    const sockets = byUser.get(connection.userId);
    if (!sockets?.connections.delete(connection)) return;
    this.counts[connection.kind] -= 1;
    if (sockets.connections.size === 0) byUser.delete(connection.userId);
  }

  connections(): Connection[] {
    return [...this.all()];
  }

  private *all(): Generator<Connection> {
    for (const byUser of Object.values(this.index))
      for (const sockets of byUser.values()) yield* sockets.connections;
  }

  private *ofUser(userId: number): Generator<Connection> {
    for (const byUser of Object.values(this.index)) {
      const sockets = byUser.get(userId);
      if (sockets) yield* sockets.connections;
    }
  }

  /** Whether a locks socket of this page (connection id) is still open here, e.g. after a reconnect. */
  hasConnectionId(userId: number, connectionId: string): boolean {
    for (const connection of this.index.locks.get(userId)?.connections ?? []) {
      if (connection.connectionId === connectionId) return true;
    }
    return false;
  }

  /** How many sockets opened with this key are open on this instance (the per-key cap). */
  countOfKey(userId: number, keyHash: string): number {
    let count = 0;
    for (const connection of this.ofUser(userId)) if (connection.keyHash === keyHash) count += 1;
    return count;
  }

  /** Whether the user still has a locks socket on this instance. */
  hasLocksSocket(userId: number): boolean {
    return this.index.locks.has(userId);
  }

  deliver(event: RealtimeEvent): void {
    if (event.kind === 'revoke') {
      this.revoke(event);
      return;
    }
    if (event.kind === 'people') return;
    const byUser = this.index[event.kind === 'lock' ? 'locks' : 'streaming'];
    if (byUser.size === 0) return;
    const delivery = ++this.deliveries;
    let frame: Buffer | null = null;
    for (const userId of event.viewers) {
      const sockets = byUser.get(userId);
      if (!sockets || sockets.delivered === delivery) continue;
      sockets.delivered = delivery;
      frame ??= textFrame(JSON.stringify(event.message));
      for (const connection of sockets.connections) this.send(connection, frame);
    }
  }

  private send(connection: Connection, frame: Buffer): void {
    const { socket } = connection;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.log.warn({ userId: connection.userId }, 'closing a socket that does not read its messages');
      socket.terminate();
      return;
    }
    const { wire } = connection;
    if (!this.corked.has(wire)) {
      if (this.corked.size === 0) process.nextTick(this.uncorkAll);
      this.corked.add(wire);
      wire.cork();
    }
    wire.write(frame);
  }

  private revoke(event: { keyHash?: string; userId?: number; pending?: true }): void {
    const [code, reason] = event.pending
      ? [SOCKET_CLOSE.tryAgainLater, SSO_MESSAGES.secondFactorSetupRequired]
      : [SOCKET_CLOSE.unauthenticated, 'Invalid token.'];
    const connections = event.userId !== undefined ? this.ofUser(event.userId) : this.all();
    // Collected first: closing a socket may remove it from the index being walked.
    for (const connection of [...connections]) {
      if (event.keyHash === undefined || connection.keyHash === event.keyHash) {
        connection.socket.close(code, reason);
      }
    }
  }

  /** Closes every socket (e.g. when events may have been missed): browsers reconnect and re-read. */
  closeAll(code: number, reason: string): void {
    for (const connection of this.connections()) connection.socket.close(code, reason);
  }

  /**
   * Pings every socket once per interval; one that did not answer the previous ping is gone (e.g.
   * a dead laptop). The pings go out in slices spread over the interval: all at once, a few
   * thousand sockets held the event loop (and every delivery behind it) for tens of ms.
   */
  startHeartbeat(intervalMs = HEARTBEAT_MS): void {
    let round: Connection[] = [];
    let slice = 0;
    this.heartbeat = setInterval(() => {
      if (slice === HEARTBEAT_SLICES) slice = 0;
      if (slice === 0) round = this.connections();
      const from = Math.floor((slice * round.length) / HEARTBEAT_SLICES);
      slice += 1;
      const to = Math.floor((slice * round.length) / HEARTBEAT_SLICES);
      for (let i = from; i < to; i++) this.beat(round[i]!);
    }, intervalMs / HEARTBEAT_SLICES);
    this.heartbeat.unref();
  }

  private beat(connection: Connection): void {
    const { socket } = connection;
    if (socket.readyState !== socket.OPEN) return;
    if (!connection.alive) {
      socket.terminate();
      return;
    }
    connection.alive = false;
    socket.ping();
  }

  stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }
}
