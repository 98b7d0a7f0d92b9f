/**
 * Standard Webhooks (https://www.standardwebhooks.com): the JSON payload as the body, and the
 * `webhook-id`, `webhook-timestamp` and `webhook-signature` headers. The signature is
 * `v1,` + base64 HMAC-SHA256 of "id.timestamp.body" keyed with the base64 part of `whsec_…`;
 * during a rotation's overlap the old secret's signature follows, space-separated, so a receiver
 * holding either verifies.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { KindFormatter } from './formatters';

const SECRET_PREFIX = 'whsec_';

/** A new signing secret: 32 random bytes (the specification asks for 24 to 64). */
export function newSigningSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

function sign(secret: string, signedContent: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(signedContent).digest('base64')}`;
}

export const standardFormatter: KindFormatter = {
  body: (message) => JSON.stringify(message.payload),
  headers(message, body, secrets, sentAt) {
    // The receiver compares this with its own clock to refuse replays: the real time, never a test clock's.
    const timestamp = String(Math.floor(sentAt.getTime() / 1000));
    const headers: Record<string, string> = {
      'webhook-id': message.messageId,
      'webhook-timestamp': timestamp,
    };
    if (secrets) {
      const signedContent = `${message.messageId}.${timestamp}.${body}`;
      headers['webhook-signature'] = [secrets.current, secrets.previous]
        .filter((secret): secret is string => secret !== null)
        .map((secret) => sign(secret, signedContent))
        .join(' ');
    }
    return headers;
  },
  addressProblem: () => null,
  minIntervalMs: 0,
};
