/**
 * Registers an area's routes from their contract declarations (packages/contract/src/endpoints):
 * the path, the method, whether a key is needed, the rate limit and the input schemas all come
 * from the declaration, so the server, the OpenAPI document and the web client cannot drift
 * apart. An area gives one handler per declared endpoint (AreaRoutes), checked by the compiler.
 */
import {
  CALENDAR_FETCHES_PER_HOUR,
  COSTLY_CALLS_PER_MINUTE,
  type Endpoint,
  type EndpointInput,
  type EndpointReply,
  EXAMPLE_STRATEGIES_PER_HOUR,
  EXAMPLE_STRATEGY_TEXTS,
  MESSAGES,
} from '@keystone/contract';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerAsyncHookHandler,
  RouteShorthandOptions,
} from 'fastify';
import type { z } from 'zod';
import type { SignedIn } from '../core/actor';
import type { AppContext } from '../core/context';
import { tooManyRequests } from '../core/errors';
import type { KeyGate } from '../core/keyGate';
import { sha256 } from '../lib/secrets';
import { administratorsOnly, authenticate } from './authenticate';
import { parseInput, parseWithSchema } from './input';
import { counterScope, releaseHit } from './rateLimitStore';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every endpoint registered through route(), so a test can tell them from routes added by hand. */
    routedEndpoints: Endpoint[];
  }
}

/** Called once on the root instance, before any route(): its scopes push to the same list. */
export function recordRoutedEndpoints(app: FastifyInstance): void {
  app.decorate('routedEndpoints', []);
}

/** What a handler is given: the parsed input, the signed-in user of an authenticated call, and the raw request. */
export type RouteInput<E extends Endpoint> = EndpointInput<E> & {
  user: E['auth'] extends true ? SignedIn : null;
  request: FastifyRequest;
  reply: FastifyReply;
};

/** A handler answers the declared body, or the reply it has sent itself (a cookie, a ready-made JSON text). */
export type RouteHandler<E extends Endpoint> = (
  input: RouteInput<E>,
) => Promise<EndpointReply<E> | FastifyReply>;

/** `{name}` → `:name`, Fastify's form of a path parameter. */
export const fastifyUrl = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/**
 * Each path parameter on its own, so a bad id is refused as it always was: `detail` and
 * `non_field_errors`, "A valid id is required.". By its schema alone: a token with an odd
 * character goes on to its check, which answers it as an invalid link.
 */
function parseParams(schema: z.ZodObject | undefined, raw: unknown): unknown {
  if (!schema) return undefined;
  const values = raw as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(schema.shape).map(([name, field]) => [
      name,
      parseWithSchema(field as z.ZodType, values[name]),
    ]),
  );
}

export interface RouteOptions {
  /** Keys found valid moments ago pass without a lookup: for a handler that checks the key itself. */
  keyGate?: KeyGate;
  /** Runs before the key is looked up: a refusal that must cost no database work (modules/pdf/keyGate.ts). */
  admit?: onRequestHookHandler;
  /** Anyone but an administrator is refused, once the key is checked and before the input is parsed. */
  administrators?: true;
  /** Runs before the input is parsed: the body as the declaration reads it (an older client's names). */
  prepare?: preHandlerAsyncHookHandler;
  /** This endpoint's own error reply; what it throws goes on to the app's error handler. */
  errorHandler?: RouteShorthandOptions['errorHandler'];
}

/** A handler, with the options its endpoint needs. */
export interface RouteWithOptions<E extends Endpoint> extends RouteOptions {
  handler: RouteHandler<E>;
}

/**
 * An area's routes: one handler for every endpoint its contract file declares, under the same
 * name. A missing or misspelt name fails the type check.
 */
export type AreaRoutes<Api extends Record<string, Endpoint>> = {
  [Name in keyof Api]: RouteHandler<Api[Name]> | RouteWithOptions<Api[Name]>;
};

/**
 * A declared limit as @fastify/rate-limit options. A per-person limit counts after the key is
 * checked (preHandler), by user id, so people behind one address do not share it.
 */
function rateLimitOf(ctx: AppContext, kind: NonNullable<Endpoint['rateLimit']>) {
  if (kind === 'signIn' || kind === 'perAddress' || kind === 'linkState') {
    return { max: ctx.config.authRateLimit, timeWindow: '1 minute', keyGenerator: addressOf };
  }
  if (kind === 'perCalendarAddress') {
    return { max: CALENDAR_FETCHES_PER_HOUR, timeWindow: '1 hour', keyGenerator: calendarAddressOf };
  }
  const perPerson = {
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `user:${(request.user as SignedIn).id}`,
  };
  if (kind === 'costly') return { ...perPerson, max: COSTLY_CALLS_PER_MINUTE, timeWindow: '1 minute' };
  return {
    ...perPerson,
    max: EXAMPLE_STRATEGIES_PER_HOUR,
    timeWindow: '1 hour',
    // The shared 429 text asks for a minute's wait; this limit is counted by the hour.
    errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
      tooManyRequests(EXAMPLE_STRATEGY_TEXTS.tooMany, Math.ceil(context.ttl / 1000)),
  };
}

/** The client's address (behind proxies, as far as TRUST_PROXY allows): the key of a per-address limit. */
const addressOf = (request: FastifyRequest) => request.ip;

/** A calendar address's secret, hashed: the counters table never holds a working address. */
const calendarAddressOf = (request: FastifyRequest) =>
  `calendar:${sha256(String((request.params as { token?: unknown }).token ?? ''))}`;

/** A sign-in call succeeded. */
const succeeded = (reply: FastifyReply) => reply.statusCode < 400;

/** A link's state was read and the link exists (pending or verified): not a guess. */
const linkFound = (reply: FastifyReply, payload: unknown) =>
  reply.statusCode < 400 && typeof payload === 'string' && !payload.includes('"state":"invalid"');

/**
 * A call's success takes back its count (releaseHit), before the answer leaves, so the client's
 * next call finds it gone: per address, only failures use up the limit.
 */
function releaseOnSuccess(
  ctx: AppContext,
  endpoint: Endpoint,
  success: (reply: FastifyReply, payload: unknown) => boolean,
) {
  const scope = counterScope(endpoint.method, fastifyUrl(endpoint.path));
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (success(reply, payload)) await releaseHit(ctx.db, `${scope}${addressOf(request)}`);
    return payload;
  };
}

/**
 * A signed-in person's change takes from their write rate (writeRate.ts) before its body is read:
 * past it, a 429 that says when to try again.
 */
const limitWrites = (ctx: AppContext) => async (request: FastifyRequest) => {
  const waitSeconds = ctx.writeRate.take((request.user as SignedIn).id);
  if (waitSeconds > 0) throw tooManyRequests(MESSAGES.tooManyWrites, waitSeconds);
};

function route<E extends Endpoint>(
  app: FastifyInstance,
  ctx: AppContext,
  endpoint: E,
  handler: RouteHandler<E>,
  options: RouteOptions = {},
): void {
  app.routedEndpoints.push(endpoint);
  const preHandler = [
    ...(options.administrators ? [administratorsOnly] : []),
    ...(options.prepare ? [options.prepare] : []),
  ];
  app.route({
    method: endpoint.method,
    url: fastifyUrl(endpoint.path),
    ...(endpoint.bodyLimitBytes && { bodyLimit: endpoint.bodyLimitBytes }),
    ...(endpoint.auth && {
      onRequest: [
        ...(options.admit ? [options.admit] : []),
        authenticate(ctx, endpoint, options.keyGate),
        ...(endpoint.method === 'GET' ? [] : [limitWrites(ctx)]),
      ],
    }),
    ...(preHandler.length > 0 && { preHandler }),
    ...(options.errorHandler && { errorHandler: options.errorHandler }),
    ...(endpoint.rateLimit && { config: { rateLimit: rateLimitOf(ctx, endpoint.rateLimit) } }),
    ...(endpoint.rateLimit === 'signIn' && { onSend: releaseOnSuccess(ctx, endpoint, succeeded) }),
    ...(endpoint.rateLimit === 'linkState' && { onSend: releaseOnSuccess(ctx, endpoint, linkFound) }),
    handler: async (request, reply) => {
      const input = {
        params: parseParams(endpoint.params, request.params),
        query: endpoint.query ? parseInput(endpoint.query, request.query) : undefined,
        body: endpoint.body ? parseInput(endpoint.body, request.body) : undefined,
      } as EndpointInput<E>;
      const user = request.user as RouteInput<E>['user'];
      const answer = await handler({ ...input, user, request, reply });
      if (answer === reply || reply.sent) return reply;
      reply.status(endpoint.status ?? 200);
      return endpoint.status === 204 ? reply.send() : reply.send(answer);
    },
  });
}

/** Registers every endpoint of an area (its contract object) with its handler from `routes`. */
export function registerArea<Api extends Record<string, Endpoint>>(
  app: FastifyInstance,
  ctx: AppContext,
  api: Api,
  routes: AreaRoutes<Api>,
): void {
  for (const name of Object.keys(api)) {
    // The pairing of each endpoint with its handler is checked where `routes` is written.
    const entry = routes[name] as RouteHandler<Endpoint> | RouteWithOptions<Endpoint>;
    const { handler, ...options } = typeof entry === 'function' ? { handler: entry } : entry;
    route(app, ctx, api[name] as Endpoint, handler, options);
  }
}

/** An area whose every endpoint is for administrators only (see RouteOptions.administrators). */
export function forAdministrators<Api extends Record<string, Endpoint>>(
  _api: Api,
  routes: NoInfer<AreaRoutes<Api>>,
): AreaRoutes<Api> {
  const entries = Object.entries(routes).map(([name, entry]) => [
    name,
    typeof entry === 'function'
      ? { handler: entry, administrators: true }
      : { ...entry, administrators: true },
  ]);
  return Object.fromEntries(entries) as AreaRoutes<Api>;
}
