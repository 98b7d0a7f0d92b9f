/** PATCH /assign-users-to-strategy/, GET /strategy/{id}/team/ and GET /organisation/strategies/. */
import { organisationApi } from '@keystone/contract/endpoints/organisation';
import { teamApi } from '@keystone/contract/endpoints/team';
import type { FastifyInstance } from 'fastify';
import { assignTeamInvitingNewPeople } from '../commands/assignTeam';
import type { AppContext } from '../core/context';
import { originOf } from '../core/securityEvents';
import { forAdministrators } from '../http/authenticate';
import { route } from '../http/route';
import { listOrganisationStrategies, readTeam } from '../modules/team/teamRead';

export function teamRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, teamApi.assign, ({ user, body, request }) =>
    assignTeamInvitingNewPeople(ctx, user, body, originOf(request)),
  );
  route(app, ctx, teamApi.get, ({ user, params }) => readTeam(ctx, user, params.id));
  forAdministrators(app, (admins) => {
    route(admins, ctx, organisationApi.strategies, ({ user }) => listOrganisationStrategies(ctx, user));
  });
}
