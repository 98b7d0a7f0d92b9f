/** /focusarea/{id}, /focusarea/create/, /focusarea/update/{id}/, /focusarea/sort/{id}/, /focusarea/delete/{id}/. */
import { createFocusAreaRequest, sortRequest, updateFocusAreaRequest } from '@keystone/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { currentUser, requireAuthentication } from '../../http/authenticate';
import { parseInput } from '../../http/errors';
import { type IdParams, pathId } from '../strategies/routes';
import { createFocusArea, deleteFocusArea, getFocusArea, sortFocusArea, updateFocusArea } from './service';

export function focusAreaRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.register(async (scope) => {
    requireAuthentication(scope, ctx);

    scope.get<IdParams>('/api/focusarea/:id', async (request) =>
      getFocusArea(ctx, currentUser(request), pathId(request.params)),
    );

    scope.post('/api/focusarea/create/', async (request, reply) => {
      const input = parseInput(createFocusAreaRequest, request.body);
      return reply.status(201).send(await createFocusArea(ctx, currentUser(request), input));
    });

    scope.patch<IdParams>('/api/focusarea/update/:id/', async (request) => {
      const id = pathId(request.params);
      return updateFocusArea(ctx, currentUser(request), id, parseInput(updateFocusAreaRequest, request.body));
    });

    scope.patch<IdParams>('/api/focusarea/sort/:id/', async (request) => {
      const id = pathId(request.params);
      const { sort_index } = parseInput(sortRequest, request.body);
      return sortFocusArea(ctx, currentUser(request), id, sort_index);
    });

    scope.delete<IdParams>('/api/focusarea/delete/:id/', async (request, reply) => {
      await deleteFocusArea(ctx, currentUser(request), pathId(request.params));
      return reply.status(204).send();
    });
  });
}
