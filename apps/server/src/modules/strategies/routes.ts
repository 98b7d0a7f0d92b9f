/** /strategies/, /strategy/{id}, /strategy/create/, /strategy/update/{id}/, /strategy/delete/{id}/. */
import { createStrategyRequest, idSchema, updateStrategyRequest } from '@keystone/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { currentUser, requireAuthentication } from '../../http/authenticate';
import { parseInput } from '../../http/errors';
import { createStrategy, deleteStrategy, listStrategies, readStrategyPage, updateStrategy } from './service';

export type IdParams = { Params: { id: string } };
export const pathId = (params: { id: string }) => parseInput(idSchema, params.id);

export function strategyRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.register(async (scope) => {
    requireAuthentication(scope, ctx);

    scope.get('/api/strategies/', async (request) => listStrategies(ctx, currentUser(request)));

    scope.get<IdParams>('/api/strategy/:id', async (request, reply) => {
      const json = await readStrategyPage(ctx, pathId(request.params), currentUser(request));
      return reply.type('application/json; charset=utf-8').send(json);
    });

    scope.post('/api/strategy/create/', async (request, reply) => {
      const input = parseInput(createStrategyRequest, request.body);
      return reply.status(201).send(await createStrategy(ctx, currentUser(request), input));
    });

    scope.patch<IdParams>('/api/strategy/update/:id/', async (request) => {
      const id = pathId(request.params);
      return updateStrategy(ctx, currentUser(request), id, parseInput(updateStrategyRequest, request.body));
    });

    scope.delete<IdParams>('/api/strategy/delete/:id/', async (request, reply) => {
      await deleteStrategy(ctx, currentUser(request), pathId(request.params));
      return reply.status(204).send();
    });
  });
}
