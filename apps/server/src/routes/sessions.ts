/** HTTP side of the user's own sessions and the password change (issue 13). */
import { MESSAGES, SESSION_MESSAGES } from '@keystone/contract';
import { authApi } from '@keystone/contract/endpoints/auth';
import { sessionsApi } from '@keystone/contract/endpoints/sessions';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../core/context';
import { notFound } from '../core/errors';
import { endOtherSessions } from '../core/keys';
import { originOf, recordSecurityEvent } from '../core/securityEvents';
import { route } from '../http/route';
import { changePassword } from '../modules/auth/passwordChange';
import { endSession, listSessions } from '../modules/sessions/service';

export function sessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, sessionsApi.list, ({ user }) => listSessions(ctx.db, user));

  route(app, ctx, sessionsApi.end, async ({ user, params, request }) => {
    await ctx.db.transaction(async (tx) => {
      if (!(await endSession(tx, user.id, params.id))) throw notFound(MESSAGES.notFound);
      await recordSecurityEvent(tx, ctx.log, originOf(request), {
        kind: 'session_ended',
        userId: user.id,
        detail: { count: 1, sessionId: params.id },
      });
    });
    return { detail: SESSION_MESSAGES.sessionEnded };
  });

  route(app, ctx, sessionsApi.endOthers, async ({ user, request }) => {
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

  // Rate limited like the sign-in calls (its declaration says so), which slows guessing the old password.
  route(app, ctx, authApi.changePassword, async ({ user, body, request }) => {
    await changePassword(ctx, user, body, originOf(request));
    return { detail: SESSION_MESSAGES.passwordChanged };
  });
}
