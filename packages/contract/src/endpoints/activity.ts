/** The history of a strategy and of one initiative: every change, newest first, paged. */
import { type Endpoint, idParams } from '../endpoint';
import { activityPageSchema, activityQuery } from '../history';

export const activityApi = {
  strategy: {
    method: 'GET',
    path: '/api/strategy/{id}/activity/',
    tag: 'history',
    summary: 'Every change of the strategy, newest first, paged with `before` (anyone who may view it)',
    auth: true,
    params: idParams,
    query: activityQuery,
    answer: activityPageSchema,
    errors: [404],
  },
  initiative: {
    method: 'GET',
    path: '/api/initiative/{id}/activity/',
    tag: 'history',
    summary: 'Every change of one initiative (title, status, charter, timeline, team, approval, comments)',
    auth: true,
    params: idParams,
    query: activityQuery,
    answer: activityPageSchema,
    errors: [404],
  },
} satisfies Record<string, Endpoint>;
