/** /strategies/, /strategy/{id}, /strategy/create/, /strategy/example/, /strategy/update/{id}/, /strategy/delete/{id}/. */
import type { strategyApi } from '@keystone/contract/endpoints/strategies';
import { createExampleStrategy } from '../commands/startFromExample';
import type { AppContext } from '../core/context';
import { originOf } from '../core/securityEvents';
import type { AreaRoutes } from '../http/route';
import { takeStrategyCreation } from '../modules/strategies/creationQuota';
import {
  createStrategy,
  deleteStrategy,
  listStrategies,
  readStrategyPage,
  updateStrategy,
} from '../modules/strategies/service';

export const strategiesRoutes = (ctx: AppContext): AreaRoutes<typeof strategyApi> => ({
  list: ({ user }) => listStrategies(ctx, user),

  // The page is kept as JSON text (pageCache), so it is sent as it is, not serialised again.
  get: async ({ user, params, reply }) => {
    const json = await readStrategyPage(ctx, params.id, user);
    return reply.type('application/json; charset=utf-8').send(json);
  },

  create: async ({ user, body }) => {
    await takeStrategyCreation(ctx, user);
    return createStrategy(ctx, user, body);
  },

  example: async ({ user, request }) => {
    await takeStrategyCreation(ctx, user);
    return createExampleStrategy(ctx, user, originOf(request));
  },

  update: ({ user, params, body }) => updateStrategy(ctx, user, params.id, body),

  delete: ({ user, params }) => deleteStrategy(ctx, user, params.id),
});
