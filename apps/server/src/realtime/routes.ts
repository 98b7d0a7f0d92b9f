/** POST /lock-field/, POST /unlock-field/, GET /locked-fields/ and the sockets /ws/locks/, /ws/streaming/. */
import { fieldLockRequest, idSchema } from '@keystone/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { currentUser, requireAuthentication } from '../http/authenticate';
import { parseInput } from '../http/errors';
import type { AuthenticatedUser } from '../modules/auth/keys';
import { listLockedFields, lockField, unlockField } from './locks';
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
    // The token is looked up before the upgrade, so a socket is registered by the time its
    // client sees it open: nothing committed after that is missed.
    const socketUsers = new WeakMap<FastifyRequest, AuthenticatedUser | null>();
    scope.addHook('preValidation', async (request) => {
      if (request.ws) socketUsers.set(request, await realtime.authenticate(request));
    });
    scope.get('/ws/locks/', { websocket: true }, (socket, request) =>
      realtime.accept(socket, request, 'locks', socketUsers.get(request) ?? null),
    );
    scope.get('/ws/streaming/', { websocket: true }, (socket, request) =>
      realtime.accept(socket, request, 'streaming', socketUsers.get(request) ?? null),
    );
  });
}
