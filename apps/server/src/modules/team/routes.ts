/** PATCH /assign-users-to-strategy/, GET /strategy/{id}/team/ and GET /organisation/strategies/. */
import { organisationApi } from '@keystone/contract/endpoints/organisation';
import { teamApi } from '@keystone/contract/endpoints/strategies';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { forAdministrators } from '../../http/authenticate';
import { route } from '../../http/route';
import { originOf } from '../auth/securityEvents';
import { assignTeam } from './service';
import { listOrganisationStrategies, readTeam } from './teamRead';

export function teamRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, teamApi.assign, ({ user, body, request }) =>
    assignTeam(ctx, user, body, originOf(request)),
  );
  route(app, ctx, teamApi.get, ({ user, params }) => readTeam(ctx, user, params.id));
  forAdministrators(app, (admins) => {
    route(admins, ctx, organisationApi.strategies, ({ user }) => listOrganisationStrategies(ctx, user));
  });
}
