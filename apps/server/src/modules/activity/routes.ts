/** /strategy/{id}/activity/ and /initiative/{id}/activity/ (anyone who may view the strategy). */
import { activityQuery } from '@keystone/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { currentUser, requireAuthentication } from '../../http/authenticate';
import { parseInput } from '../../http/errors';
import { type IdParams, pathId } from '../strategies/routes';
import { initiativeActivity, strategyActivity } from './read';

export function activityRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.register(async (scope) => {
    requireAuthentication(scope, ctx);

    scope.get<IdParams>('/api/strategy/:id/activity/', async (request) =>
      strategyActivity(
        ctx,
        currentUser(request),
        pathId(request.params),
        parseInput(activityQuery, request.query),
      ),
    );

    scope.get<IdParams>('/api/initiative/:id/activity/', async (request) =>
      initiativeActivity(
        ctx,
        currentUser(request),
        pathId(request.params),
        parseInput(activityQuery, request.query),
      ),
    );
  });
}
