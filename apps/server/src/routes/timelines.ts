/** /initiative/{id}/timelines/, /timeline/create/, /timeline/update/{id}/, /timeline/delete/{id}/. */
import { timelineApi } from '@keystone/contract/endpoints/timelines';
import type { FastifyInstance } from 'fastify';
import { addTimelineRow, changeTimelineRow, deleteTimelineRow } from '../commands/editTimeline';
import type { AppContext } from '../core/context';
import { route } from '../http/route';
import { listTimelines } from '../modules/timelines/service';

export function timelineRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, timelineApi.list, ({ user, params }) => listTimelines(ctx, user, params.id));
  route(app, ctx, timelineApi.create, ({ user, body }) => addTimelineRow(ctx, user, body));
  route(app, ctx, timelineApi.update, ({ user, params, body }) =>
    changeTimelineRow(ctx, user, params.id, body),
  );
  route(app, ctx, timelineApi.delete, ({ user, params }) => deleteTimelineRow(ctx, user, params.id));
}
