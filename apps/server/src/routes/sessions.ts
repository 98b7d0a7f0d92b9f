/** HTTP side of the user's own sessions (issue 13) and the password change that ends the others. */
import { MESSAGES, SESSION_MESSAGES } from '@keystone/contract';
import type { sessionsApi } from '@keystone/contract/endpoints/sessions';
import type { AppContext } from '../core/context';
import { notFound } from '../core/errors';
import { endOtherSessions } from '../core/keys';
import { originOf, recordSecurityEvent } from '../core/securityEvents';
import type { AreaRoutes } from '../http/route';
import { changePassword } from '../modules/sessions/passwordChange';
import { endSession, listSessions } from '../modules/sessions/service';

export const sessionsRoutes = (ctx: AppContext): AreaRoutes<typeof sessionsApi> => ({
  list: ({ user }) => listSessions(ctx.db, user),

  end: async ({ user, params, request }) => {
    await ctx.db.transaction(async (tx) => {
      if (!(await endSession(tx, user.id, params.id))) throw notFound(MESSAGES.notFound);
      await recordSecurityEvent(tx, ctx.log, originOf(request), {
        kind: 'session_ended',
        userId: user.id,
        detail: { count: 1, sessionId: params.id },
      });
    });
    return { detail: SESSION_MESSAGES.sessionEnded };
  },

  endOthers: async ({ user, request }) => {
    await ctx.db.transaction(async (tx) => {
      const count = await endOtherSessions(tx, user.id, user.keyHash);
      await recordSecurityEvent(tx, ctx.log, originOf(request), {
        kind: 'session_ended',
        userId: user.id,
        detail: { count, allButCurrent: true },
      });
    });
    return { detail: SESSION_MESSAGES.otherSessionsEnded };
  },

  // Rate limited like the sign-in calls (its declaration says so), which slows guessing the old password.
  changePassword: async ({ user, body, request }) => {
    await changePassword(ctx, user, body, originOf(request));
    return { detail: SESSION_MESSAGES.passwordChanged };
  },
});
