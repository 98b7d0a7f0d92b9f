/** Webhook test helpers: a receiver on loopback subscribed as an organisation's endpoint. */
import { expect } from 'vitest';
import type { WebhookReceiver } from '../../../../testing/webhookReceiver';
import type { TestServer } from './testServer';

/**
 * Starts `receiver` and adds it as a standard endpoint of the key's organisation, choosing
 * `events`; the receiver verifies with the secret the answer showed once.
 */
export async function subscribeReceiver(
  server: TestServer,
  key: string,
  receiver: WebhookReceiver,
  events: readonly string[],
) {
  const created = await server.api('POST', '/api/organisation/webhooks/', {
    token: key,
    body: { kind: 'standard', url: await receiver.start(), description: 'Data warehouse', events },
  });
  expect(created.status).toBe(201);
  receiver.secrets = [created.body.secret];
  return { endpoint: created.body.endpoint, secret: created.body.secret as string };
}
