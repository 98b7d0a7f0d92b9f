/** POST /focusarea/restore/{id}/ and /initiative/restore/{id}/: deleted records brought back. */
import { initiativeApi } from '@keystone/contract/endpoints/initiatives';
import { focusAreaApi } from '@keystone/contract/endpoints/strategies';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import { restoreFocusArea, restoreInitiative } from './restore';

export function deletedRecordRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, focusAreaApi.restore, ({ user, params }) => restoreFocusArea(ctx, user, params.id));
  route(app, ctx, initiativeApi.restore, ({ user, params }) => restoreInitiative(ctx, user, params.id));
}
