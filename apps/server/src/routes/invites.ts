/** /invites/, /invites/create/, and the administrators' revoke and resend. */
import { invitesApi } from '@keystone/contract/endpoints/invites';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../core/context';
import { originOf } from '../core/securityEvents';
import { forAdministrators } from '../http/authenticate';
import { route } from '../http/route';
import { createInvites, listInvites, resendInvite, revokeInvite } from '../modules/invites/service';

export function inviteRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, invitesApi.list, ({ user }) => listInvites(ctx, user.organisationId));

  route(app, ctx, invitesApi.create, ({ user, body, request }) => {
    const emails = Array.isArray(body) ? body : body.emails;
    return createInvites(ctx, user, emails, originOf(request));
  });

  forAdministrators(app, (admins) => {
    route(admins, ctx, invitesApi.revoke, ({ user, params, request }) =>
      revokeInvite(ctx, user, params.id, originOf(request)),
    );
    route(admins, ctx, invitesApi.resend, ({ user, params, request }) =>
      resendInvite(ctx, user, params.id, originOf(request)),
    );
  });
}
