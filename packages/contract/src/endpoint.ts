/**
 * What one HTTP call of the API is, as data: the single declaration the server registers, the
 * OpenAPI document describes and the web client calls (docs/ARCHITECTURE.md, "Endpoints").
 * The declarations live in endpoints/, one module per area, so a page imports only its own.
 */
import { idSchema } from './primitives';
import type { XLSX_MEDIA_TYPE } from './spreadsheets';
import { z } from './z';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';
/** The error statuses a call can answer beyond those that follow from its shape (400, 403, 413, 429). */
export type EndpointErrorStatus = 403 | 404 | 409 | 429 | 503;

export interface Endpoint {
  method: HttpMethod;
  /** As spec §7 writes it, with `{name}` for path parameters (a trailing slash is optional on the wire). */
  path: string;
  /** The group of the OpenAPI document. */
  tag: string;
  summary: string;
  /**
   * Needs `Authorization: Token {key}` (a session's key, or a personal access token also as
   * `Bearer`); a missing or unknown key is a 403. A `read` access token may call only GETs.
   */
  auth: boolean;
  /**
   * Account security (password, sessions, two-factor, access tokens, the calendar address) and
   * where the organisation's events are sent (adding or re-addressing a webhook, its secret):
   * refused to personal access tokens, whatever their scope, so a leaked token cannot take the
   * account, make itself a longer-lived successor, or leave a channel that outlives it.
   */
  sessionOnly?: boolean;
  /** The path parameters, one schema per `{name}` of the path. */
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The JSON answer; none for a 204, a redirect or an HTML page. */
  answer?: z.ZodType;
  /** The success status: 200 unless said otherwise. */
  status?: 200 | 201 | 204 | 302;
  /**
   * May answer 429. Per client address: `signIn` counts the failed calls that sign in or create
   * accounts (a success takes its count back, so colleagues behind one address are never
   * refused), `perAddress` every call (calls whose answer does not tell a failure: a reset
   * request, which mails whoever the address names, and the state of the printed setup link),
   * `linkState` the reads of a mailed link's state that find no such link (30 invitees of one
   * office opening their links are never refused; guessing links still is).
   * Per signed-in person: `costly` (calls that take the server's CPU, COSTLY_CALLS_PER_MINUTE)
   * and `examplePerPerson` (EXAMPLE_STRATEGIES_PER_HOUR). Per calendar address (the `{token}` of
   * the path): `perCalendarAddress` (CALENDAR_FETCHES_PER_HOUR), because calendar apps fetch from
   * their providers' shared addresses, where a per-address count would pool strangers.
   */
  rateLimit?: 'signIn' | 'perAddress' | 'linkState' | 'costly' | 'examplePerPerson' | 'perCalendarAddress';
  errors?: readonly EndpointErrorStatus[];
  /**
   * May be called by a session that must still set up two-factor sign-in (its organisation
   * requires it): the calls that set it up, read who is signed in, and sign out. Every other
   * authenticated call answers 403 `second_factor_setup_required` for such a session.
   */
  beforeSecondFactor?: boolean;
  /** Answers HTML instead of JSON. */
  html?: boolean;
  /** Answers a file of this type to download (Content-Disposition: attachment) instead of JSON. */
  file?: 'application/pdf' | 'text/csv' | 'text/calendar' | typeof XLSX_MEDIA_TYPE;
  /** A body larger than the usual 1 MiB this call accepts (an uploaded file); past it, a 413. */
  bodyLimitBytes?: number;
}

/** How many 'costly' calls one person may make a minute (a PDF takes tens of milliseconds of CPU). */
export const COSTLY_CALLS_PER_MINUTE = 20;

/** `{id}`: a record's id. */
export const idParams = z.object({ id: idSchema });
/** `{token}`: a token from a mailed or printed link. */
export const tokenParams = z.object({ token: z.string().max(500) });
/** `{uid}/{token}`: a password-reset link. */
export const resetLinkParams = z.object({ uid: z.string().max(500), token: z.string().max(500) });

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
type Sent<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What a handler on the server is given, parsed. */
export type EndpointInput<E extends Endpoint> = {
  params: Parsed<E['params']>;
  query: Parsed<E['query']>;
  body: Parsed<E['body']>;
};

/** What a client sends: only the parts the endpoint has. */
export type EndpointRequest<E extends Endpoint> = (E['params'] extends z.ZodType
  ? { params: Sent<E['params']> }
  : { params?: undefined }) &
  (E['query'] extends z.ZodType ? { query?: Sent<E['query']> } : { query?: undefined }) &
  (E['body'] extends z.ZodType ? { body: Sent<E['body']> } : { body?: undefined });

/** The answer as the client reads it (null for an endpoint without a JSON answer). */
export type EndpointAnswer<E extends Endpoint> = E['answer'] extends z.ZodType ? z.output<E['answer']> : null;
/** The answer as a handler writes it (anything for an endpoint without a JSON answer: nothing is sent). */
export type EndpointReply<E extends Endpoint> = E['answer'] extends z.ZodType
  ? z.input<E['answer']>
  : unknown;

/** The path with its parameters filled in, each encoded. */
export function endpointPath(endpoint: Endpoint, params?: Record<string, unknown>): string {
  return endpoint.path.replace(/\{(\w+)\}/g, (_match, name: string) =>
    encodeURIComponent(String(params?.[name] ?? '')),
  );
}
