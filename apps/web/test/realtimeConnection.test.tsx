import {
  MESSAGES,
  RECONNECT_AFTER_SERVER_LEFT,
  RECONNECT_DELAY,
  reconnectDelay,
  SOCKET_CLOSE,
} from '@keystone/contract';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readSession, saveSession } from '../src/api/session';
import { ConnectionState, QUIET_DROP_MS } from '../src/realtime/connectionState';
import { RealtimeClient } from '../src/realtime/realtimeClient';
import { ReconnectingSocket, STABLE_AFTER_MS } from '../src/realtime/reconnectingSocket';
import { FakeWebSocket } from './fakeWebSocket';

beforeEach(() => {
  vi.useFakeTimers();
});

const dropped = 1006;

describe('reconnectDelay', () => {
  it('should double its ceiling from 0.5 s per attempt up to 15 s', () => {
    const almostOne = () => 0.999_999;
    const ceilings = [0, 1, 2, 3, 4, 5, 6, 10].map(
      (attempt) => reconnectDelay(attempt, dropped, almostOne) + 1,
    );
    expect(ceilings).toEqual([500, 1000, 2000, 4000, 8000, 15_000, 15_000, 15_000]);
  });

  it('should pick anywhere from 0 up to the ceiling (full jitter)', () => {
    expect(reconnectDelay(3, dropped, () => 0)).toBe(0);
    expect(reconnectDelay(3, dropped, () => 0.5)).toBe(2000);
    for (let run = 0; run < 100; run += 1) {
      const delay = reconnectDelay(20, dropped);
      expect(delay).toBeGreaterThanOrEqual(0);
      expect(delay).toBeLessThan(RECONNECT_DELAY.max);
    }
  });

  it.each([SOCKET_CLOSE.goingAway, SOCKET_CLOSE.resync])(
    'should spread the first retry over 0–3 s when the server sent the socket away (%i)',
    (code) => {
      const almostOne = () => 0.999_999;
      const ceilings = [0, 1, 2, 3].map((attempt) => reconnectDelay(attempt, code, almostOne) + 1);
      expect(ceilings).toEqual([3000, 6000, 12_000, 15_000]);
    },
  );
});

/** A repeatable Math.random stand-in (mulberry32), so the spread below is the same on every run. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 2 ** 32;
  };
}

function socketUnderTest(options: Partial<ConstructorParameters<typeof ReconnectingSocket>[0]> = {}) {
  const events = { opened: 0, down: 0, messages: [] as unknown[], refused: [] as number[] };
  const socket = new ReconnectingSocket({
    url: 'ws://localhost:3000/ws/streaming/?token=key',
    onOpen: () => {
      events.opened += 1;
    },
    onMessage: (message) => events.messages.push(message),
    onDown: () => {
      events.down += 1;
    },
    onRefused: (code) => events.refused.push(code),
    // The top of each jitter range (its ceiling less 1 ms), so the schedule is predictable.
    random: () => 0.999_999,
    ...options,
  });
  return { socket, events, current: () => FakeWebSocket.latest('/ws/streaming/') };
}

describe('ReconnectingSocket', () => {
  it('should reconnect after a drop with growing delays', () => {
    const { socket, events, current } = socketUnderTest();
    socket.start();
    expect(FakeWebSocket.instances).toHaveLength(1);
    current().drop();
    expect(events.down).toBe(1);
    vi.advanceTimersByTime(498);
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    current().drop();
    vi.advanceTimersByTime(998);
    expect(FakeWebSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(3);
    current().open();
    expect(events.opened).toBe(1);
    socket.stop();
  });

  it('should start the delays over once a connection stayed up', () => {
    const { socket, current } = socketUnderTest();
    socket.start();
    for (let drop = 0; drop < 4; drop += 1) {
      current().drop();
      vi.advanceTimersByTime(RECONNECT_DELAY.max);
    }
    current().open();
    vi.advanceTimersByTime(STABLE_AFTER_MS);
    current().drop();
    const before = FakeWebSocket.instances.length;
    vi.advanceTimersByTime(500);
    expect(FakeWebSocket.instances).toHaveLength(before + 1);
    socket.stop();
  });

  it('should hand on JSON messages, and text that is not JSON as it is', () => {
    const { socket, events, current } = socketUnderTest();
    socket.start();
    current().open();
    current().receive({ type: 'pong' });
    current().receive('not json');
    expect(events.messages).toEqual([{ type: 'pong' }, 'not json']);
    socket.stop();
  });

  it('should close the socket on stop and not come back', () => {
    const { socket, events, current } = socketUnderTest();
    socket.start();
    current().open();
    socket.stop();
    expect(current().readyState).toBe(FakeWebSocket.CLOSED);
    vi.advanceTimersByTime(RECONNECT_DELAY.max);
    expect(FakeWebSocket.instances).toHaveLength(1);
    // The quiet close of stop() is not a drop.
    expect(events.down).toBe(0);
  });

  it.each([SOCKET_CLOSE.unauthenticated, SOCKET_CLOSE.forbiddenOrigin])(
    'should give up when the server closes with %i',
    (code) => {
      const { socket, events, current } = socketUnderTest();
      socket.start();
      current().drop(code);
      vi.advanceTimersByTime(RECONNECT_DELAY.max * 2);
      expect(FakeWebSocket.instances).toHaveLength(1);
      expect(events.refused).toEqual([code]);
    },
  );

  it("should bring an instance's 2,500 sockets back spread over 3 s after it shut down", () => {
    const sockets = Array.from({ length: 2500 }, (_, index) =>
      socketUnderTest({ random: seededRandom(index + 1) }),
    );
    for (const { socket } of sockets) socket.start();
    for (const socket of FakeWebSocket.instances) socket.open();
    const first = FakeWebSocket.instances.length;
    for (const socket of FakeWebSocket.instances.slice()) socket.drop(SOCKET_CLOSE.goingAway);

    // Count the new connections in each quarter second: none may carry much more than its share.
    const perWindow: number[] = [];
    let seen = first;
    for (let elapsed = 0; elapsed < RECONNECT_AFTER_SERVER_LEFT.first; elapsed += 250) {
      vi.advanceTimersByTime(250);
      perWindow.push(FakeWebSocket.instances.length - seen);
      seen = FakeWebSocket.instances.length;
    }
    expect(seen - first).toBe(2500);
    const share = 2500 / perWindow.length;
    for (const count of perWindow) {
      expect(count).toBeGreaterThan(share * 0.7);
      expect(count).toBeLessThan(share * 1.3);
    }
    for (const { socket } of sockets) socket.stop();
  });

  it('should try at once when the browser is back online', () => {
    const { socket, current } = socketUnderTest();
    socket.start();
    current().drop();
    window.dispatchEvent(new Event('online'));
    expect(FakeWebSocket.instances).toHaveLength(2);
    socket.stop();
  });
});

describe('ConnectionState', () => {
  it('should say nothing about a short drop and "reconnecting" about a longer one', () => {
    const state = new ConnectionState(['locks', 'streaming']);
    state.socketUp('locks');
    state.socketUp('streaming');
    expect(state.getStatus()).toBe('connected');
    state.socketDown('locks');
    vi.advanceTimersByTime(QUIET_DROP_MS - 1);
    state.socketUp('locks');
    vi.advanceTimersByTime(QUIET_DROP_MS);
    expect(state.getStatus()).toBe('connected');
    state.socketDown('streaming');
    vi.advanceTimersByTime(QUIET_DROP_MS);
    expect(state.getStatus()).toBe('reconnecting');
    state.socketUp('streaming');
    expect(state.getStatus()).toBe('connected');
  });

  it('should count a first connection that takes long as reconnecting', () => {
    const state = new ConnectionState(['locks']);
    vi.advanceTimersByTime(QUIET_DROP_MS);
    expect(state.getStatus()).toBe('reconnecting');
  });

  it('should stay unavailable once the server refused the page', () => {
    const state = new ConnectionState(['locks']);
    state.refused();
    state.socketUp('locks');
    expect(state.getStatus()).toBe('unavailable');
  });
});

describe('a live connection refused for its session', () => {
  it('should end the session and reload, like any call with an invalid token', () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    saveSession({ id: 7, token: 'revoked' });
    const client = new RealtimeClient({ id: 7, token: 'revoked' }, new QueryClient());
    client.start();
    FakeWebSocket.latest('/ws/locks/').drop(SOCKET_CLOSE.unauthenticated);
    expect(readSession()).toBeNull();
    expect(reload).toHaveBeenCalledOnce();
    client.stop();
  });

  it('should leave a newer session alone', () => {
    saveSession({ id: 7, token: 'newer' });
    const client = new RealtimeClient({ id: 7, token: 'older' }, new QueryClient());
    client.start();
    FakeWebSocket.latest('/ws/streaming/').drop(SOCKET_CLOSE.unauthenticated);
    expect(readSession()).toEqual({ id: 7, token: 'newer' });
    client.stop();
  });
});

describe('a socket refused before it opened', () => {
  /** fetch answering every call with `status` and `body`, counting the calls. */
  function answerFetch(status: number, body: unknown) {
    const fetchMock = vi.fn(async (_url: string) => new Response(JSON.stringify(body), { status }));
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  it('should ask the server about the session before trying again, and end it on 403 Invalid token', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const fetchMock = answerFetch(403, { detail: MESSAGES.invalidToken });
    saveSession({ id: 7, token: 'revoked' });
    const client = new RealtimeClient({ id: 7, token: 'revoked' }, new QueryClient());
    client.start();
    // The server answered 401 instead of upgrading: the browser sees 1006 only, on both sockets.
    FakeWebSocket.latest('/ws/locks/').drop(1006);
    FakeWebSocket.latest('/ws/streaming/').drop(1006);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/get-user-details/');
    expect(readSession()).toBeNull();
    expect(reload).toHaveBeenCalledOnce();
    client.stop();
  });

  it('should keep the session through an outage (503) and keep retrying with back-off', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const fetchMock = answerFetch(503, { detail: 'The service is briefly unavailable.' });
    saveSession({ id: 7, token: 'valid' });
    const client = new RealtimeClient({ id: 7, token: 'valid' }, new QueryClient());
    client.start();
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      FakeWebSocket.latest('/ws/streaming/').drop(1006);
      await vi.advanceTimersByTimeAsync(RECONNECT_DELAY.max);
      expect(FakeWebSocket.instances.filter((s) => s.url.includes('/ws/streaming/'))).toHaveLength(
        attempt + 1,
      );
    }
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(readSession()).toEqual({ id: 7, token: 'valid' });
    expect(reload).not.toHaveBeenCalled();
    client.stop();
  });

  it('should not reconnect before the check answered, nor check after a socket that was open', async () => {
    let answer: () => void = () => {};
    const checkSession = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          answer = resolve;
        }),
    );
    const { socket, current } = socketUnderTest({ checkSession });
    socket.start();
    current().drop(1006);
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY.max);
    expect(FakeWebSocket.instances).toHaveLength(1);
    answer();
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeWebSocket.instances).toHaveLength(2);

    // An open socket closed later (e.g. 1013 "try again later"): retried, no check.
    current().open();
    current().drop(SOCKET_CLOSE.tryAgainLater);
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY.max);
    expect(FakeWebSocket.instances).toHaveLength(3);
    expect(checkSession).toHaveBeenCalledOnce();
    socket.stop();
  });
});
