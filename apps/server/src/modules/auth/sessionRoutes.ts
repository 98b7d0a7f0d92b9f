/** HTTP side of the user's own sessions and the password change (issue 13). */
import { idSchema, MESSAGES, passwordChangeRequest, SESSION_MESSAGES } from '@keystone/contract';
import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import type { AppContext } from '../../context';
import { currentUser, requireAuthentication } from '../../http/authenticate';
import { notFound, parseInput } from '../../http/errors';
import { changePassword } from './passwordChange';
import { originOf, recordSecurityEvent } from './securityEvents';
import { endOtherSessions, endSession, listSessions } from './sessions';

/** `limited`: the account calls' per-address rate limit, which also slows guessing the old password. */
export function sessionRoutes(app: FastifyInstance, ctx: AppContext, limited: RouteShorthandOptions): void {
  app.register(async (scope) => {
    requireAuthentication(scope, ctx);

    scope.get('/api/auth/sessions/', async (request) => listSessions(ctx.db, currentUser(request)));

    scope.delete<{ Params: { id: string } }>('/api/auth/sessions/:id/', async (request) => {
      const user = currentUser(request);
      const id = parseInput(idSchema, request.params.id);
      await ctx.db.transaction(async (tx) => {
        if (!(await endSession(tx, user.id, id))) throw notFound(MESSAGES.notFound);
        await recordSecurityEvent(tx, ctx.log, originOf(request), {
          kind: 'session_ended',
          userId: user.id,
          detail: { count: 1, sessionId: id },
        });
      });
      return { detail: SESSION_MESSAGES.sessionEnded };
    });

    scope.post('/api/auth/sessions/revoke-others/', async (request) => {
      const user = currentUser(request);
      await ctx.db.transaction(async (tx) => {
        const count = await endOtherSessions(tx, user.id, user.keyHash);
        await recordSecurityEvent(tx, ctx.log, originOf(request), {
          kind: 'session_ended',
          userId: user.id,
          detail: { count, allButCurrent: true },
        });
      });
      return { detail: SESSION_MESSAGES.otherSessionsEnded };
    });

    scope.post('/api/auth/password/change/', limited, async (request) => {
      const input = parseInput(passwordChangeRequest, request.body);
      await changePassword(ctx, currentUser(request), input, originOf(request));
      return { detail: SESSION_MESSAGES.passwordChanged };
    });
  });
}
