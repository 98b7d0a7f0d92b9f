/** Deleted focus areas, initiatives and measures brought back, with what they held, within the retention period. */
import { type Endpoint, idParams } from '../endpoint';
import { measureSchema } from '../measures';
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
  measure: {
    method: 'POST',
    path: '/api/measure/restore/{id}/',
    tag: 'measures',
    summary:
      'Bring back a deleted measure with its readings, on its initiative or focus area (masters, within the retention period)',
    auth: true,
    params: idParams,
    answer: measureSchema,
    errors: [404, 409],
  },
} satisfies Record<string, Endpoint>;
