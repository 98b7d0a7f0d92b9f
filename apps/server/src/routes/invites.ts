/** /invites/, /invites/create/, and the administrators' revoke and resend. */
import type { invitesApi } from '@keystone/contract/endpoints/invites';
import type { AppContext } from '../core/context';
import { originOf } from '../core/securityEvents';
import type { AreaRoutes } from '../http/route';
import { createInvites, listInvites, resendInvite, revokeInvite } from '../modules/invites/service';

export const invitesRoutes = (ctx: AppContext): AreaRoutes<typeof invitesApi> => ({
  list: ({ user }) => listInvites(ctx, user.organisationId),

  create: ({ user, body, request }) => {
    const emails = Array.isArray(body) ? body : body.emails;
    return createInvites(ctx, user, emails, originOf(request));
  },

  revoke: {
    administrators: true,
    handler: ({ user, params, request }) => revokeInvite(ctx, user, params.id, originOf(request)),
  },

  resend: {
    administrators: true,
    handler: ({ user, params, request }) => resendInvite(ctx, user, params.id, originOf(request)),
  },
});
