/** PATCH /assign-users-to-strategy/ and GET /strategy/{id}/team/. */
import type { teamApi } from '@keystone/contract/endpoints/team';
import { assignTeamInvitingNewPeople } from '../commands/assignTeam';
import type { AppContext } from '../core/context';
import { originOf } from '../core/securityEvents';
import type { AreaRoutes } from '../http/route';
import { readTeam } from '../modules/team/teamRead';

export const teamRoutes = (ctx: AppContext): AreaRoutes<typeof teamApi> => ({
  assign: ({ user, body, request }) => assignTeamInvitingNewPeople(ctx, user, body, originOf(request)),
  get: ({ user, params }) => readTeam(ctx, user, params.id),
});
