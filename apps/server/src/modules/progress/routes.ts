/**
 * Progress calls of spec §7: notification settings, comment updates and the locked history,
 * plus the status trend behind the progress page's chart.
 */
import {
  lockedCommentsRequest,
  updateCommentRequest,
  updateNotificationSettingsRequest,
} from '@keystone/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { currentUser, requireAuthentication } from '../../http/authenticate';
import { parseInput } from '../../http/errors';
import { type IdParams, pathId } from '../strategies/routes';
import { lockedComments, lockedDates, statusHistory, updateComment } from './comments';
import { getSettings, updateSettings } from './settings';

export function progressRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.register(async (scope) => {
    requireAuthentication(scope, ctx);

    scope.get<IdParams>('/api/notification-settings/:id/', async (request) =>
      getSettings(ctx, currentUser(request), pathId(request.params)),
    );

    scope.patch<IdParams>('/api/notification-settings/update/:id/', async (request) => {
      const id = pathId(request.params);
      const input = parseInput(updateNotificationSettingsRequest, request.body);
      return updateSettings(ctx, currentUser(request), id, input);
    });

    scope.patch<IdParams>('/api/comments/update/:id/', async (request) => {
      const id = pathId(request.params);
      const input = parseInput(updateCommentRequest, request.body);
      return updateComment(ctx, currentUser(request), id, input);
    });

    scope.get<IdParams>('/api/locked-comment-dates/:id/', async (request) =>
      lockedDates(ctx, currentUser(request), pathId(request.params)),
    );

    scope.post('/api/locked-comments/', async (request) => {
      const input = parseInput(lockedCommentsRequest, request.body);
      return lockedComments(ctx, currentUser(request), input.strategy_id, input.date);
    });

    scope.get<IdParams>('/api/status-history/:id/', async (request) =>
      statusHistory(ctx, currentUser(request), pathId(request.params)),
    );
  });
}
