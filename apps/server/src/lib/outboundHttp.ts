/**
 * Calls this server makes to addresses people typed (webhooks, Slack, Teams: DESIGN §12). Such an
 * address must not turn the server into a way into its own network (SSRF), so:
 * - only https (and no user name or password in the address);
 * - every address the name resolves to must be public unicast: loopback, private, link-local
 *   (169.254.169.254, the cloud metadata service), carrier-grade NAT, multicast, reserved and
 *   the IPv6 forms that wrap an IPv4 one are refused. The check runs when connecting, on the
 *   address connected to, so a name that resolves differently a second time (DNS rebinding)
 *   gains nothing;
 * - redirects are not followed (a public host could send the call on to a private one);
 * - the whole call has a deadline, and at most `maxAnswerBytes` of the answer are read.
 * The operator may allow private targets and http (config WEBHOOKS_ALLOW_PRIVATE_TARGETS): tests
 * and receivers inside the operator's own network.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

export interface TargetPolicy {
  /** The operator's WEBHOOKS_ALLOW_PRIVATE_TARGETS. */
  allowPrivate: boolean;
}

/** Why an address is refused before any call is made. */
export type TargetProblem = 'invalid' | 'not_https' | 'credentials' | 'private';

/** Whether an IP address (v4 or v6, as text) is one anyone on the internet could reach. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // `process` turns ::ffff:10.0.0.1 into 10.0.0.1, so a mapped private address is seen as one.
  return ipaddr.process(address).range() === 'unicast';
}

/**
 * The address parsed, or what is wrong with it. An IP literal is checked here (a name is checked
 * when connecting, where it resolves).
 */
export function checkTarget(text: string, policy: TargetPolicy): URL | TargetProblem {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'invalid';
  }
  if (url.protocol !== 'https:' && !(policy.allowPrivate && url.protocol === 'http:')) {
    return url.protocol === 'http:' ? 'not_https' : 'invalid';
  }
  if (url.username || url.password) return 'credentials';
  if (!url.hostname) return 'invalid';
  const literal = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!policy.allowPrivate) {
    if (net.isIP(literal) && !isPublicAddress(literal)) return 'private';
    if (/^localhost$|\.localhost$/i.test(literal)) return 'private';
  }
  return url;
}

/** A refused connection: the name resolved to an address the policy does not allow. */
export class PrivateTargetError extends Error {
  constructor(readonly address: string) {
    super(`the address resolves to ${address}, on a private or local network`);
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** dns.lookup that fails when any address of the name is not public (net calls it when connecting). */
function publicOnlyLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused) return callback(new PrivateTargetError(refused.address), []);
    if (options.all) return callback(null, addresses);
    const first = addresses[0];
    if (!first)
      return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), []);
    callback(null, first.address, first.family);
  });
}

export interface OutboundRequest {
  method: 'POST';
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  maxAnswerBytes: number;
}

/** What came back: a status (any, 3xx included: redirects are not followed) and the start of the body. */
export interface OutboundAnswer {
  status: number;
  /** At most maxAnswerBytes of it, as text. */
  body: string;
  /** The answer's Location, for a redirect's log line. */
  location: string | undefined;
  /** Slack's and Teams' pacing: their Retry-After, in seconds, if they sent one. */
  retryAfterSeconds: number | undefined;
}

/**
 * Sends one request. Rejects when no answer came: refused address (PrivateTargetError), name not
 * found, connection refused, TLS failure, or the deadline passed.
 */
export function sendOutbound(
  url: URL,
  request: OutboundRequest,
  policy: TargetPolicy,
): Promise<OutboundAnswer> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const outgoing = client.request(url, {
      method: request.method,
      headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
      // A fresh connection per call: a pooled one could outlive the address check it passed.
      agent: false,
      ...(policy.allowPrivate ? {} : { lookup: publicOnlyLookup }),
    });
    const deadline = setTimeout(() => {
      outgoing.destroy(new Error(`no answer within ${Math.round(request.timeoutMs / 1000)} s`));
    }, request.timeoutMs);
    const finish = (settle: () => void) => {
      clearTimeout(deadline);
      settle();
    };
    outgoing.on('error', (error) => finish(() => reject(error)));
    outgoing.on('response', (answer) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        const retryAfter = Number(answer.headers['retry-after']);
        finish(() =>
          resolve({
            status: answer.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            location: answer.headers.location,
            retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : undefined,
          }),
        );
      };
      answer.on('data', (chunk: Buffer) => {
        if (size >= request.maxAnswerBytes) return;
        chunks.push(chunk.subarray(0, request.maxAnswerBytes - size));
        size += chunk.length;
        // Enough read: the rest of a huge answer is not waited for.
        if (size >= request.maxAnswerBytes) {
          answer.destroy();
          done();
        }
      });
      answer.on('end', done);
      answer.on('error', (error) => finish(() => reject(error)));
    });
    outgoing.end(request.body);
  });
}
