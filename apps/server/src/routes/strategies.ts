/** /strategies/, /strategy/{id}, /strategy/create/, /strategy/example/, /strategy/update/{id}/, /strategy/delete/{id}/. */
import { strategyApi } from '@keystone/contract/endpoints/strategies';
import type { FastifyInstance } from 'fastify';
import { createExampleStrategy } from '../commands/startFromExample';
import type { AppContext } from '../core/context';
import { originOf } from '../core/securityEvents';
import { route } from '../http/route';
import { takeStrategyCreation } from '../modules/strategies/creationQuota';
import {
  createStrategy,
  deleteStrategy,
  listStrategies,
  readStrategyPage,
  updateStrategy,
} from '../modules/strategies/service';

export function strategyRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, strategyApi.list, ({ user }) => listStrategies(ctx, user));

  // The page is kept as JSON text (pageCache), so it is sent as it is, not serialised again.
  route(app, ctx, strategyApi.get, async ({ user, params, reply }) => {
    const json = await readStrategyPage(ctx, params.id, user);
    return reply.type('application/json; charset=utf-8').send(json);
  });

  route(app, ctx, strategyApi.create, async ({ user, body }) => {
    await takeStrategyCreation(ctx, user);
    return createStrategy(ctx, user, body);
  });

  route(app, ctx, strategyApi.example, async ({ user, request }) => {
    await takeStrategyCreation(ctx, user);
    return createExampleStrategy(ctx, user, originOf(request));
  });

  route(app, ctx, strategyApi.update, ({ user, params, body }) => updateStrategy(ctx, user, params.id, body));

  route(app, ctx, strategyApi.delete, ({ user, params }) => deleteStrategy(ctx, user, params.id));
}
