/** POST /focusarea/restore/{id}/ and /initiative/restore/{id}/: deleted records brought back. */
import { deletedRecordsApi } from '@keystone/contract/endpoints/deletedRecords';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../core/context';
import { route } from '../http/route';
import { restoreFocusArea, restoreInitiative } from '../modules/deletedRecords/restore';

export function deletedRecordRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, deletedRecordsApi.focusArea, ({ user, params }) => restoreFocusArea(ctx, user, params.id));
  route(app, ctx, deletedRecordsApi.initiative, ({ user, params }) =>
    restoreInitiative(ctx, user, params.id),
  );
}
