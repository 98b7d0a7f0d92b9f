/**
 * SCIM 2.0 at /scim/v2/ (RFC 7643/7644; issue 31), registered by app.ts beside the declared
 * endpoints: SCIM has its own media type, PUT, paging and error shape, so it is not in the
 * contract's API. Every call presents an organisation's bearer token (modules/scim/tokens.ts)
 * and reaches that organisation's people only; every answer, failures included, is SCIM's.
 */
import { MESSAGES, SCIM_MESSAGES } from '@keystone/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { changeScimUser, createScimUser } from '../commands/scimUsers';
import type { AppContext } from '../core/context';
import { HttpError } from '../core/errors';
import { originOf } from '../core/securityEvents';
import { isDatabaseUnavailable } from '../http/errorReplies';
import {
  resourceTypes,
  schemas,
  serviceProviderConfig,
  userResourceType,
  userSchema,
} from '../modules/scim/discovery';
import { SCIM_MEDIA_TYPE, ScimError, scimErrorBody } from '../modules/scim/errors';
import { listResponse, parseUserQuery } from '../modules/scim/listing';
import { applyPatch } from '../modules/scim/patch';
import { type ScimCaller, scimBaseUrl, scimCallerOf } from '../modules/scim/tokens';
import { listScimUsers, readScimUser, userIdOf, userNotFound } from '../modules/scim/userReads';
import { presentScimUser, USER_SCHEMA, userFromBody } from '../modules/scim/userResource';

/** A User is a few hundred bytes; a provider never needs more than this, an attacker gets no further. */
const SCIM_BODY_LIMIT_BYTES = 64 * 1024;
const AUTHORIZATION_MAX = 200;

/** Fastify's and the other layers' failures, in SCIM's terms. */
function failureOf(error: FastifyError | HttpError | ScimError): ScimError | undefined {
  if (error instanceof ScimError) return error;
  if (error instanceof HttpError) {
    if (error.statusCode === 400 && error.detail === MESSAGES.malformedJson)
      return new ScimError(400, SCIM_MESSAGES.scimMalformedJson, 'invalidSyntax');
    return new ScimError(error.statusCode, error.detail);
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ScimError(413, SCIM_MESSAGES.scimBodyTooLarge);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ScimError(415, SCIM_MESSAGES.scimUnsupportedMediaType);
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ScimError(400, SCIM_MESSAGES.scimMalformedJson, 'invalidSyntax');
  }
  const status = error.statusCode ?? 500;
  if (status === 429) return new ScimError(429, MESSAGES.tooManyRequests);
  if (status >= 400 && status < 500) return new ScimError(status, error.message);
  return undefined;
}

const send = (reply: FastifyReply, status: number, body: unknown) =>
  reply.status(status).type(SCIM_MEDIA_TYPE).send(body);

function sendFailure(reply: FastifyReply, failure: ScimError) {
  return send(reply, failure.status, scimErrorBody(failure.status, failure.detail, failure.scimType));
}

export async function registerScimProtocol(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const callers = new WeakMap<FastifyRequest, ScimCaller>();
  const callerOf = (request: FastifyRequest) => callers.get(request)!;
  const baseUrl = scimBaseUrl(ctx);
  const idOf = (request: FastifyRequest<{ Params: { id: string } }>) => {
    const id = userIdOf(request.params.id);
    if (id === undefined) throw userNotFound();
    return id;
  };

  await app.register(
    async (scim) => {
      // Fastify reads text/plain as a string by default; SCIM bodies are JSON only.
      scim.removeContentTypeParser('text/plain');
      scim.setErrorHandler((error: FastifyError | HttpError | ScimError, request, reply) => {
        const failure = failureOf(error);
        if (failure) return sendFailure(reply, failure);
        if (isDatabaseUnavailable(error)) {
          request.log.warn({ err: error }, 'database unavailable');
          reply.header('retry-after', '5');
          return sendFailure(reply, new ScimError(503, MESSAGES.serviceUnavailable));
        }
        request.log.error({ err: error }, 'SCIM request failed');
        return sendFailure(reply, new ScimError(500, MESSAGES.internalError));
      });
      scim.setNotFoundHandler((_request, reply) =>
        sendFailure(reply, new ScimError(404, SCIM_MESSAGES.scimResourceNotFound)),
      );
      // Before the body is read: without a live token nothing more is done.
      scim.addHook('onRequest', async (request, reply) => {
        const header = request.headers.authorization ?? '';
        const token = header.length <= AUTHORIZATION_MAX ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
        const caller = token ? await scimCallerOf(ctx.db, token) : undefined;
        if (!caller) {
          reply.header('www-authenticate', 'Bearer realm="Keystone SCIM"');
          return sendFailure(reply, new ScimError(401, SCIM_MESSAGES.scimUnauthorized));
        }
        callers.set(request, caller);
      });

      // A provider's sync is a burst of calls; a token in the wrong hands (or a looping client)
      // must not take the server with it. Counted per organisation in the shared store (the
      // limiter runs after the token check above, a route's own hooks after the plugin's).
      const limited = {
        config: {
          rateLimit: {
            max: ctx.config.scimPerMinute,
            timeWindow: '1 minute',
            keyGenerator: (request: FastifyRequest) => `scim:${callerOf(request).organisationId}`,
          },
        },
      };

      scim.get('/ServiceProviderConfig', limited, (_request, reply) =>
        send(reply, 200, serviceProviderConfig(baseUrl)),
      );
      scim.get('/ResourceTypes', limited, (_request, reply) => send(reply, 200, resourceTypes(baseUrl)));
      scim.get('/ResourceTypes/User', limited, (_request, reply) =>
        send(reply, 200, userResourceType(baseUrl)),
      );
      scim.get('/Schemas', limited, (_request, reply) => send(reply, 200, schemas(baseUrl)));
      scim.get(`/Schemas/${USER_SCHEMA}`, limited, (_request, reply) =>
        send(reply, 200, userSchema(baseUrl)),
      );

      scim.get('/Users', limited, async (request, reply) => {
        const query = parseUserQuery(request.query as Record<string, unknown>);
        const { total, rows } = await listScimUsers(ctx.db, callerOf(request).organisationId, query);
        const resources = rows.map((row) => presentScimUser(row, baseUrl));
        return send(reply, 200, listResponse(resources, total, query.startIndex));
      });
      scim.post('/Users', { ...limited, bodyLimit: SCIM_BODY_LIMIT_BYTES }, async (request, reply) => {
        const row = await createScimUser(
          ctx,
          callerOf(request),
          userFromBody(request.body),
          originOf(request),
        );
        const user = presentScimUser(row, baseUrl);
        reply.header('location', user.meta.location);
        return send(reply, 201, user);
      });
      scim.get<{ Params: { id: string } }>('/Users/:id', limited, async (request, reply) => {
        const row = await readScimUser(ctx.db, callerOf(request).organisationId, idOf(request));
        return send(reply, 200, presentScimUser(row, baseUrl));
      });
      scim.put<{ Params: { id: string } }>(
        '/Users/:id',
        { ...limited, bodyLimit: SCIM_BODY_LIMIT_BYTES },
        async (request, reply) => {
          const change = (current: Parameters<typeof userFromBody>[1]) => userFromBody(request.body, current);
          const row = await changeScimUser(ctx, callerOf(request), idOf(request), change, originOf(request));
          return send(reply, 200, presentScimUser(row, baseUrl));
        },
      );
      scim.patch<{ Params: { id: string } }>(
        '/Users/:id',
        { ...limited, bodyLimit: SCIM_BODY_LIMIT_BYTES },
        async (request, reply) => {
          const change = (current: Parameters<typeof applyPatch>[0]) => applyPatch(current, request.body);
          const row = await changeScimUser(ctx, callerOf(request), idOf(request), change, originOf(request));
          return send(reply, 200, presentScimUser(row, baseUrl));
        },
      );
      scim.delete<{ Params: { id: string } }>('/Users/:id', limited, async (request, reply) => {
        const deactivate = (current: Parameters<typeof applyPatch>[0]) => ({ ...current, active: false });
        await changeScimUser(ctx, callerOf(request), idOf(request), deactivate, originOf(request));
        return reply.status(204).send();
      });
    },
    { prefix: '/scim/v2' },
  );
}
