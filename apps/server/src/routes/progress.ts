/**
 * Progress calls of spec §7: notification settings, comment updates and the locked history,
 * plus the status trend behind the progress page's chart.
 */
import type { progressApi } from '@keystone/contract/endpoints/progress';
import type { AppContext } from '../core/context';
import type { AreaRoutes } from '../http/route';
import { lockedComments, lockedDates, statusHistory, updateComment } from '../modules/progress/comments';
import { getSettings, updateSettings } from '../modules/progress/settings';

export const progressRoutes = (ctx: AppContext): AreaRoutes<typeof progressApi> => ({
  notificationSettings: ({ user, params }) => getSettings(ctx, user, params.id),
  updateNotificationSettings: ({ user, params, body }) => updateSettings(ctx, user, params.id, body),
  // The autosave checks the key again in its own statement (commentWrite.ts).
  updateComment: {
    keyGate: ctx.keyGate,
    handler: ({ user, params, body }) => updateComment(ctx, user, params.id, body),
  },
  lockedCommentDates: ({ user, params }) => lockedDates(ctx, user, params.id),
  lockedComments: ({ user, body }) => lockedComments(ctx, user, body.strategy_id, body.date),
  statusHistory: ({ user, params }) => statusHistory(ctx, user, params.id),
});
