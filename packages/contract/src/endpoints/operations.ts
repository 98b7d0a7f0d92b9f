/** Health checks and this API's own documentation. */
import type { Endpoint } from '../endpoint';
import { z } from '../z';

export const operationsApi = {
  health: {
    method: 'GET',
    path: '/healthz',
    tag: 'operations',
    summary: 'Liveness: the process answers',
    auth: false,
    answer: z.object({ status: z.string() }),
  },
  ready: {
    method: 'GET',
    path: '/readyz',
    tag: 'operations',
    summary: 'Readiness: the database answers and the real-time broker is connected (503 otherwise)',
    auth: false,
    answer: z.object({ status: z.string() }),
    errors: [503],
  },
  docsPage: {
    method: 'GET',
    path: '/api/docs',
    tag: 'operations',
    summary: 'This API, as a readable page',
    auth: false,
    html: true,
  },
  openApi: {
    method: 'GET',
    path: '/api/docs/openapi.json',
    tag: 'operations',
    summary: 'This API, as an OpenAPI 3.1 document',
    auth: false,
  },
} satisfies Record<string, Endpoint>;
