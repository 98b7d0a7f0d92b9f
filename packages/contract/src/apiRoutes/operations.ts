/** API routes of operations: health and the API docs. */
import type { ApiRoute } from './schemas';

export const OPERATIONS_ROUTES: readonly ApiRoute[] = [
  // ---- operations
  {
    method: 'GET',
    path: '/healthz',
    tag: 'operations',
    summary: 'Liveness: the process answers',
    auth: false,
    response: 'Health',
  },
  {
    method: 'GET',
    path: '/readyz',
    tag: 'operations',
    summary: 'Readiness: the database answers (503 otherwise)',
    auth: false,
    response: 'Health',
    errors: [503],
  },
  {
    method: 'GET',
    path: '/api/docs',
    tag: 'operations',
    summary: 'This API, as a readable page',
    auth: false,
    html: true,
  },
  {
    method: 'GET',
    path: '/api/docs/openapi.json',
    tag: 'operations',
    summary: 'This API, as an OpenAPI 3.1 document',
    auth: false,
  },
];
