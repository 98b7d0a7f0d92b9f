/** /api/organisation/…: what administrators manage (issue 14). Every call is for administrators only. */
import { organisationApi } from '@keystone/contract/endpoints/organisation';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../core/context';
import { originOf } from '../core/securityEvents';
import { forAdministrators } from '../http/authenticate';
import { route } from '../http/route';
import { loadMembers } from '../modules/organisation/members';
import { updateMember } from '../modules/organisation/memberUpdate';
import { readSecurityLog } from '../modules/organisation/securityLog';
import { getOrganisation, updateOrganisation } from '../modules/organisation/settings';

export function organisationRoutes(app: FastifyInstance, ctx: AppContext): void {
  forAdministrators(app, (admins) => {
    route(admins, ctx, organisationApi.get, ({ user }) => getOrganisation(ctx, user.organisationId));

    route(admins, ctx, organisationApi.update, ({ user, body, request }) =>
      updateOrganisation(ctx, user, body, originOf(request)),
    );

    route(admins, ctx, organisationApi.members, ({ user }) => loadMembers(ctx.db, user.organisationId));

    route(admins, ctx, organisationApi.updateMember, ({ user, params, body, request }) =>
      updateMember(ctx, user, params.id, body, originOf(request)),
    );

    route(admins, ctx, organisationApi.securityLog, ({ user, query }) =>
      readSecurityLog(ctx.db, user.organisationId, query),
    );
  });
}
