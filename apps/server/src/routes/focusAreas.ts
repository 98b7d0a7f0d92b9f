/** The HTTP side of focus areas: the contract's focusAreaApi, each handed to its service call. */
import { focusAreaApi } from '@keystone/contract/endpoints/focusAreas';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../core/context';
import { route } from '../http/route';
import {
  createFocusArea,
  deleteFocusArea,
  getFocusArea,
  sortFocusArea,
  updateFocusArea,
} from '../modules/focusAreas/service';

export function focusAreaRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, focusAreaApi.get, ({ user, params }) => getFocusArea(ctx, user, params.id));
  route(app, ctx, focusAreaApi.create, ({ user, body }) => createFocusArea(ctx, user, body));
  route(app, ctx, focusAreaApi.update, ({ user, params, body }) =>
    updateFocusArea(ctx, user, params.id, body),
  );
  route(app, ctx, focusAreaApi.sort, ({ user, params, body }) =>
    sortFocusArea(ctx, user, params.id, body.sort_index),
  );
  route(app, ctx, focusAreaApi.delete, ({ user, params }) => deleteFocusArea(ctx, user, params.id));
}
