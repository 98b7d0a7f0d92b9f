/** One error shape for every failure (DESIGN §3): `{detail, errors?}`, never a 500 for bad input. */
import { fieldErrors, MESSAGES } from '@keystone/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { z } from 'zod';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string, errors?: Record<string, string[]>) =>
  new HttpError(400, detail, errors);
export const forbidden = (detail: string) => new HttpError(403, detail);
export const notFound = (detail: string = MESSAGES.notFound) => new HttpError(404, detail);
export const conflict = (detail: string) => new HttpError(409, detail);

/** Parses input with a contract schema; the first message becomes `detail`, all go in `errors`. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors = fieldErrors(result.error.issues);
  const first = result.error.issues[0];
  throw badRequest(first?.message ?? 'Invalid input.', errors);
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
      return 'Unsupported content type: send JSON (application/json).';
    default:
      return error.message;
  }
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .send(error.errors ? { detail: error.detail, errors: error.errors } : { detail: error.detail });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ detail: MESSAGES.tooManyRequests });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ detail: frameworkMessage(error) });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ detail: MESSAGES.internalError });
  });
}
