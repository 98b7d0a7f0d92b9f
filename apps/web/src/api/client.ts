/**
 * The one HTTP client of the app: JSON in and out, the session's token, and the error shape of
 * DESIGN §3 turned into ApiError. Every endpoint module goes through apiRequest.
 */
import {
  type Endpoint,
  type EndpointAnswer,
  type EndpointRequest,
  endpointPath,
  errorResponse,
  MESSAGES,
} from '@keystone/contract';
import { clearSession, readSession } from './session';

/** An HTTP error answer, or a network failure (status 0). */
export class ApiError extends Error {
  readonly status: number;
  /** The server's message, when it sent one in the agreed shape. */
  readonly detail: string | null;
  /** Per-field messages of a 400, keyed by wire field name. */
  readonly fieldErrors: Record<string, string[]>;
  /** The whole answer, for calls whose errors carry more than the agreed shape (e.g. a lock's holder). */
  readonly body: unknown;

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
  }
}

/** A successful answer whose body is not what the contract promises. */
export class ResponseShapeError extends Error {
  constructor(path: string) {
    super(`Unexpected response from ${path}`);
    this.name = 'ResponseShapeError';
  }
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Any contract schema (zod) that can check an answer; typed structurally to keep zod out of the web code. */
export interface ResponseSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

/** The empty answer of a 204 (e.g. a DELETE). */
export const noContent: ResponseSchema<null> = {
  safeParse: (data) => (data === null ? { success: true, data: null } : { success: false }),
};

interface RequestOptions<T> {
  method?: Method;
  body?: unknown;
  /** The contract schema of the answer; anything else becomes a ResponseShapeError. */
  response: ResponseSchema<T>;
  headers?: Record<string, string>;
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

/**
 * Calls an endpoint of the contract: fills its path, sends its body, and checks the answer
 * against its declared schema (anything else is a ResponseShapeError).
 */
export function apiRequest<E extends Endpoint>(
  endpoint: E,
  request: EndpointRequest<E> & { headers?: Record<string, string> },
): Promise<EndpointAnswer<E>> {
  let path = endpointPath(endpoint, request.params as Record<string, unknown> | undefined).replace(
    /^\/api/,
    '',
  );
  const query = Object.entries((request.query ?? {}) as Record<string, unknown>).filter(
    ([, v]) => v !== undefined,
  );
  if (query.length > 0) path += `?${new URLSearchParams(query.map(([k, v]) => [k, String(v)]))}`;
  return legacyApiRequest(path, {
    method: endpoint.method,
    body: request.body,
    headers: request.headers,
    response: (endpoint.answer ?? noContent) as ResponseSchema<EndpointAnswer<E>>,
  });
}

export async function legacyApiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const session = readSession();
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  if (session) headers.Authorization = `Token ${session.token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    throw new ApiError(0, null);
  }

  const json = await readJson(response);
  if (!response.ok) {
    const error = errorResponse.safeParse(json);
    const detail = error.success ? error.data.detail : null;
    if (response.status === 403 && detail === MESSAGES.invalidToken) endInvalidSession();
    throw new ApiError(response.status, detail, error.success ? (error.data.errors ?? {}) : {}, json);
  }

  const parsed = options.response.safeParse(json);
  if (!parsed.success) throw new ResponseShapeError(path);
  return parsed.data;
}
