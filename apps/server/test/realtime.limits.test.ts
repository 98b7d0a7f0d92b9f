/**
 * Noisy socket clients (issue 13): an oversized frame closes the socket (1009), a flood of
 * messages closes it (1008), a key has at most `socketsPerKey` sockets on an instance (the next
 * is refused with 429 before the upgrade), and what sockets send wrongly is logged sampled.
 */
import { SOCKET_CLOSE, SOCKET_MAX_MESSAGE_BYTES, SOCKET_MESSAGES } from '@keystone/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { socketPool } from './helpers/realtime';
import { openSocket, refusedUpgrade, type TestSocket } from './helpers/sockets';
import { signedInUser } from './helpers/strategies';
import { getTestServer, type TestServer } from './helpers/testServer';

const SOCKETS_PER_KEY = 20;
const MESSAGES_PER_WINDOW = 50;

describe('socket limits', () => {
  let server: TestServer;
  let baseUrl: string;
  const pool = socketPool();

  beforeAll(async () => {
    server = await getTestServer();
    expect(server.ctx.config).toMatchObject({
      socketsPerKey: SOCKETS_PER_KEY,
      socketMessagesPerWindow: MESSAGES_PER_WINDOW,
    });
    baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await pool.closeAll();
    await server.close();
  });

  const open = (path: string, token: string) => pool.add(openSocket(baseUrl, path, { token }));
  const newKey = async () => (await signedInUser(server)).key;

  async function expectAnswering(socket: TestSocket): Promise<void> {
    expect(socket.socket.readyState).toBe(WebSocket.OPEN);
    socket.socket.send(JSON.stringify({ type: 'ping' }));
    await socket.waitFor((message) => message?.type === 'pong');
  }

  it('should close a socket that sends a frame over 64 KB with 1009, and take one just under', async () => {
    const key = await newKey();
    const fits = await open('/ws/streaming/', key);
    const justUnder = JSON.stringify({ type: 'ping', padding: '' });
    fits.socket.send(
      JSON.stringify({ type: 'ping', padding: 'x'.repeat(SOCKET_MAX_MESSAGE_BYTES - justUnder.length) }),
    );
    await fits.waitFor((message) => message?.type === 'pong');

    const tooBig = await open('/ws/streaming/', key);
    tooBig.socket.send(JSON.stringify({ type: 'ping', padding: 'x'.repeat(SOCKET_MAX_MESSAGE_BYTES) }));
    expect(await tooBig.closed).toBe(SOCKET_CLOSE.messageTooBig);
    await expectAnswering(fits);
  });

  it('should close a socket sending more than 50 messages in 10 s with 1008, leaving the others open', async () => {
    const key = await newKey();
    const calm = await open('/ws/locks/', key);
    const flooding = await open('/ws/locks/', key);
    let reason = '';
    flooding.socket.on('close', (_code, data) => {
      reason = data.toString();
    });
    for (let n = 0; n < MESSAGES_PER_WINDOW; n += 1) flooding.socket.send('{"type":"ping"}');
    await flooding.waitFor(() => flooding.messages.length === MESSAGES_PER_WINDOW);
    expect(flooding.socket.readyState).toBe(WebSocket.OPEN);
    for (let n = 0; n < 200; n += 1) flooding.socket.send('{"type":"ping"}');
    expect(await flooding.closed).toBe(SOCKET_CLOSE.policyViolation);
    expect(reason).toBe(SOCKET_MESSAGES.tooManyMessages);
    await expectAnswering(calm);
  });

  it('should refuse the 21st socket of a key with 429 before the upgrade, and take it once one closes', async () => {
    const key = await newKey();
    const opened: TestSocket[] = [];
    for (let n = 0; n < SOCKETS_PER_KEY; n += 1)
      opened.push(await open(n % 2 ? '/ws/locks/' : '/ws/streaming/', key));
    for (const path of ['/ws/locks/', '/ws/streaming/']) {
      expect(await refusedUpgrade(baseUrl, path, { token: key })).toMatchObject({
        status: 429,
        body: { detail: SOCKET_MESSAGES.tooManySockets },
      });
    }
    // Another key of the same user, and other users, are not limited by this key's sockets.
    await expectAnswering(await open('/ws/locks/', await newKey()));

    await opened[0]!.close();
    await vi.waitFor(() => expect(server.realtime.hub.size).toBeLessThan(SOCKETS_PER_KEY + 4));
    await expectAnswering(await open('/ws/streaming/', key));
  });
});

describe('socket logging under a flood', () => {
  let server: TestServer;
  let baseUrl: string;
  const pool = socketPool();

  beforeAll(async () => {
    // The frame-rate limit is lifted, so that only the sampling keeps the log small.
    server = await getTestServer({ socketMessagesPerWindow: 1_000_000 });
    baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await pool.closeAll();
    await server.close();
  });

  it('should write at most one line per socket per minute, with a count, and at most 20 for the instance', async () => {
    const sockets: TestSocket[] = [];
    for (let n = 0; n < 30; n += 1) {
      const key = (await signedInUser(server)).key;
      sockets.push(await pool.add(openSocket(baseUrl, '/ws/streaming/', { token: key })));
    }
    // Every line the instance's logger writes from now on (pino's level left aside).
    const lines: unknown[] = [];
    const log = server.app.log;
    const count = (...args: unknown[]) => {
      lines.push(args);
    };
    const spies = (['fatal', 'error', 'warn', 'info', 'debug'] as const).map((level) =>
      vi.spyOn(log, level).mockImplementation(count),
    );
    try {
      const JUNK_PER_SOCKET = 200;
      for (const socket of sockets)
        for (let n = 0; n < JUNK_PER_SOCKET; n += 1) socket.socket.send(`junk ${n}`);
      // A ping after the junk: once each socket answers it, all its junk has been read.
      for (const socket of sockets) {
        socket.socket.send('{"type":"ping"}');
        await socket.waitFor((message) => message?.type === 'pong', 10_000);
      }
      // 6,000 ignored messages: the first socket's first one is logged, then one line per socket
      // at most, and no more than 20 lines for the whole instance within the minute.
      expect(lines.length).toBeGreaterThanOrEqual(1);
      expect(lines.length).toBeLessThanOrEqual(20);
      expect(lines[0]).toEqual([
        expect.objectContaining({ kind: 'streaming', ignored: 1 }),
        'ignored invalid socket messages',
      ]);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});

describe('socket errors a client causes', () => {
  let server: TestServer;
  let baseUrl: string;
  const pool = socketPool();
  /** Every line the server logs at info and above, as pino writes it. */
  const lines: Array<{ level: number; msg: string; err?: unknown }> = [];

  beforeAll(async () => {
    const logStream = { write: (line: string) => void lines.push(JSON.parse(line)) };
    server = await getTestServer({ logLevel: 'info' }, { logStream });
    baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await pool.closeAll();
    await server.close();
  });

  it('should log 30 oversized frames of a signed-in user as a sampled warning, never at error level', async () => {
    const key = (await signedInUser(server)).key;
    const before = lines.length;
    for (let n = 0; n < 30; n += 1) {
      const socket = await open(key);
      socket.socket.send('x'.repeat(70 * 1024));
      expect(await socket.closed).toBe(SOCKET_CLOSE.messageTooBig);
    }
    const written = lines.slice(before);
    expect(written.filter((line) => line.level >= 50)).toEqual([]);
    const warnings = written.filter((line) => line.level === 40);
    expect(warnings.length).toBeGreaterThanOrEqual(1);
    expect(warnings.length).toBeLessThanOrEqual(3);
    expect(warnings[0]).toMatchObject({ code: 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH', count: 1 });
    expect(warnings[0]).not.toHaveProperty('err');
  });

  const open = (token: string) => pool.add(openSocket(baseUrl, '/ws/locks/', { token }));
});
