/** One error shape for every failure (DESIGN §3): `{detail, errors?}`, never a 500 for bad input. */
import { MESSAGES } from '@keystone/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../core/errors';

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
