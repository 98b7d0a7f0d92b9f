/** POST /lock-field/, POST /unlock-field/, GET /locked-fields/ and the sockets /ws/locks/, /ws/streaming/. */
import { fieldLockRequest, idSchema } from '@keystone/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { currentUser, requireAuthentication } from '../http/authenticate';
import { parseInput } from '../http/errors';
import type { AuthenticatedUser } from '../modules/auth/keys';
import { listLockedFields, lockField, unlockField } from '../modules/field-locks/service';
import { connectionIdOf, type Realtime } from './realtime';

export function realtimeRoutes(app: FastifyInstance, ctx: AppContext, realtime: Realtime): void {
  app.register(async (scope) => {
    requireAuthentication(scope, ctx);

    // The browser names its locks socket, so closing that socket releases exactly its locks.
    scope.post('/api/lock-field/', async (request) =>
      lockField(ctx.db, currentUser(request), parseInput(fieldLockRequest, request.body), {
        connectionId: connectionIdOf(request.headers['x-connection-id']),
        ttlMs: ctx.config.lockTtlMs,
      }),
    );

    scope.post('/api/unlock-field/', async (request) =>
      unlockField(
        ctx.db,
        currentUser(request),
        parseInput(fieldLockRequest, request.body),
        connectionIdOf(request.headers['x-connection-id']),
      ),
    );

    scope.get<{ Querystring: { strategy?: string } }>('/api/locked-fields/', async (request) => {
      const { strategy } = request.query;
      return listLockedFields(
        ctx.db,
        currentUser(request),
        strategy === undefined ? undefined : parseInput(idSchema, strategy),
      );
    });
  });

  app.register(async (scope) => {
    // Origin, key and the per-key cap are checked before the upgrade: a refused socket gets an
    // HTTP answer (401, 403, 429, or 503 while the database is down) and never opens.
    const socketUsers = new WeakMap<FastifyRequest, AuthenticatedUser>();
    scope.addHook('onRequest', async (request, reply) => {
      if (!request.ws) return;
      const admission = await realtime.admit(request);
      if ('user' in admission) {
        socketUsers.set(request, admission.user);
        return;
      }
      if (admission.refused === 503) reply.header('retry-after', '5');
      return reply.status(admission.refused).send({ detail: admission.detail });
    });
    scope.get('/ws/locks/', { websocket: true }, (socket, request) =>
      realtime.accept(socket, request, 'locks', socketUsers.get(request) ?? null),
    );
    scope.get('/ws/streaming/', { websocket: true }, (socket, request) =>
      realtime.accept(socket, request, 'streaming', socketUsers.get(request) ?? null),
    );
  });
}
