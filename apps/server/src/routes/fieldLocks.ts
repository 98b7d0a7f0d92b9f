/** POST /lock-field/, POST /unlock-field/, GET /locked-fields/ and the sockets /ws/locks/, /ws/streaming/. */
import { fieldLockApi } from '@keystone/contract/endpoints/fieldLocks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SignedIn } from '../core/actor';
import type { AppContext } from '../core/context';
import { route } from '../http/route';
import { listLockedFields, lockField, unlockField } from '../modules/fieldLocks/service';
import { connectionIdOf, type Realtime } from '../realtime/realtime';

export function realtimeRoutes(app: FastifyInstance, ctx: AppContext, realtime: Realtime): void {
  // The browser names its locks socket, so closing that socket releases exactly its locks.
  route(app, ctx, fieldLockApi.lock, ({ user, body, request }) =>
    lockField(ctx.db, user, body, {
      connectionId: connectionIdOf(request.headers['x-connection-id']),
      ttlMs: ctx.config.lockTtlMs,
    }),
  );

  route(app, ctx, fieldLockApi.unlock, ({ user, body, request }) =>
    unlockField(ctx.db, user, body, connectionIdOf(request.headers['x-connection-id'])),
  );

  route(app, ctx, fieldLockApi.list, ({ user, query }) => listLockedFields(ctx.db, user, query.strategy));

  app.register(async (scope) => {
    // Origin, key and the per-key cap are checked before the upgrade: a refused socket gets an
    // HTTP answer (401, 403, 429, or 503 while the database is down) and never opens.
    const socketUsers = new WeakMap<FastifyRequest, SignedIn>();
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
