/** /initiative/{id}/timelines/, /timeline/create/, /timeline/update/{id}/, /timeline/delete/{id}/. */
import type { timelineApi } from '@keystone/contract/endpoints/timelines';
import { addTimelineRow, changeTimelineRow, deleteTimelineRow } from '../commands/editTimeline';
import type { AppContext } from '../core/context';
import type { AreaRoutes } from '../http/route';
import { listTimelines } from '../modules/timelines/service';

export const timelinesRoutes = (ctx: AppContext): AreaRoutes<typeof timelineApi> => ({
  list: ({ user, params }) => listTimelines(ctx, user, params.id),
  create: ({ user, body }) => addTimelineRow(ctx, user, body),
  update: ({ user, params, body }) => changeTimelineRow(ctx, user, params.id, body),
  delete: ({ user, params }) => deleteTimelineRow(ctx, user, params.id),
});
