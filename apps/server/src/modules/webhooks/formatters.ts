/**
 * How an event becomes a request, per kind of endpoint. The delivery worker (worker.ts) is the
 * same for every kind: queue, address checks, retries, log; only the body, the extra headers and
 * the pace differ. A standard endpoint gets the Standard Webhooks payload, signed (standard.ts);
 * Slack and Teams channels get a message in their own format (slack.ts, teams.ts).
 */
import type { WebhookKind, WebhookPayload } from '@keystone/contract';
import { slackFormatter } from './slack';
import { standardFormatter } from './standard';
import { teamsFormatter } from './teams';

/** One event on its way to one endpoint. */
export interface OutgoingMessage {
  /** The `webhook-id` (msg_…): the same on every try and on "send again". */
  messageId: string;
  payload: WebhookPayload;
  /** The app's own address (APP_URL), for links back to it. */
  appUrl: string;
}

/** An endpoint's signing secrets, opened: during a rotation's overlap both sign. */
export interface SigningSecrets {
  current: string;
  previous: string | null;
}

export interface KindFormatter {
  /** The request body. */
  body(message: OutgoingMessage): string;
  /**
   * Headers beside content-type and user-agent (the worker sets those): the signature of a
   * standard endpoint. `secrets` is null for kinds without one; `sentAt` is this try's moment.
   */
  headers(
    message: OutgoingMessage,
    body: string,
    secrets: SigningSecrets | null,
    sentAt: Date,
  ): Record<string, string>;
  /**
   * What is wrong with an address for this kind, beyond checkTarget's rules (in the contract's
   * words), or null. `allowPrivate` is the operator's setting: then loopback stand-ins pass.
   */
  addressProblem(url: URL, allowPrivate: boolean): string | null;
  /** The least time between two requests to one endpoint (Slack: one message a second per channel). */
  minIntervalMs: number;
}

export const FORMATTERS: Record<WebhookKind, KindFormatter> = {
  standard: standardFormatter,
  slack: slackFormatter,
  teams: teamsFormatter,
};
