/**
 * Every HTTP call the server answers, as data: the source of the OpenAPI document served at
 * /api/docs. A server test compares this table with the routes Fastify registered, so a call
 * cannot be added or removed without it.
 */

import { ACCOUNT_ROUTES } from './apiRoutes/accounts';
import { OPERATIONS_ROUTES } from './apiRoutes/operations';
import { ORGANISATION_ROUTES } from './apiRoutes/organisation';
import { PROGRESS_ROUTES } from './apiRoutes/progress';
import type { ApiRoute } from './apiRoutes/schemas';
import { STRATEGY_ROUTES } from './apiRoutes/strategies';

export {
  API_SCHEMAS,
  type ApiBody,
  type ApiErrorStatus,
  type ApiMethod,
  type ApiRoute,
  type ApiSchemaName,
} from './apiRoutes/schemas';

/** Every route, grouped by area in the order the document lists them. */
export const API_ROUTES: readonly ApiRoute[] = [
  ...OPERATIONS_ROUTES,
  ...ACCOUNT_ROUTES,
  ...ORGANISATION_ROUTES,
  ...STRATEGY_ROUTES,
  ...PROGRESS_ROUTES,
];
