/** POST /focusarea/restore/{id}/, /initiative/restore/{id}/ and /measure/restore/{id}/: deleted records brought back. */
import type { deletedRecordsApi } from '@keystone/contract/endpoints/deletedRecords';
import type { AppContext } from '../core/context';
import type { AreaRoutes } from '../http/route';
import { restoreFocusArea, restoreInitiative, restoreMeasure } from '../modules/deletedRecords/restore';

export const deletedRecordsRoutes = (ctx: AppContext): AreaRoutes<typeof deletedRecordsApi> => ({
  focusArea: ({ user, params }) => restoreFocusArea(ctx, user, params.id),
  initiative: ({ user, params }) => restoreInitiative(ctx, user, params.id),
  measure: ({ user, params }) => restoreMeasure(ctx, user, params.id),
});
