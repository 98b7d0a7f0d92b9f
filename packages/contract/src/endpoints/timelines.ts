/** An initiative charter's timeline: its dated milestones, listed, added, edited and removed. */
import { createTimelineRequest, timelineSchema, updateTimelineRequest } from '../charter';
import { type Endpoint, idParams } from '../endpoint';
import { z } from '../z';

export const timelineApi = {
  list: {
    method: 'GET',
    path: '/api/initiative/{id}/timelines/',
    tag: 'timelines',
    summary: "An initiative's timeline rows",
    auth: true,
    params: idParams,
    answer: z.array(timelineSchema),
    errors: [404],
  },
  create: {
    method: 'POST',
    path: '/api/timeline/create/',
    tag: 'timelines',
    summary: 'Add a timeline row (at most 50)',
    auth: true,
    body: createTimelineRequest,
    answer: timelineSchema,
    status: 201,
    errors: [404, 409],
  },
  update: {
    method: 'PATCH',
    path: '/api/timeline/update/{id}/',
    tag: 'timelines',
    summary: 'Change a timeline row',
    auth: true,
    params: idParams,
    body: updateTimelineRequest,
    answer: timelineSchema,
    errors: [404, 409],
  },
  delete: {
    method: 'DELETE',
    path: '/api/timeline/delete/{id}/',
    tag: 'timelines',
    summary: 'Delete a timeline row',
    auth: true,
    params: idParams,
    status: 204,
    errors: [404],
  },
} satisfies Record<string, Endpoint>;
