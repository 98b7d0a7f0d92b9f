/** /strategy/{id}/activity/ and /initiative/{id}/activity/ (anyone who may view the strategy). */
import { initiativeApi } from '@keystone/contract/endpoints/initiatives';
import { strategyApi } from '@keystone/contract/endpoints/strategies';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../core/context';
import { route } from '../http/route';
import { initiativeActivity, strategyActivity } from '../modules/activity/read';

export function activityRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, strategyApi.activity, ({ user, params, query }) =>
    strategyActivity(ctx, user, params.id, query),
  );

  route(app, ctx, initiativeApi.activity, ({ user, params, query }) =>
    initiativeActivity(ctx, user, params.id, query),
  );
}
