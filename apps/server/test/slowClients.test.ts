/**
 * Slow clients (issue 13) against a real listening server over raw TCP: a request whose body
 * never finishes is cut after the request timeout; many such connections do not stop the
 * server from serving others; an authenticated route refuses a missing or invalid key before
 * its body is sent; and an open WebSocket is not cut by these timeouts.
 */
import net from 'node:net';
import { MESSAGES } from '@keystone/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSocket } from './helpers/sockets';
import { signedInUser } from './helpers/strategies';
import { getTestServer, type TestServer } from './helpers/testServer';

const REQUEST_TIMEOUT_MS = 1_000;
const CONNECTION_TIMEOUT_MS = 1_500;

interface RawConnection {
  socket: net.Socket;
  /** Everything the server sent. */
  received(): string;
  /** Resolves once the server has answered something (the first bytes). */
  answered: Promise<string>;
  /** Resolves with the milliseconds from connecting to the server closing the connection. */
  closed: Promise<number>;
}

function connect(port: number): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect({ port, host: '127.0.0.1' });
    let text = '';
    let onAnswer: (text: string) => void = () => {};
    const answered = new Promise<string>((resolveAnswer) => {
      onAnswer = resolveAnswer;
    });
    const closed = new Promise<number>((resolveClosed) =>
      socket.on('close', () => resolveClosed(Date.now() - started)),
    );
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
      onAnswer(text);
    });
    socket.on('error', () => {});
    socket.once('connect', () => resolve({ socket, received: () => text, answered, closed }));
    socket.once('error', reject);
  });
}

/** Request headers announcing a JSON body of `length` bytes, none of which is sent yet. */
const headersOf = (method: string, path: string, length: number, extra: Record<string, string> = {}) =>
  `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n${Object.entries(
    extra,
  )
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;

const statusOf = (text: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);

describe('slow clients', () => {
  let server: TestServer;
  let port: number;

  beforeAll(async () => {
    server = await getTestServer({
      requestTimeoutMs: REQUEST_TIMEOUT_MS,
      headersTimeoutMs: REQUEST_TIMEOUT_MS,
      connectionTimeoutMs: CONNECTION_TIMEOUT_MS,
    });
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    port = Number(new URL(address).port);
  });
  afterAll(async () => {
    await server.close();
  });

  it('should cut a request whose body never finishes after the request timeout', async () => {
    const slow = await connect(port);
    slow.socket.write(headersOf('POST', '/api/auth/login/', 200));
    slow.socket.write('{"email":"slow@example.com",');
    const elapsed = await slow.closed;
    expect(elapsed).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
    expect(elapsed).toBeLessThan(REQUEST_TIMEOUT_MS + 2_000);
    expect(statusOf(slow.received())).toBe(408);
  });

  it('should cut a connection whose headers never finish', async () => {
    const slow = await connect(port);
    slow.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    expect(await slow.closed).toBeLessThan(REQUEST_TIMEOUT_MS + 2_000);
  });

  it('should cut a connection that sends nothing at all', async () => {
    const silent = await connect(port);
    expect(await silent.closed).toBeLessThan(REQUEST_TIMEOUT_MS + 2_000);
  });

  it('should keep serving while 300 slow connections are open, and close them all by itself', async () => {
    const SLOW = 300;
    const slow: RawConnection[] = [];
    for (let n = 0; n < SLOW; n += 1) {
      const connection = await connect(port);
      connection.socket.write(headersOf('POST', '/api/auth/login/', 1000));
      connection.socket.write('{"email":');
      slow.push(connection);
    }
    const answer = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(answer.status).toBe(200);
    const times = await Promise.all(slow.map((connection) => connection.closed));
    expect(Math.max(...times)).toBeLessThan(REQUEST_TIMEOUT_MS + 10_000);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  });

  it('should refuse an authenticated route without a valid key before its body is sent', async () => {
    for (const authorization of [undefined, 'Token not-a-valid-key']) {
      const connection = await connect(port);
      connection.socket.write(
        headersOf('POST', '/api/lock-field/', 5000, authorization ? { Authorization: authorization } : {}),
      );
      const text = await connection.answered;
      expect(statusOf(text)).toBe(403);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const body = JSON.parse(connection.received().slice(connection.received().indexOf('\r\n\r\n') + 4));
      expect(body).toEqual({
        detail: authorization ? MESSAGES.invalidToken : MESSAGES.credentialsMissing,
      });
      connection.socket.destroy();
    }
  });

  it('should refuse a body over 128 KB on the calls open to anyone', async () => {
    const body = { email: 'big@example.com', password: 'x'.repeat(130 * 1024) };
    const response = await server.api('POST', '/api/auth/login/', { body });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ detail: MESSAGES.bodyTooLarge });
  });

  it('should read the body of an authenticated route once the key is valid', async () => {
    const { key } = await signedInUser(server);
    const connection = await connect(port);
    const body = JSON.stringify({ model: 'strategy', res_id: 999999, field: 'title' });
    connection.socket.write(
      headersOf('POST', '/api/unlock-field/', Buffer.byteLength(body), { Authorization: `Token ${key}` }),
    );
    connection.socket.write(body);
    const text = await connection.answered;
    expect(statusOf(text)).not.toBe(403);
    expect(statusOf(text)).not.toBe(408);
    connection.socket.destroy();
  });

  it('should not cut an open WebSocket after the request and connection timeouts', async () => {
    const { key } = await signedInUser(server);
    const socket = await openSocket(`http://127.0.0.1:${port}`, '/ws/streaming/', { token: key });
    let closedEarly = false;
    socket.closed.then(() => {
      closedEarly = true;
    });
    await new Promise((resolve) => setTimeout(resolve, CONNECTION_TIMEOUT_MS + REQUEST_TIMEOUT_MS + 1_500));
    expect(closedEarly).toBe(false);
    socket.socket.send('{"type":"ping"}');
    await socket.waitFor((message) => message?.type === 'pong');
    await socket.close();
  });
});
