/**
 * A real HTTP receiver on 127.0.0.1 standing in for a customer's webhook endpoint (or a Slack or
 * Teams channel). Every request is kept; a signed one is checked with the Standard Webhooks
 * reference library (`standardwebhooks`), not with our own code, against each secret the test
 * gave it. Tests can make it fail its first tries, answer slowly, hugely, or with a redirect.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedWebhook {
  /** When the whole request had arrived (epoch ms): the pace of a channel is read from these. */
  at: number;
  /** Request headers, names in lower case. */
  headers: Record<string, string>;
  /** The raw body as sent. */
  body: string;
  /** The body parsed as JSON (undefined when it is not JSON). */
  json: unknown;
  /** The answer's status this receiver gave. */
  answeredStatus: number;
  /**
   * Which of the receiver's secrets verify the signature, by index in `secrets`; empty when none
   * does (or the request carried no signature).
   */
  verifiedWith: number[];
  /** The reference library's complaint for the first secret, when it refused. */
  verifyError: string | undefined;
}

export interface ReceiverBehaviour {
  /** The first this many requests are answered `failStatus` (500 unless set). */
  failFirst: number;
  failStatus: number;
  /** Extra headers on the failing answers (e.g. Retry-After). */
  failHeaders: Record<string, string>;
  /** Wait this long before answering. */
  delayMs: number;
  /** Answer with a body of this many bytes (0: a short one). */
  answerBytes: number;
  /** Answer every request 302 with this Location. */
  redirectTo: string | undefined;
}

const QUIET: ReceiverBehaviour = {
  failFirst: 0,
  failStatus: 500,
  failHeaders: {},
  delayMs: 0,
  answerBytes: 0,
  redirectTo: undefined,
};

export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  /** `whsec_…` secrets to verify against (set after the endpoint is created). */
  secrets: string[] = [];
  behaviour: ReceiverBehaviour = { ...QUIET };
  private readonly server: http.Server;
  private waiters: Array<() => void> = [];
  private sockets = new Set<import('node:net').Socket>();

  constructor(behaviour: Partial<ReceiverBehaviour> = {}) {
    this.behaviour = { ...QUIET, ...behaviour };
    this.server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => this.answer(request, Buffer.concat(chunks).toString('utf8'), response));
    });
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  /** Listens on a free port of 127.0.0.1; answers the address to register (with `path`). */
  async start(path = '/hook'): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}${path}`;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Resolves once `count` requests have arrived (rejects after `timeoutMs`). */
  async waitFor(count: number, timeoutMs = 10_000): Promise<ReceivedWebhook[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`expected ${count} webhook requests, got ${this.received.length} in ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.received.slice(0, count);
  }

  private verify(
    body: string,
    headers: Record<string, string>,
  ): Pick<ReceivedWebhook, 'verifiedWith' | 'verifyError'> {
    const verifiedWith: number[] = [];
    let verifyError: string | undefined;
    this.secrets.forEach((secret, index) => {
      try {
        new Webhook(secret).verify(body, headers);
        verifiedWith.push(index);
      } catch (error) {
        if (index === 0) verifyError = error instanceof Error ? error.message : String(error);
      }
    });
    return { verifiedWith, verifyError };
  }

  private answer(request: http.IncomingMessage, body: string, response: http.ServerResponse): void {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === 'string') headers[name] = value;
      else if (Array.isArray(value)) headers[name] = value.join(', ');
    }
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      json = undefined;
    }
    const { failFirst, failStatus, failHeaders, delayMs, answerBytes, redirectTo } = this.behaviour;
    const failing = this.received.length < failFirst;
    const status = redirectTo ? 302 : failing ? failStatus : 200;
    this.received.push({
      at: Date.now(),
      headers,
      body,
      json,
      answeredStatus: status,
      ...this.verify(body, headers),
    });
    for (const wake of this.waiters.splice(0)) wake();
    setTimeout(() => {
      if (response.destroyed) return;
      const extra = redirectTo ? { location: redirectTo } : failing ? failHeaders : {};
      response.writeHead(status, { 'content-type': 'text/plain', ...extra });
      response.end(
        answerBytes > 0 ? 'x'.repeat(answerBytes) : failing ? 'receiver failing on purpose' : 'ok',
      );
    }, delayMs);
  }
}
