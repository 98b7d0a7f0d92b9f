/** The HTTP side of focus areas: the contract's focusAreaApi, each handed to its service call. */
import type { focusAreaApi } from '@keystone/contract/endpoints/focusAreas';
import type { AppContext } from '../core/context';
import type { AreaRoutes } from '../http/route';
import {
  createFocusArea,
  deleteFocusArea,
  getFocusArea,
  sortFocusArea,
  updateFocusArea,
} from '../modules/focusAreas/service';

export const focusAreasRoutes = (ctx: AppContext): AreaRoutes<typeof focusAreaApi> => ({
  get: ({ user, params }) => getFocusArea(ctx, user, params.id),
  create: ({ user, body }) => createFocusArea(ctx, user, body),
  update: ({ user, params, body }) => updateFocusArea(ctx, user, params.id, body),
  sort: ({ user, params, body }) => sortFocusArea(ctx, user, params.id, body.sort_index),
  delete: ({ user, params }) => deleteFocusArea(ctx, user, params.id),
});
