/**
 * What the user is told about the live connection: nothing while it works or after a short blip,
 * "Reconnecting…" once a socket has been down for a moment, and that live updates are unavailable
 * when the server refused the page for good. An external store for useSyncExternalStore.
 */

/** Shorter drops (a server restart, a Wi-Fi hand-over) pass without a word. */
export const QUIET_DROP_MS = 1000;

export type ConnectionStatus = 'connected' | 'reconnecting' | 'unavailable';

export class ConnectionState {
  private readonly down: Set<string>;
  private status: ConnectionStatus = 'connected';
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly listeners = new Set<() => void>();

  /** Every socket named here starts down: the first connection counts as a reconnection too. */
  constructor(sockets: readonly string[]) {
    this.down = new Set(sockets);
    this.update();
  }

  socketUp(name: string): void {
    this.down.delete(name);
    this.update();
  }

  socketDown(name: string): void {
    this.down.add(name);
    this.update();
  }

  /** The server refused a socket (e.g. the page's origin): there is nothing to wait for. */
  refused(): void {
    this.clearTimer();
    this.set('unavailable');
  }

  stop(): void {
    this.clearTimer();
  }

  getStatus = (): ConnectionStatus => this.status;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private update(): void {
    if (this.status === 'unavailable') return;
    if (this.down.size === 0) {
      this.clearTimer();
      this.set('connected');
      return;
    }
    if (this.status === 'connected' && this.timer === null) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.set('reconnecting');
      }, QUIET_DROP_MS);
    }
  }

  private set(status: ConnectionStatus): void {
    if (status === this.status) return;
    this.status = status;
    for (const listener of this.listeners) listener();
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
