/** /initiative/{id}/timelines/, /timeline/create/, /timeline/update/{id}/, /timeline/delete/{id}/. */
import { createTimelineRequest, updateTimelineRequest } from '@keystone/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { currentUser, requireAuthentication } from '../../http/authenticate';
import { parseInput } from '../../http/errors';
import { type IdParams, pathId } from '../strategies/routes';
import { createTimeline, deleteTimeline, listTimelines, updateTimeline } from './service';

export function timelineRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.register(async (scope) => {
    requireAuthentication(scope, ctx);

    scope.get<IdParams>('/api/initiative/:id/timelines/', async (request) =>
      listTimelines(ctx, currentUser(request), pathId(request.params)),
    );

    scope.post('/api/timeline/create/', async (request, reply) => {
      const input = parseInput(createTimelineRequest, request.body);
      return reply.status(201).send(await createTimeline(ctx, currentUser(request), input));
    });

    scope.patch<IdParams>('/api/timeline/update/:id/', async (request) => {
      const id = pathId(request.params);
      return updateTimeline(ctx, currentUser(request), id, parseInput(updateTimelineRequest, request.body));
    });

    scope.delete<IdParams>('/api/timeline/delete/:id/', async (request, reply) => {
      await deleteTimeline(ctx, currentUser(request), pathId(request.params));
      return reply.status(204).send();
    });
  });
}
