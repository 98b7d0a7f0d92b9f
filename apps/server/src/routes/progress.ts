/**
 * Progress calls of spec §7: notification settings, comment updates and the locked history,
 * plus the status trend behind the progress page's chart.
 */
import { progressApi } from '@keystone/contract/endpoints/progress';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../core/context';
import { route } from '../http/route';
import { lockedComments, lockedDates, statusHistory, updateComment } from '../modules/progress/comments';
import { getSettings, updateSettings } from '../modules/progress/settings';

export function progressRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, progressApi.notificationSettings, ({ user, params }) => getSettings(ctx, user, params.id));
  route(app, ctx, progressApi.updateNotificationSettings, ({ user, params, body }) =>
    updateSettings(ctx, user, params.id, body),
  );
  // The autosave checks the key again in its own statement (commentWrite.ts).
  route(
    app,
    ctx,
    progressApi.updateComment,
    ({ user, params, body }) => updateComment(ctx, user, params.id, body),
    { keyGate: ctx.keyGate },
  );
  route(app, ctx, progressApi.lockedCommentDates, ({ user, params }) => lockedDates(ctx, user, params.id));
  route(app, ctx, progressApi.lockedComments, ({ user, body }) =>
    lockedComments(ctx, user, body.strategy_id, body.date),
  );
  route(app, ctx, progressApi.statusHistory, ({ user, params }) => statusHistory(ctx, user, params.id));
}
