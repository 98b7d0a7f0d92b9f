/**
 * The one HTTP client of the app: JSON in and out, the session's token, and the error shape of
 * DESIGN §3 turned into ApiError. Every endpoint module goes through apiRequest.
 */
import {
  AUTH_CODES,
  type Endpoint,
  type EndpointAnswer,
  type EndpointRequest,
  endpointPath,
  errorResponse,
  MESSAGES,
} from '@keystone/contract';
import { clearSession, markSecondFactorSetupDue, readSession } from './session';

/** An HTTP error answer, or a network failure (status 0). */
export class ApiError extends Error {
  readonly status: number;
  /** The server's message, when it sent one in the agreed shape. */
  readonly detail: string | null;
  /** Per-field messages of a 400, keyed by wire field name. */
  readonly fieldErrors: Record<string, string[]>;
  /** The whole answer, for calls whose errors carry more than the agreed shape (e.g. a lock's holder). */
  readonly body: unknown;
  /** The error body's `code` (CONFLICT_CODES, AUTH_CODES), for refusals a screen acts on. */
  readonly code: string | null;

  constructor(
    status: number,
    detail: string | null,
    fieldErrors: Record<string, string[]> = {},
    body: unknown = null,
  ) {
    super(detail ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.fieldErrors = fieldErrors;
    this.body = body;
    const code = (body as { code?: unknown } | null)?.code;
    this.code = typeof code === 'string' ? code : null;
  }
}

/** A successful answer whose body is not what the contract promises. */
export class ResponseShapeError extends Error {
  constructor(path: string) {
    super(`Unexpected response from ${path}`);
    this.name = 'ResponseShapeError';
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.length === 0) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Spec §4: a stale token ends the session, and a reload shows the login page. */
export function endInvalidSession(): void {
  if (readSession() === null) return;
  clearSession();
  window.location.reload();
}

/** What a call sends: the endpoint's parts, and any extra headers. */
export type ApiRequestOptions<E extends Endpoint> = EndpointRequest<E> & { headers?: Record<string, string> };

/**
 * Sends a call of the contract and answers its successful response, unread: fills its path, sends
 * its query and body with the session's key; an error answer becomes an ApiError.
 */
export async function apiResponse<E extends Endpoint>(
  endpoint: E,
  request: ApiRequestOptions<E>,
  accept = 'application/json',
): Promise<Response> {
  let path = endpointPath(endpoint, request.params as Record<string, unknown> | undefined);
  const query = Object.entries((request.query ?? {}) as Record<string, unknown>).filter(
    ([, v]) => v !== undefined,
  );
  if (query.length > 0) path += `?${new URLSearchParams(query.map(([k, v]) => [k, String(v)]))}`;

  const session = readSession();
  const headers: Record<string, string> = { ...request.headers, Accept: accept };
  if (session) headers.Authorization = `Token ${session.token}`;
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method: endpoint.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    });
  } catch {
    throw new ApiError(0, null);
  }
  if (response.ok) return response;
  const json = await readJson(response);
  const error = errorResponse.safeParse(json);
  const detail = error.success ? error.data.detail : null;
  if (response.status === 403 && detail === MESSAGES.invalidToken) endInvalidSession();
  // Any call may be the first to learn it: the app then leads to the two-factor set-up (RequireLogin).
  if (response.status === 403 && error.success && error.data.code === AUTH_CODES.secondFactorSetupRequired) {
    markSecondFactorSetupDue();
  }
  throw new ApiError(response.status, detail, error.success ? (error.data.errors ?? {}) : {}, json);
}

/**
 * Calls an endpoint of the contract and checks the answer against its declared schema (anything
 * else is a ResponseShapeError; an endpoint without a JSON answer must answer nothing).
 */
export async function apiRequest<E extends Endpoint>(
  endpoint: E,
  request: ApiRequestOptions<E>,
): Promise<EndpointAnswer<E>> {
  const response = await apiResponse(endpoint, request);
  const json = await readJson(response);
  if (endpoint.answer === undefined) {
    if (json !== null) throw new ResponseShapeError(response.url || endpoint.path);
    return null as EndpointAnswer<E>;
  }
  const parsed = endpoint.answer.safeParse(json);
  if (!parsed.success) throw new ResponseShapeError(response.url || endpoint.path);
  return parsed.data as EndpointAnswer<E>;
}
