/** The HTTP side of outgoing webhooks (issue 32): the contract's webhooksApi, each handed to its service call. */
import type { webhooksApi } from '@keystone/contract/endpoints/webhooks';
import type { AppContext } from '../core/context';
import { originOf } from '../core/securityEvents';
import type { AreaRoutes } from '../http/route';
import { listDeliveries, resendDelivery, sendTestEvent } from '../modules/webhooks/deliveryLog';
import {
  createEndpoint,
  deleteEndpoint,
  listEndpoints,
  rotateSecret,
  updateEndpoint,
} from '../modules/webhooks/endpoints';

export const webhooksRoutes = (ctx: AppContext): AreaRoutes<typeof webhooksApi> => ({
  organisationList: ({ user }) => listEndpoints(ctx, user, { strategyId: null }),
  organisationCreate: ({ user, body, request }) =>
    createEndpoint(ctx, user, { strategyId: null }, body, originOf(request)),
  strategyList: ({ user, params }) => listEndpoints(ctx, user, { strategyId: params.id }),
  strategyCreate: ({ user, params, body, request }) =>
    createEndpoint(ctx, user, { strategyId: params.id }, body, originOf(request)),
  update: ({ user, params, body, request }) => updateEndpoint(ctx, user, params.id, body, originOf(request)),
  remove: ({ user, params, request }) => deleteEndpoint(ctx, user, params.id, originOf(request)),
  rotateSecret: ({ user, params, request }) => rotateSecret(ctx, user, params.id, originOf(request)),
  test: ({ user, params }) => sendTestEvent(ctx, user, params.id),
  deliveries: ({ user, params, query }) => listDeliveries(ctx, user, params.id, query.before),
  resend: ({ user, params }) => resendDelivery(ctx, user, params.id),
});
