/** Real WebSocket clients for the real-time tests: connect, collect messages, wait for one. */
import WebSocket from 'ws';

export interface TestSocket {
  socket: WebSocket;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON messages
  messages: any[];
  /** Resolves with the first message (already received or coming) that matches. */
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON messages
  waitFor(match: (message: any) => boolean, timeoutMs?: number): Promise<any>;
  /** Resolves with the close code. */
  closed: Promise<number>;
  close(): Promise<void>;
}

/** Opens `path` (e.g. '/ws/locks/') on `baseUrl` (http://127.0.0.1:PORT) and waits until it is open. */
export async function openSocket(
  baseUrl: string,
  path: string,
  query: Record<string, string> = {},
  headers: Record<string, string> = {},
): Promise<TestSocket> {
  const url = new URL(path, baseUrl.replace(/^http/, 'ws'));
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  const socket = new WebSocket(url, { headers });
  // biome-ignore lint/suspicious/noExplicitAny: see above
  const messages: any[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    try {
      messages.push(JSON.parse(data.toString()));
    } catch {
      messages.push(data.toString());
    }
    for (const wake of waiters) wake();
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
    socket.once('close', () => resolve());
  });
  return {
    socket,
    messages,
    closed,
    waitFor(match, timeoutMs = 3000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (found === undefined) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(messages)}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    async close() {
      if (socket.readyState === WebSocket.CLOSED) return;
      socket.close();
      await closed;
    },
  };
}

/**
 * Tries to open `path` and expects the server to refuse the upgrade: resolves with the HTTP
 * status and JSON body it answered instead (fails if the socket opened).
 */
export function refusedUpgrade(
  baseUrl: string,
  path: string,
  query: Record<string, string> = {},
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown; retryAfter: string | undefined }> {
  const url = new URL(path, baseUrl.replace(/^http/, 'ws'));
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  const socket = new WebSocket(url, { headers });
  return new Promise((resolve, reject) => {
    socket.on('unexpected-response', (_request, response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => {
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // Not JSON: keep the text.
        }
        resolve({ status: response.statusCode ?? 0, body, retryAfter: response.headers['retry-after'] });
        socket.terminate();
      });
    });
    socket.on('open', () => {
      socket.terminate();
      reject(new Error(`the socket ${path} opened`));
    });
    socket.on('error', (error) => reject(error));
  });
}
