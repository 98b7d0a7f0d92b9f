/** PATCH /assign-users-to-strategy/, GET /strategy/{id}/team/ and GET /organisation/strategies/. */
import { assignTeamRequest } from '@keystone/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { currentAdmin, currentUser, requireAuthentication } from '../../http/authenticate';
import { parseInput } from '../../http/errors';
import { originOf } from '../auth/securityEvents';
import { type IdParams, pathId } from '../strategies/routes';
import { assignTeam } from './service';
import { listOrganisationStrategies, readTeam } from './teamRead';

export function teamRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.register(async (scope) => {
    requireAuthentication(scope, ctx);
    scope.patch('/api/assign-users-to-strategy/', async (request) =>
      assignTeam(ctx, currentUser(request), parseInput(assignTeamRequest, request.body), originOf(request)),
    );
    scope.get<IdParams>('/api/strategy/:id/team/', async (request) =>
      readTeam(ctx, currentUser(request), pathId(request.params)),
    );
    scope.get('/api/organisation/strategies/', async (request) =>
      listOrganisationStrategies(ctx, currentAdmin(request)),
    );
  });
}
