/** The administrators' SCIM tokens (issue 31); the SCIM protocol itself is routes/scimProtocol.ts. */
import { scimApi } from '@keystone/contract/endpoints/scim';
import type { AppContext } from '../core/context';
import { originOf } from '../core/securityEvents';
import { type AreaRoutes, forAdministrators } from '../http/route';
import { createScimToken, listScimTokens, revokeScimToken } from '../modules/scim/tokens';

export const scimRoutes = (ctx: AppContext): AreaRoutes<typeof scimApi> =>
  forAdministrators(scimApi, {
    tokens: ({ user }) => listScimTokens(ctx, user.organisationId),
    createToken: ({ user, body, request }) => createScimToken(ctx, user, body.name, originOf(request)),
    revokeToken: ({ user, params, request }) => revokeScimToken(ctx, user, params.id, originOf(request)),
  });
