/**
 * /initiative/{id}, /initiative/create/, /initiative/update/{id}/, /initiative/sort/{id}/,
 * /initiative/delete/{id}/ and the charter's approval.
 */
import type { initiativeApi } from '@keystone/contract/endpoints/initiatives';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../core/context';
import { HttpError } from '../core/errors';
import type { AreaRoutes } from '../http/route';
import { requestApproval, toggleApproval } from '../modules/initiatives/approval';
import {
  createInitiative,
  deleteInitiative,
  getInitiative,
  sortInitiative,
  updateInitiative,
} from '../modules/initiatives/service';

export const initiativesRoutes = (ctx: AppContext): AreaRoutes<typeof initiativeApi> => ({
  get: ({ user, params }) => getInitiative(ctx, user, params.id),

  create: ({ user, body }) => {
    const { sponsor: _legacySponsor, ...input } = body;
    return createInitiative(ctx, user, input);
  },

  update: ({ user, params, body }) => updateInitiative(ctx, user, params.id, body),

  sort: ({ user, params, body }) => sortInitiative(ctx, user, params.id, body.sort_index),

  delete: ({ user, params }) => deleteInitiative(ctx, user, params.id),

  requestApproval: ({ user, params }) => requestApproval(ctx, user, params.id),

  // Spec §7: this call's failures carry `error` (the client shows it by the button), a bad id
  // included; a call without a valid key is refused as every other.
  approve: {
    errorHandler: (error: Error, request: FastifyRequest) => {
      if (error instanceof HttpError && request.user) throw withErrorField(error);
      throw error;
    },
    handler: ({ user, params }) => toggleApproval(ctx, user, params.id),
  },
});

/** The same error, with `error` beside `detail`; the app's error handler sends it. */
function withErrorField(error: HttpError): HttpError {
  return new HttpError(
    error.statusCode,
    error.detail,
    error.errors,
    { ...error.extra, error: error.detail },
    error.headers,
  );
}
