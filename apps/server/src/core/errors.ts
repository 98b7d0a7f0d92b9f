/** One error shape for every failure (DESIGN §3): `{detail, errors?}`, never a 500 for bad input. */
import { fieldErrors, MESSAGES } from '@keystone/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly errors?: Record<string, string[]>,
    /** More facts for the client beside `detail` (e.g. who holds a locked field). */
    readonly extra?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string, errors?: Record<string, string[]>) =>
  new HttpError(400, detail, errors);
export const forbidden = (detail: string) => new HttpError(403, detail);
export const notFound = (detail: string = MESSAGES.notFound) => new HttpError(404, detail);
export const conflict = (detail: string, extra?: Record<string, unknown>) =>
  new HttpError(409, detail, undefined, extra);
/** A 429 that says when to try again, in the body and in Retry-After. */
export const tooManyRequests = (detail: string, retryAfterSeconds: number) =>
  new HttpError(
    429,
    detail,
    undefined,
    { retry_after: retryAfterSeconds },
    { 'retry-after': String(retryAfterSeconds) },
  );

/** A 503 for work this instance has no room for now: when to try again, in the body and in Retry-After. */
export const busy = (detail: string, retryAfterSeconds: number) =>
  new HttpError(
    503,
    detail,
    undefined,
    { retry_after: retryAfterSeconds },
    { 'retry-after': String(retryAfterSeconds) },
  );

/** For a `.catch`: a 404 of the parent (e.g. the strategy) becomes a 404 naming the child. */
export const asNotFound =
  (detail: string) =>
  (error: unknown): never => {
    if (error instanceof HttpError && error.statusCode === 404) throw notFound(detail);
    throw error;
  };

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?:^|[^\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The dotted path of the first string PostgreSQL cannot store (a NUL character) or that is not
 * text at all (a lone UTF-16 surrogate, from a JSON escape such as "\ud800"), or null.
 * Iterative, because a 1 MiB body may nest hundreds of thousands of levels deep.
 */
function unstorableTextPath(input: unknown): string | null {
  const pending: Array<[unknown, string]> = [[input, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000') || LONE_SURROGATE.test(value)) return path;
    } else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) pending.push([child, path ? `${path}.${key}` : key]);
    }
  }
  return null;
}

/** Parses input with a contract schema; the first message becomes `detail`, all go in `errors`. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const badTextPath = unstorableTextPath(input);
  if (badTextPath !== null) {
    throw badRequest(MESSAGES.invalidCharacters, {
      [badTextPath || 'non_field_errors']: [MESSAGES.invalidCharacters],
    });
  }
  return parseWithSchema(schema, input);
}

/**
 * parseInput without the stored-text check, for input never stored as text: a path parameter
 * (an id, or a link's token, which an odd character makes an invalid link like any other).
 */
export function parseWithSchema<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors = fieldErrors(result.error.issues);
  const first = result.error.issues[0];
  throw badRequest(first?.message ?? MESSAGES.invalidInput, errors);
}

/** Fastify's own 4xx errors (parsing, size, media type) in our words. */
function frameworkMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return MESSAGES.bodyTooLarge;
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return MESSAGES.malformedJson;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return MESSAGES.unsupportedContentType;
    case 'FST_ERR_BAD_URL':
      return MESSAGES.invalidRequestAddress;
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return MESSAGES.requestAddressTooLong;
    default:
      return error.message;
  }
}

/**
 * The router's own refusals (a malformed percent-encoding, an overlong path segment) skip the
 * error handler; Fastify's `frameworkErrors` option sends them through this in our shape.
 */
export function frameworkErrorReply(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  // No hook runs for these, so the request id that every other answer carries is set here.
  reply.header('x-request-id', request.id);
  reply.status(error.statusCode ?? 400).send({ detail: frameworkMessage(error) });
}

const CONNECTION_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EAI_AGAIN']);
const CONNECTION_LOST = /Connection terminated|connection error|timeout exceeded when trying to connect/i;

/**
 * PostgreSQL out of reach (restarting, failing over, network): a 503 the client may retry, not
 * a 500. Looks through `cause`, since Drizzle wraps the driver's error. PostgreSQL codes: class
 * 08 (connection exception), 57P01–57P03 (shut down, crashed, not accepting connections yet).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (CONNECTION_ERROR_CODES.has(code) || /^(08|57P0[123])/.test(code)))
      return true;
    if (current instanceof Error && CONNECTION_LOST.test(current.message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send({
        ...error.extra,
        detail: error.detail,
        ...(error.errors && { errors: error.errors }),
      });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ detail: MESSAGES.tooManyRequests });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ detail: frameworkMessage(error) });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({ detail: MESSAGES.serviceUnavailable });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ detail: MESSAGES.internalError });
  });
}
