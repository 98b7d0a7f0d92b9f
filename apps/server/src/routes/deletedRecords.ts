/** POST /focusarea/restore/{id}/ and /initiative/restore/{id}/: deleted records brought back. */

import { focusAreaApi } from '@keystone/contract/endpoints/focusAreas';
import { initiativeApi } from '@keystone/contract/endpoints/initiatives';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../core/context';
import { route } from '../http/route';
import { restoreFocusArea, restoreInitiative } from '../modules/deletedRecords/restore';

export function deletedRecordRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, focusAreaApi.restore, ({ user, params }) => restoreFocusArea(ctx, user, params.id));
  route(app, ctx, initiativeApi.restore, ({ user, params }) => restoreInitiative(ctx, user, params.id));
}
