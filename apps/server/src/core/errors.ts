/**
 * The errors a rule throws (DESIGN §3): a status, `detail`, and field errors or more facts beside
 * it. http/errorReplies.ts turns them into the one answer shape `{detail, errors?}`.
 */
import { MESSAGES } from '@keystone/contract';

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
