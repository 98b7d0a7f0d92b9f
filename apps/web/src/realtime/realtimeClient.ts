/**
 * The live connection of a logged-in page (spec §4, DESIGN §5): the locks socket keeps the lock
 * map current, the streaming socket feeds other people's edits into the query cache. Both come
 * back after a drop, and each (re)connection re-reads what may have been missed meanwhile.
 */
import {
  type FieldUpdateMessage,
  HISTORY_MESSAGES,
  type LockedField,
  type LockMessage,
  lockMessageSchema,
  SOCKET_CLOSE,
  streamingMessageSchema,
} from '@keystone/contract';
import type { QueryClient } from '@tanstack/react-query';
import { endInvalidSession } from '../api/client';
import {
  conflictHolder,
  fetchLockedFields,
  type LockTarget,
  lockField,
  unlockField,
} from '../api/fieldLocks';
import { readSession, type Session } from '../api/session';
import { checkSessionKey } from '../api/users';
import { CONNECTION_ID } from './connectionId';
import { ConnectionState } from './connectionState';
import { LiveEditMarks } from './liveEditMarks';
import { applyStreamingMessage, knownPersonName, rereadAfterGap } from './liveUpdates';
import { LockMap } from './lockMap';
import { ReconnectingSocket } from './reconnectingSocket';

/** Spec §8: a message that does not match the contract is only logged. */
function logInvalid(socket: string, message: unknown): void {
  console.warn(`Ignored an invalid message on the ${socket} socket`, message);
}

function socketAddress(path: string, query: Record<string, string>): string {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${window.location.host}${path}?${new URLSearchParams(query)}`;
}

export class RealtimeClient {
  readonly locks = new LockMap();
  /** Fields someone else just edited, with their name (spec §4). */
  readonly edits = new LiveEditMarks();
  readonly connection = new ConnectionState(['locks', 'streaming']);
  private readonly sockets: ReconnectingSocket[];
  private readonly locksOpenListeners = new Set<() => void>();
  /** Lock messages that arrive while the list of locked fields is read; applied after that list. */
  private heldBack: LockMessage[] | null = null;
  /** Counts lock-list reads, so the answer of an older connection's read is dropped. */
  private lockListReads = 0;
  private sessionCheck: Promise<void> | null = null;
  private streamingOpened = false;

  constructor(
    private readonly session: Session,
    private readonly queryClient: QueryClient,
  ) {
    const token = session.token;
    this.sockets = [
      new ReconnectingSocket({
        url: socketAddress('/ws/locks/', { token, connection: CONNECTION_ID }),
        onOpen: () => void this.rebuildLockMap(),
        onMessage: (message) => this.onLockMessage(message),
        onDown: () => this.connection.socketDown('locks'),
        onRefused: (code) => this.onRefused(code),
        checkSession: this.checkSession,
      }),
      new ReconnectingSocket({
        url: socketAddress('/ws/streaming/', { token }),
        onOpen: (connectingSince) => this.onStreamingOpen(connectingSince),
        onMessage: (message) => this.onStreamingMessage(message),
        onDown: () => this.connection.socketDown('streaming'),
        onRefused: (code) => this.onRefused(code),
        checkSession: this.checkSession,
      }),
    ];
  }

  /**
   * A socket was refused before it opened: one cheap authenticated call (shared by both sockets)
   * tells an invalid key, which apiRequest answers by ending the session, from an outage.
   */
  private readonly checkSession = (): Promise<void> => {
    this.sessionCheck ??= checkSessionKey().finally(() => {
      this.sessionCheck = null;
    });
    return this.sessionCheck;
  };

  /** Whether this is the connection of `session` feeding `queryClient`. */
  serves(session: Session, queryClient: QueryClient): boolean {
    return this.session.token === session.token && this.queryClient === queryClient;
  }

  get userId(): number {
    return this.session.id;
  }

  start(): void {
    for (const socket of this.sockets) socket.start();
  }

  stop(): void {
    for (const socket of this.sockets) socket.stop();
    this.edits.clear();
    this.connection.stop();
  }

  /**
   * Takes (or renews) a field for this user. Failures are dropped (spec §7); a 409 names the
   * holder, whom the field shows at once instead of waiting for the socket.
   */
  async lock(target: LockTarget): Promise<void> {
    try {
      await lockField(target, CONNECTION_ID);
    } catch (error) {
      const holder = conflictHolder(error);
      if (!holder) return;
      this.locks.hold({
        model: target.model,
        res_id: target.resId,
        field: target.field,
        user_id: holder.userId,
        user: holder.user,
      });
    }
  }

  async unlock(target: LockTarget): Promise<void> {
    await unlockField(target, CONNECTION_ID).catch(() => undefined);
  }

  /** Called after each (re)connection of the locks socket, once the lock map is rebuilt. */
  onLocksOpen(listener: () => void): () => void {
    this.locksOpenListeners.add(listener);
    return () => this.locksOpenListeners.delete(listener);
  }

  private async rebuildLockMap(): Promise<void> {
    this.connection.socketUp('locks');
    const read = ++this.lockListReads;
    this.heldBack = [];
    let fields: LockedField[] | null = null;
    try {
      fields = await fetchLockedFields();
    } catch (error) {
      console.warn('Could not read the locked fields', error);
    }
    if (read !== this.lockListReads) return;
    const heldBack = this.heldBack;
    this.heldBack = null;
    if (fields) this.locks.reset(fields);
    for (const message of heldBack) this.locks.apply(message);
    for (const listener of this.locksOpenListeners) listener();
  }

  private onLockMessage(message: unknown): void {
    const parsed = lockMessageSchema.safeParse(message);
    if (!parsed.success) {
      logInvalid('locks', message);
      return;
    }
    if (this.heldBack) this.heldBack.push(parsed.data);
    else this.locks.apply(parsed.data);
  }

  /**
   * After a drop everything on hand is read again. The first connection opens while the page is
   * reading what it shows: only what was read before it began connecting is read again, so a page
   * does not load its data twice. The route loaders open the connection before they start their
   * reads (liveConnection.ts), so however long the page's code takes, its reads count as current.
   */
  private onStreamingOpen(connectingSince: number): void {
    this.connection.socketUp('streaming');
    rereadAfterGap(this.queryClient, this.streamingOpened ? undefined : connectingSince);
    this.streamingOpened = true;
  }

  private onStreamingMessage(message: unknown): void {
    const parsed = streamingMessageSchema.safeParse(message);
    if (!parsed.success) {
      logInvalid('streaming', message);
      return;
    }
    applyStreamingMessage(this.queryClient, parsed.data);
    if (!('action' in parsed.data)) this.markEdit(parsed.data);
  }

  /** Another person's edit of a field: the field names them for a moment. */
  private markEdit(edit: FieldUpdateMessage): void {
    if (edit.user_id === this.session.id) return;
    const target = { model: edit.model, resId: edit.res_id, field: edit.field };
    // Their lock names them too (they hold it while typing); the page's people come first.
    const holder = this.locks.holder(target);
    const name =
      knownPersonName(this.queryClient, edit.strategy_id, edit.user_id) ??
      (holder?.userId === edit.user_id && holder.user ? holder.user : null);
    this.edits.mark(edit.model, edit.res_id, edit.field, name ?? HISTORY_MESSAGES.someoneElse.toLowerCase());
  }

  private onRefused(code: number): void {
    // The key was revoked (logout elsewhere, password reset): the invalid-session rule of spec §4.
    // A key already replaced by another login is not this page's to end.
    if (code === SOCKET_CLOSE.unauthenticated) {
      if (readSession()?.token === this.session.token) endInvalidSession();
      return;
    }
    // Another origin (a misconfigured proxy): logging out would not help, so editing goes on without live updates.
    console.error(`The server refused the live connection (close code ${code})`);
    this.stop();
    this.connection.refused();
  }
}
