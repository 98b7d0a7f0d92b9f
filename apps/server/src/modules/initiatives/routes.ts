/** /initiative/{id}, /initiative/create/, /initiative/update/{id}/, /initiative/sort/{id}/, /initiative/delete/{id}/. */
import { createInitiativeRequest, sortRequest, updateInitiativeRequest } from '@keystone/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { currentUser, requireAuthentication } from '../../http/authenticate';
import { HttpError, parseInput } from '../../http/errors';
import { type IdParams, pathId } from '../strategies/routes';
import { requestApproval, toggleApproval } from './approval';
import {
  createInitiative,
  deleteInitiative,
  getInitiative,
  sortInitiative,
  updateInitiative,
} from './service';

export function initiativeRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.register(async (scope) => {
    requireAuthentication(scope, ctx);

    scope.get<IdParams>('/api/initiative/:id', async (request) =>
      getInitiative(ctx, currentUser(request), pathId(request.params)),
    );

    scope.post('/api/initiative/create/', async (request, reply) => {
      const { sponsor: _legacySponsor, ...input } = parseInput(createInitiativeRequest, request.body);
      return reply.status(201).send(await createInitiative(ctx, currentUser(request), input));
    });

    scope.patch<IdParams>('/api/initiative/update/:id/', async (request) => {
      const id = pathId(request.params);
      return updateInitiative(
        ctx,
        currentUser(request),
        id,
        parseInput(updateInitiativeRequest, request.body),
      );
    });

    scope.patch<IdParams>('/api/initiative/sort/:id/', async (request) => {
      const id = pathId(request.params);
      const { sort_index } = parseInput(sortRequest, request.body);
      return sortInitiative(ctx, currentUser(request), id, sort_index);
    });

    scope.patch<IdParams>('/api/initiative/:id/send-charter-review-request/', async (request) =>
      requestApproval(ctx, currentUser(request), pathId(request.params)),
    );

    // Spec §7: this call's failures carry `error` (the client shows it by the button).
    scope.patch<IdParams>('/api/initiative-approve/:id/', async (request) => {
      try {
        return await toggleApproval(ctx, currentUser(request), pathId(request.params));
      } catch (error) {
        return withErrorField(error);
      }
    });

    scope.delete<IdParams>('/api/initiative/delete/:id/', async (request, reply) => {
      await deleteInitiative(ctx, currentUser(request), pathId(request.params));
      return reply.status(204).send();
    });
  });
}

function withErrorField(error: unknown): never {
  if (error instanceof HttpError) {
    throw new HttpError(error.statusCode, error.detail, error.errors, {
      ...error.extra,
      error: error.detail,
    });
  }
  throw error;
}
