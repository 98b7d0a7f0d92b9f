/**
 * A WebSocket that comes back: after a drop it reconnects with the contract's jittered back-off
 * (spread wider when the server sent every socket away: 1001 on shutdown, 1012), quickly again
 * once a connection has proved stable, and at once when the browser says it is back online.
 * A close saying the session is invalid (4401) or the page is not allowed (4403) is final; any
 * other (1013 "try again later", 1008, 1006…) is retried. The server refuses a bad key before
 * the upgrade, which the browser only sees as 1006: so after a socket that never opened, the
 * page asks the server (`checkSession`, a cheap authenticated call whose 403 'Invalid token.'
 * ends the session, spec §4) before it tries again. An outage (503) ends nothing.
 */
import { reconnectDelay, SOCKET_CLOSE } from '@keystone/contract';

/** A connection open this long was healthy: the next drop starts the back-off from the beginning. */
export const STABLE_AFTER_MS = 5_000;

const FINAL_CLOSE_CODES: ReadonlySet<number> = new Set([
  SOCKET_CLOSE.unauthenticated,
  SOCKET_CLOSE.forbiddenOrigin,
]);

export interface ReconnectingSocketOptions {
  url: string;
  /**
   * Each (re)connection: whatever was missed while down must be read again. Given when this
   * attempt began: what was read after that is taken as current.
   */
  onOpen: (connectingSince: number) => void;
  /** The message's JSON, or its raw text when it is not JSON (the caller validates either). */
  onMessage: (message: unknown) => void;
  onDown: () => void;
  /** The server refused the socket for good (4401/4403): no more attempts are made. */
  onRefused: (code: number) => void;
  /** After a socket that closed before opening: resolves once the session is known to be valid or not. */
  checkSession?: () => Promise<void>;
  random?: () => number;
}

function parse(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}

export class ReconnectingSocket {
  private socket: WebSocket | null = null;
  private attempt = 0;
  /** The close that began the current run of failed attempts: it sets how widely the retries spread. */
  private firstCloseCode = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private stableTimer: ReturnType<typeof setTimeout> | null = null;
  private running = false;

  constructor(private readonly options: ReconnectingSocketOptions) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    window.addEventListener('online', this.reconnectNow);
    this.connect();
  }

  stop(): void {
    this.running = false;
    window.removeEventListener('online', this.reconnectNow);
    this.clearTimers();
    this.closeSocket();
  }

  private readonly reconnectNow = () => {
    if (!this.running || this.socket) return;
    this.attempt = 0;
    this.connect();
  };

  private connect(): void {
    this.clearTimers();
    // Spec §4: any existing socket is closed before a new one opens.
    this.closeSocket();
    const connectingSince = Date.now();
    const socket = new WebSocket(this.options.url);
    this.socket = socket;
    let opened = false;
    socket.onopen = () => {
      opened = true;
      this.stableTimer = setTimeout(() => {
        this.attempt = 0;
      }, STABLE_AFTER_MS);
      this.options.onOpen(connectingSince);
    };
    socket.onmessage = (event: MessageEvent) => this.options.onMessage(parse(event.data));
    socket.onclose = (event: CloseEvent) => {
      this.socket = null;
      this.clearTimers();
      this.options.onDown();
      if (FINAL_CLOSE_CODES.has(event.code)) {
        this.stop();
        this.options.onRefused(event.code);
        return;
      }
      if (this.attempt === 0) this.firstCloseCode = event.code;
      const delay = reconnectDelay(this.attempt, this.firstCloseCode, this.options.random);
      this.attempt += 1;
      const checking = opened ? undefined : this.options.checkSession?.().catch(() => undefined);
      this.retryTimer = setTimeout(() => {
        this.retryTimer = null;
        if (!checking) {
          this.connect();
          return;
        }
        void checking.then(() => {
          if (this.running && !this.socket && this.retryTimer === null) this.connect();
        });
      }, delay);
    };
  }

  /** Closes the current socket quietly: its late events must not reach a newer connection. */
  private closeSocket(): void {
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    socket.close(1000);
  }

  private clearTimers(): void {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    if (this.stableTimer !== null) clearTimeout(this.stableTimer);
    this.retryTimer = null;
    this.stableTimer = null;
  }
}
