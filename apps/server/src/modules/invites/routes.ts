/** /invites/, /invites/create/, and the administrators' revoke and resend. */
import { createInvitesRequest } from '@keystone/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { currentAdmin, currentUser, requireAuthentication } from '../../http/authenticate';
import { parseInput } from '../../http/errors';
import { originOf } from '../auth/securityEvents';
import { type IdParams, pathId } from '../strategies/routes';
import { createInvites, listInvites, resendInvite, revokeInvite } from './service';

export function inviteRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.register(async (scope) => {
    requireAuthentication(scope, ctx);

    scope.get('/api/invites/', async (request) => listInvites(ctx, currentUser(request).organisationId));

    scope.post('/api/invites/create/', async (request, reply) => {
      const input = parseInput(createInvitesRequest, request.body);
      const emails = Array.isArray(input) ? input : input.emails;
      const result = await createInvites(ctx, currentUser(request), emails, originOf(request));
      return reply.status(201).send(result);
    });

    scope.delete<IdParams>('/api/invites/:id/', async (request) =>
      revokeInvite(ctx, currentAdmin(request), pathId(request.params), originOf(request)),
    );

    scope.post<IdParams>('/api/invites/:id/resend/', async (request) =>
      resendInvite(ctx, currentAdmin(request), pathId(request.params), originOf(request)),
    );
  });
}
