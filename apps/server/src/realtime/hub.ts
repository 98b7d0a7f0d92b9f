/**
 * This instance's open sockets, by user, and delivery of real-time events to them. Each event's
 * JSON is built and encoded once; a socket receives it only when its user is among the event's viewers.
 */
import { SOCKET_CLOSE } from '@keystone/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { RealtimeEvent } from '../core/events';
import type { SocketLogState } from './logSampler';

export type SocketKind = 'locks' | 'streaming';

export interface Connection {
  socket: WebSocket;
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

export class SocketHub {
  private readonly byUser = new Map<number, Set<Connection>>();
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(private readonly log: FastifyBaseLogger) {}

  get size(): number {
    let count = 0;
    for (const connections of this.byUser.values()) count += connections.size;
    return count;
  }

  /** Open sockets of each kind (a metric). */
  countByKind(): Record<SocketKind, number> {
    const counts: Record<SocketKind, number> = { locks: 0, streaming: 0 };
    for (const connections of this.byUser.values())
      for (const connection of connections) counts[connection.kind] += 1;
    return counts;
  }

  add(connection: Connection): void {
    let connections = this.byUser.get(connection.userId);
    if (!connections) {
      connections = new Set();
      this.byUser.set(connection.userId, connections);
    }
    connections.add(connection);
  }

  remove(connection: Connection): void {
    const connections = this.byUser.get(connection.userId);
    connections?.delete(connection);
    if (connections?.size === 0) this.byUser.delete(connection.userId);
  }

  connections(): Connection[] {
    return [...this.byUser.values()].flatMap((connections) => [...connections]);
  }

  /** Whether a locks socket of this page (connection id) is still open here, e.g. after a reconnect. */
  hasConnectionId(userId: number, connectionId: string): boolean {
    for (const connection of this.byUser.get(userId) ?? []) {
      if (connection.kind === 'locks' && connection.connectionId === connectionId) return true;
    }
    return false;
  }

  /** How many sockets opened with this key are open on this instance (the per-key cap). */
  countOfKey(userId: number, keyHash: string): number {
    let count = 0;
    for (const connection of this.byUser.get(userId) ?? []) if (connection.keyHash === keyHash) count += 1;
    return count;
  }

  /** Whether the user still has a locks socket on this instance. */
  hasLocksSocket(userId: number): boolean {
    for (const connection of this.byUser.get(userId) ?? []) if (connection.kind === 'locks') return true;
    return false;
  }

  deliver(event: RealtimeEvent): void {
    if (event.kind === 'revoke') {
      this.revoke(event);
      return;
    }
    if (event.kind === 'people') return;
    const kind: SocketKind = event.kind === 'lock' ? 'locks' : 'streaming';
    let frame: Buffer | null = null;
    for (const userId of new Set(event.viewers)) {
      for (const connection of this.byUser.get(userId) ?? []) {
        if (connection.kind !== kind) continue;
        frame ??= Buffer.from(JSON.stringify(event.message));
        this.send(connection, frame);
      }
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
    // Encoded once per event; sent as a text frame, as the JSON it is.
    socket.send(frame, { binary: false });
  }

  private revoke(event: { keyHash?: string; userId?: number }): void {
    const users = event.userId !== undefined ? [event.userId] : [...this.byUser.keys()];
    for (const userId of users) {
      for (const connection of this.byUser.get(userId) ?? []) {
        if (event.keyHash === undefined || connection.keyHash === event.keyHash) {
          connection.socket.close(SOCKET_CLOSE.unauthenticated, 'Invalid token.');
        }
      }
    }
  }

  /** Closes every socket (e.g. when events may have been missed): browsers reconnect and re-read. */
  closeAll(code: number, reason: string): void {
    for (const connections of this.byUser.values()) {
      for (const connection of connections) connection.socket.close(code, reason);
    }
  }

  /** Pings every socket; one that did not answer the previous ping is gone (e.g. a dead laptop). */
  startHeartbeat(intervalMs = HEARTBEAT_MS): void {
    this.heartbeat = setInterval(() => {
      for (const connections of this.byUser.values()) {
        for (const connection of connections) {
          if (!connection.alive) {
            connection.socket.terminate();
            continue;
          }
          connection.alive = false;
          connection.socket.ping();
        }
      }
    }, intervalMs);
    this.heartbeat.unref();
  }

  stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }
}
