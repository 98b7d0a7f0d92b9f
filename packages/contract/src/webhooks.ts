/**
 * Outgoing webhooks (issue 32, DESIGN §12): endpoints for the organisation (administrators) or
 * for one strategy (its masters), the events they choose, and the log of deliveries. A standard
 * endpoint is signed per the Standard Webhooks specification; Slack and Teams channels are
 * endpoints of their own kind, sent the progress report and the reminders in their formats.
 */
import type { ChatReportSummary } from './chatMessages';
import { userSummary } from './users';
import { z } from './z';

export const WEBHOOK_KINDS = ['standard', 'slack', 'teams'] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];

/**
 * What a standard endpoint can be sent (`type` of the payload). A strategy's endpoint hears its
 * strategy only; the organisation's hears every strategy of the organisation, and the
 * organisation itself. `member.joined` / `member.left` with a strategy mean its team, without one
 * (the organisation's endpoints only) the organisation.
 */
export const WEBHOOK_EVENT_TYPES = [
  'strategy.created',
  'strategy.updated',
  'strategy.deleted',
  'focus_area.created',
  'focus_area.updated',
  'focus_area.deleted',
  'initiative.created',
  'initiative.updated',
  'initiative.deleted',
  'initiative.status_changed',
  'comment.written',
  'progress.locked',
  'approval.requested',
  'approval.given',
  'approval.withdrawn',
  'measure.reading_recorded',
  'member.joined',
  'member.left',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What a Slack or Teams channel can be sent: a strategy's progress report and its reminders. */
export const CHAT_EVENT_TYPES = ['progress.report', 'progress.reminder'] as const;
export type ChatEventType = (typeof CHAT_EVENT_TYPES)[number];

/** The event sent by "Send a test event", to every kind; never chosen, never sent otherwise. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType | ChatEventType, string> = {
  'strategy.created': 'Strategy created',
  'strategy.updated': 'Strategy changed (title, ambition, settings)',
  'strategy.deleted': 'Strategy deleted',
  'focus_area.created': 'Focus area added',
  'focus_area.updated': 'Focus area changed',
  'focus_area.deleted': 'Focus area deleted',
  'initiative.created': 'Initiative added',
  'initiative.updated': 'Initiative changed',
  'initiative.deleted': 'Initiative deleted',
  'initiative.status_changed': 'Initiative status changed',
  'comment.written': 'Progress comment written',
  'progress.locked': 'Progress locked at a due date',
  'approval.requested': 'Charter approval requested',
  'approval.given': 'Charter approved',
  'approval.withdrawn': 'Charter approval withdrawn',
  'measure.reading_recorded': 'Measure reading recorded',
  'member.joined': 'Person joined',
  'member.left': 'Person left',
  'progress.report': 'Progress report',
  'progress.reminder': 'Progress reminders',
};

/** Who made a change, as a payload names them. */
export interface WebhookActor {
  id: number;
  name: string;
}

/**
 * The `data` of an event: ids and small values only (the receiver reads the rest by API). Every
 * event has the organisation's id and the strategy's (null for an organisation-wide one).
 */
export interface WebhookEventData {
  organisation_id: number;
  strategy_id: number | null;
  strategy_title?: string;
  focus_area_id?: number;
  focus_area_title?: string;
  initiative_id?: number;
  initiative_title?: string;
  status?: string | null;
  measure_id?: number;
  due_date?: string;
  user_id?: number;
  by?: WebhookActor | null;
  /** A link to the page where the change is seen. */
  url?: string;
  /** Set when the event was too large to send whole: only its ids are left. */
  ids_only?: true;
  /** A progress report's summary (progress.report, for chat channels). */
  report?: ChatReportSummary;
  [key: string]:
    | string
    | number
    | boolean
    | null
    | undefined
    | WebhookActor
    | ChatReportSummary
    | string[]
    | number[];
}

/** What a standard endpoint is sent (the Standard Webhooks payload). */
export interface WebhookPayload {
  type: string;
  /** When the event happened, ISO 8601. */
  timestamp: string;
  data: WebhookEventData;
}

export const WEBHOOK_KIND_LABELS: Record<WebhookKind, string> = {
  standard: 'Webhook (signed JSON)',
  slack: 'Slack channel',
  teams: 'Microsoft Teams channel',
};

/** How long a receiver may take to answer one try. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The largest payload sent; a larger event is sent with its ids only, for the receiver to read by API. */
export const WEBHOOK_PAYLOAD_MAX_BYTES = 64 * 1024;
/** How much of a receiver's answer is read (the rest is dropped): enough for the log's error text. */
export const WEBHOOK_ANSWER_MAX_BYTES = 16 * 1024;
/**
 * Seconds to wait before each try after the first: about three days in all, as the Standard
 * Webhooks specification's own example schedule stretches.
 */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [
  5,
  5 * 60,
  30 * 60,
  2 * 3600,
  5 * 3600,
  10 * 3600,
  14 * 3600,
  20 * 3600,
  24 * 3600,
] as const;
/** An endpoint with no success for this long (and a delivery given up) is switched off and its people mailed. */
export const WEBHOOK_DISABLE_AFTER_DAYS = 5;
/** After a rotation the old secret still signs (beside the new one) this long, so receivers can switch over. */
export const WEBHOOK_SECRET_OVERLAP_HOURS = 24;
/** Endpoints per organisation (its own and all its strategies'). */
export const WEBHOOK_ENDPOINTS_PER_ORGANISATION = 50;
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;

export const WEBHOOK_MESSAGES = {
  urlRequired: 'Enter the address the events are sent to.',
  urlInvalid: 'Enter a full web address, starting with https://.',
  urlNotHttps: 'The address must start with https://.',
  urlTooLong: `The address can be at most ${WEBHOOK_URL_MAX} characters.`,
  /** Said of loopback, private and link-local addresses, and of names that resolve to them. */
  urlPrivate:
    'This address is on a private or local network, which this server does not send to. Use a public address, or ask your operator.',
  urlCredentials: 'The address cannot contain a user name or password.',
  slackUrlInvalid: 'Enter the incoming webhook address Slack gave you (https://hooks.slack.com/services/…).',
  teamsUrlInvalid:
    'Enter the address of the Teams workflow "Post to a channel when a webhook request is received".',
  eventsRequired: 'Choose at least one event.',
  eventNotForKind: (event: string) => `The event ${event} cannot be sent to this kind of endpoint.`,
  descriptionTooLong: `The description can be at most ${WEBHOOK_DESCRIPTION_MAX} characters.`,
  tooMany: `An organisation can have at most ${WEBHOOK_ENDPOINTS_PER_ORGANISATION} webhook endpoints. Delete one first.`,
  created: 'Endpoint added. Copy its signing secret now: it will not be shown again.',
  chatCreated: 'Channel added. Use "Send a test event" to see how its messages look.',
  saved: 'Endpoint saved.',
  deleted: 'Endpoint deleted. Nothing more is sent to it.',
  notFound: 'Webhook endpoint not found.',
  deliveryNotFound: 'Delivery not found.',
  secretRotated: (hours: number) =>
    `New signing secret created. Copy it now: it will not be shown again. The old one also signs for ${hours} hours.`,
  noSecretForKind: 'Only signed webhook endpoints have a secret.',
  testQueued: 'A test event is on its way. Its delivery appears in the log below.',
  switchedOff: 'The endpoint is switched off. Switch it on first.',
  resendWaiting: 'This delivery is already waiting to be sent.',
  resendQueued: 'The delivery will be sent again in a moment.',
  disabled: 'Endpoint switched off. Nothing is sent to it until it is switched on again.',
  enabled: 'Endpoint switched on. New events are sent to it again.',
  adminsOnly: "Only your organisation's administrators can manage its webhooks.",
  mastersOnly: "Only this strategy's masters can manage its webhooks.",
} as const;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOK_DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: 'Waiting to be sent',
  delivered: 'Delivered',
  failed: 'Failed',
};

const webhookEventChoice = z.enum([...WEBHOOK_EVENT_TYPES, ...CHAT_EVENT_TYPES]);

export const webhookEndpointSchema = z
  .object({
    id: z.number(),
    kind: z.enum(WEBHOOK_KINDS),
    /** Null: the organisation's endpoint. */
    strategy_id: z.number().nullable(),
    description: z.string(),
    /** The full address for a standard endpoint; only the host for Slack and Teams (theirs is a credential). */
    url: z.string(),
    events: z.array(webhookEventChoice),
    enabled: z.boolean(),
    /** Why it is off: switched off by a person, or by the server after days of failures. */
    disabled_reason: z.enum(['manual', 'failing']).nullable(),
    /** Since when every try has failed; null while it succeeds. */
    failing_since: z.string().nullable(),
    /** The old secret still signs until then (after a rotation). */
    previous_secret_until: z.string().nullable(),
    created_at: z.string(),
    created_by: userSummary.nullable(),
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListResponse = z.array(webhookEndpointSchema).meta({ id: 'WebhookEndpointList' });

const urlField = z
  .string({ error: WEBHOOK_MESSAGES.urlRequired })
  .trim()
  .min(1, WEBHOOK_MESSAGES.urlRequired)
  .max(WEBHOOK_URL_MAX, WEBHOOK_MESSAGES.urlTooLong);
const descriptionField = z.string().trim().max(WEBHOOK_DESCRIPTION_MAX, WEBHOOK_MESSAGES.descriptionTooLong);
const eventsField = z
  .array(webhookEventChoice, { error: WEBHOOK_MESSAGES.eventsRequired })
  .min(1, WEBHOOK_MESSAGES.eventsRequired)
  .max(WEBHOOK_EVENT_TYPES.length + CHAT_EVENT_TYPES.length);

/**
 * A new endpoint: for the organisation (POST /api/organisation/webhooks/) or for a strategy (POST
 * /api/strategy/{id}/webhooks/). The server checks the events fit the kind and the address.
 */
export const createWebhookRequest = z
  .object({
    kind: z.enum(WEBHOOK_KINDS),
    url: urlField,
    description: descriptionField.default(''),
    events: eventsField,
  })
  .strict()
  .meta({ id: 'CreateWebhookRequest' });
export type CreateWebhookRequest = z.input<typeof createWebhookRequest>;

export const createWebhookResponse = z
  .object({
    detail: z.string(),
    endpoint: webhookEndpointSchema,
    /** `whsec_…`, shown once (standard endpoints only). */
    secret: z.string().nullable(),
  })
  .meta({ id: 'CreateWebhookResponse' });
export type CreateWebhookResponse = z.infer<typeof createWebhookResponse>;

/** Any of these; a new `url` is checked as on creation. */
export const updateWebhookRequest = z
  .object({
    url: urlField.optional(),
    description: descriptionField.optional(),
    events: eventsField.optional(),
    enabled: z.boolean().optional(),
  })
  .strict()
  .meta({ id: 'UpdateWebhookRequest' });
export type UpdateWebhookRequest = z.infer<typeof updateWebhookRequest>;

export const webhookEndpointResponse = z
  .object({ detail: z.string(), endpoint: webhookEndpointSchema })
  .meta({ id: 'WebhookEndpointResponse' });

export const rotateWebhookSecretResponse = z
  .object({
    detail: z.string(),
    /** The new `whsec_…`, shown once. */
    secret: z.string(),
    endpoint: webhookEndpointSchema,
  })
  .meta({ id: 'RotateWebhookSecretResponse' });

export const webhookDeliverySchema = z
  .object({
    id: z.number(),
    /** The `webhook-id` the receiver saw (the same on every try). */
    message_id: z.string(),
    event_type: z.string(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.number(),
    /** The receiver's HTTP status on the last try; null when it gave none. */
    last_status_code: z.number().nullable(),
    /** Why the last try failed, in words (timeout, refused address, the answer's status). */
    last_error: z.string().nullable(),
    created_at: z.string(),
    last_attempt_at: z.string().nullable(),
    /** When the next try is due; null once delivered or given up. */
    next_attempt_at: z.string().nullable(),
    delivered_at: z.string().nullable(),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const WEBHOOK_DELIVERY_PAGE_SIZE = 50;

/** Newest first; `before` (a delivery id) pages back. */
export const webhookDeliveriesQuery = z
  .object({ before: z.coerce.number().int().positive().optional() })
  .meta({ id: 'WebhookDeliveriesQuery' });

export const webhookDeliveryListResponse = z
  .object({
    deliveries: z.array(webhookDeliverySchema),
    /** Pass as `before` for the next page; null at the end. */
    next_before: z.number().nullable(),
  })
  .meta({ id: 'WebhookDeliveryList' });
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListResponse>;

/** The mail to an endpoint's administrators (organisation) or masters (strategy) when the server switched it off. */
export const WEBHOOK_DISABLED_MAIL = {
  subject: (host: string) =>
    `Webhook to ${host} switched off after ${WEBHOOK_DISABLE_AFTER_DAYS} days of failures`,
  paragraphs: (host: string, description: string, lastError: string) => [
    `Every delivery to the webhook endpoint at ${host}${description ? ` ("${description}")` : ''} has failed for ${WEBHOOK_DISABLE_AFTER_DAYS} days, so it has been switched off and nothing more is sent to it.`,
    `The last try failed with: ${lastError}`,
    'Check the address and the receiver, then switch the endpoint on again. Its delivery log shows each try, and failed deliveries can be sent again from there.',
  ],
  action: 'Open the webhook settings',
  footnoteOrganisation: "You receive this because you are an administrator of your organisation's webhooks.",
  footnoteStrategy: 'You receive this because you are a master of the strategy the webhook belongs to.',
} as const;
