/** /api/organisation/…: what administrators manage (issue 14). Every call is for administrators only. */
import { securityLogQuery, updateMemberRequest, updateOrganisationRequest } from '@keystone/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { currentAdmin, requireAuthentication } from '../../http/authenticate';
import { parseInput } from '../../http/errors';
import { originOf } from '../auth/securityEvents';
import { type IdParams, pathId } from '../strategies/routes';
import { loadMembers } from './members';
import { updateMember } from './memberUpdate';
import { readSecurityLog } from './securityLog';
import { getOrganisation, updateOrganisation } from './settings';

export function organisationRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.register(async (scope) => {
    requireAuthentication(scope, ctx);

    scope.get('/api/organisation/', async (request) =>
      getOrganisation(ctx, currentAdmin(request).organisationId),
    );

    scope.patch('/api/organisation/', async (request) => {
      const admin = currentAdmin(request);
      const input = parseInput(updateOrganisationRequest, request.body);
      return updateOrganisation(ctx, admin, input, originOf(request));
    });

    scope.get('/api/organisation/members/', async (request) =>
      loadMembers(ctx.db, currentAdmin(request).organisationId),
    );

    scope.patch<IdParams>('/api/organisation/members/:id/', async (request) => {
      const admin = currentAdmin(request);
      const id = pathId(request.params);
      const input = parseInput(updateMemberRequest, request.body);
      return updateMember(ctx, admin, id, input, originOf(request));
    });

    scope.get('/api/organisation/security-log/', async (request) => {
      const admin = currentAdmin(request);
      return readSecurityLog(ctx.db, admin.organisationId, parseInput(securityLogQuery, request.query));
    });
  });
}
