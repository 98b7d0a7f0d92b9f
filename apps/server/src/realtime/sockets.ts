/** The sockets /ws/locks/ and /ws/streaming/: admitted before the upgrade, then handed to the hub. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SignedIn } from '../core/actor';
import type { Realtime } from './realtime';

export function registerSockets(app: FastifyInstance, realtime: Realtime): void {
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
