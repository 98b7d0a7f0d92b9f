/** Deleted focus areas and initiatives brought back, with what they held, within the retention period. */
import { type Endpoint, idParams } from '../endpoint';
import { focusAreaSchema, initiativeSchema } from '../strategies';

export const deletedRecordsApi = {
  focusArea: {
    method: 'POST',
    path: '/api/focusarea/restore/{id}/',
    tag: 'focus areas',
    summary:
      'Bring back a deleted focus area with its initiatives, in its former place (masters, within the retention period)',
    auth: true,
    params: idParams,
    answer: focusAreaSchema,
    errors: [404, 409],
  },
  initiative: {
    method: 'POST',
    path: '/api/initiative/restore/{id}/',
    tag: 'initiatives',
    summary:
      'Bring back a deleted initiative with its charter, people, timeline and comments, in its former place (masters, within the retention period)',
    auth: true,
    params: idParams,
    answer: initiativeSchema,
    errors: [404, 409],
  },
} satisfies Record<string, Endpoint>;
