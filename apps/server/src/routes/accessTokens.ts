/** Personal access tokens (issue 32): a person's own, and the organisation's for administrators. */
import type { accessTokensApi } from '@keystone/contract/endpoints/accessTokens';
import type { AppContext } from '../core/context';
import { originOf } from '../core/securityEvents';
import type { AreaRoutes } from '../http/route';
import { createToken, listMyTokens, organisationTokens, revokeToken } from '../modules/accessTokens/service';

export const accessTokensRoutes = (ctx: AppContext): AreaRoutes<typeof accessTokensApi> => ({
  list: ({ user }) => listMyTokens(ctx.db, user.id),
  create: ({ user, body, request }) => createToken(ctx, user, body, originOf(request)),
  revoke: ({ user, params, request }) => revokeToken(ctx, user, params.id, 'mine', originOf(request)),
  organisationTokens: {
    administrators: true,
    handler: ({ user }) => organisationTokens(ctx.db, user.organisationId),
  },
  revokeOrganisationToken: {
    administrators: true,
    handler: ({ user, params, request }) =>
      revokeToken(ctx, user, params.id, 'organisation', originOf(request)),
  },
});
