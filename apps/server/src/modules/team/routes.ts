/** PATCH /assign-users-to-strategy/. */
import { assignTeamRequest } from '@keystone/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { currentUser, requireAuthentication } from '../../http/authenticate';
import { parseInput } from '../../http/errors';
import { assignTeam } from './service';

export function teamRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.register(async (scope) => {
    requireAuthentication(scope, ctx);
    scope.patch('/api/assign-users-to-strategy/', async (request) =>
      assignTeam(ctx, currentUser(request), parseInput(assignTeamRequest, request.body)),
    );
  });
}
