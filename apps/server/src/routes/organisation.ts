/** /api/organisation/…: what administrators manage (issue 14). Every call is for administrators only. */
import { organisationApi } from '@keystone/contract/endpoints/organisation';
import type { AppContext } from '../core/context';
import { originOf } from '../core/securityEvents';
import { type AreaRoutes, forAdministrators } from '../http/route';
import { loadMembers } from '../modules/organisation/members';
import { updateMember } from '../modules/organisation/memberUpdate';
import { readSecurityLog } from '../modules/organisation/securityLog';
import { getOrganisation, updateOrganisation } from '../modules/organisation/settings';
import { listOrganisationStrategies } from '../modules/team/teamRead';

export const organisationRoutes = (ctx: AppContext): AreaRoutes<typeof organisationApi> =>
  forAdministrators(organisationApi, {
    get: ({ user }) => getOrganisation(ctx, user.organisationId),
    update: ({ user, body, request }) => updateOrganisation(ctx, user, body, originOf(request)),
    members: ({ user }) => loadMembers(ctx.db, user.organisationId),
    updateMember: ({ user, params, body, request }) =>
      updateMember(ctx, user, params.id, body, originOf(request)),
    securityLog: ({ user, query }) => readSecurityLog(ctx.db, user.organisationId, query),
    strategies: ({ user }) => listOrganisationStrategies(ctx, user),
  });
