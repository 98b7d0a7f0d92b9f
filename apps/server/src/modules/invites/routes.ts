/** /invites/ and /invites/create/. */
import { createInvitesRequest } from '@keystone/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { currentUser, requireAuthentication } from '../../http/authenticate';
import { parseInput } from '../../http/errors';
import { createInvites, listInvites } from './service';

export function inviteRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.register(async (scope) => {
    requireAuthentication(scope, ctx);

    scope.get('/api/invites/', async (request) => listInvites(ctx, currentUser(request).organisationId));

    scope.post('/api/invites/create/', async (request, reply) => {
      const input = parseInput(createInvitesRequest, request.body);
      const emails = Array.isArray(input) ? input : input.emails;
      return reply.status(201).send(await createInvites(ctx, currentUser(request).id, emails));
    });
  });
}
