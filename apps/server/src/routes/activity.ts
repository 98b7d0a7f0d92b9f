/** /strategy/{id}/activity/ and /initiative/{id}/activity/ (anyone who may view the strategy). */
import { activityApi } from '@keystone/contract/endpoints/activity';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../core/context';
import { route } from '../http/route';
import { initiativeActivity, strategyActivity } from '../modules/activity/read';

export function activityRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, activityApi.strategy, ({ user, params, query }) =>
    strategyActivity(ctx, user, params.id, query),
  );

  route(app, ctx, activityApi.initiative, ({ user, params, query }) =>
    initiativeActivity(ctx, user, params.id, query),
  );
}
