/** /initiative/{id}, /initiative/create/, /initiative/update/{id}/, /initiative/sort/{id}/, /initiative/delete/{id}/. */
import { initiativeApi } from '@keystone/contract/endpoints/initiatives';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../core/context';
import { HttpError } from '../core/errors';
import { route } from '../http/route';
import { requestApproval, toggleApproval } from '../modules/initiatives/approval';
import {
  createInitiative,
  deleteInitiative,
  getInitiative,
  sortInitiative,
  updateInitiative,
} from '../modules/initiatives/service';

export function initiativeRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, initiativeApi.get, ({ user, params }) => getInitiative(ctx, user, params.id));

  route(app, ctx, initiativeApi.create, ({ user, body }) => {
    const { sponsor: _legacySponsor, ...input } = body;
    return createInitiative(ctx, user, input);
  });

  route(app, ctx, initiativeApi.update, ({ user, params, body }) =>
    updateInitiative(ctx, user, params.id, body),
  );

  route(app, ctx, initiativeApi.sort, ({ user, params, body }) =>
    sortInitiative(ctx, user, params.id, body.sort_index),
  );

  route(app, ctx, initiativeApi.requestApproval, ({ user, params }) => requestApproval(ctx, user, params.id));

  // Spec §7: this call's failures carry `error` (the client shows it by the button), a bad id
  // included; a call without a valid key is refused as every other.
  app.register(async (scope) => {
    scope.setErrorHandler((error, request) => {
      if (error instanceof HttpError && request.user) throw withErrorField(error);
      throw error;
    });
    route(scope, ctx, initiativeApi.approve, ({ user, params }) => toggleApproval(ctx, user, params.id));
  });

  route(app, ctx, initiativeApi.delete, ({ user, params }) => deleteInitiative(ctx, user, params.id));
}

/** The same error, with `error` beside `detail`; the parent error handler sends it. */
function withErrorField(error: HttpError): HttpError {
  return new HttpError(
    error.statusCode,
    error.detail,
    error.errors,
    { ...error.extra, error: error.detail },
    error.headers,
  );
}
