/**
 * jsdom's WebSocket would dial a real server: every web test gets this stand-in instead (see
 * setup.ts), which connects nowhere. Tests open, feed and drop sockets by hand.
 */
import { beforeEach } from 'vitest';

export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];

  /** The newest socket whose address contains `path` (e.g. '/ws/locks/'). */
  static latest(path: string): FakeWebSocket {
    const socket = FakeWebSocket.instances.findLast((candidate) => candidate.url.includes(path));
    if (!socket) throw new Error(`no socket was opened for ${path}`);
    return socket;
  }

  readyState = FakeWebSocket.CONNECTING;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  readonly sent: string[] = [];

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  send(data: string): void {
    this.sent.push(data);
  }

  close(code = 1000): void {
    this.drop(code);
  }

  // ---- driven by tests --------------------------------------------------------------------

  open(): void {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.(new Event('open'));
  }

  /** A message from the server: objects travel as JSON, strings as they are. */
  receive(message: unknown): void {
    const data = typeof message === 'string' ? message : JSON.stringify(message);
    this.onmessage?.(new MessageEvent('message', { data }));
  }

  drop(code = 1006): void {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.(new CloseEvent('close', { code }));
  }
}

// Assigned directly rather than with vi.stubGlobal: tests that unstub their globals keep it.
globalThis.WebSocket = FakeWebSocket as unknown as typeof WebSocket;

beforeEach(() => {
  FakeWebSocket.instances = [];
});
