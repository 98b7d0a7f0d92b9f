/** /strategy/{id}/activity/ and /initiative/{id}/activity/ (anyone who may view the strategy). */
import type { activityApi } from '@keystone/contract/endpoints/activity';
import type { AppContext } from '../core/context';
import type { AreaRoutes } from '../http/route';
import { initiativeActivity, strategyActivity } from '../modules/activity/read';

export const activityRoutes = (ctx: AppContext): AreaRoutes<typeof activityApi> => ({
  strategy: ({ user, params, query }) => strategyActivity(ctx, user, params.id, query),
  initiative: ({ user, params, query }) => initiativeActivity(ctx, user, params.id, query),
});
