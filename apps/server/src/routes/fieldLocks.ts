/** POST /lock-field/, POST /unlock-field/ and GET /locked-fields/ (the sockets are in realtime/sockets.ts). */
import type { fieldLockApi } from '@keystone/contract/endpoints/fieldLocks';
import type { AppContext } from '../core/context';
import type { AreaRoutes } from '../http/route';
import { listLockedFields, lockField, unlockField } from '../modules/fieldLocks/service';
import { connectionIdOf } from '../realtime/realtime';

export const fieldLocksRoutes = (ctx: AppContext): AreaRoutes<typeof fieldLockApi> => ({
  // The browser names its locks socket, so closing that socket releases exactly its locks.
  lock: ({ user, body, request }) =>
    lockField(ctx.db, user, body, {
      connectionId: connectionIdOf(request.headers['x-connection-id']),
      ttlMs: ctx.config.lockTtlMs,
    }),

  unlock: ({ user, body, request }) =>
    unlockField(ctx.db, user, body, connectionIdOf(request.headers['x-connection-id'])),

  list: ({ user, query }) => listLockedFields(ctx.db, user, query.strategy),
});
