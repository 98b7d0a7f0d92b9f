/** Strategies: the list, the page, created, started from the example, edited and deleted. */
import { type Endpoint, idParams } from '../endpoint';
import {
  createStrategyRequest,
  strategySchema,
  strategySummarySchema,
  updateStrategyRequest,
} from '../strategies';
import { z } from '../z';

export const strategyApi = {
  list: {
    method: 'GET',
    path: '/api/strategies/',
    tag: 'strategies',
    summary: 'The strategies I take part in',
    auth: true,
    answer: z.array(strategySummarySchema),
  },
  get: {
    method: 'GET',
    path: '/api/strategy/{id}',
    tag: 'strategies',
    summary: 'A strategy page: focus areas, initiatives, people, comments',
    auth: true,
    params: idParams,
    answer: strategySchema,
    errors: [404],
  },
  create: {
    method: 'POST',
    path: '/api/strategy/create/',
    tag: 'strategies',
    summary: 'Create a strategy (with one focus area holding one initiative)',
    auth: true,
    body: createStrategyRequest,
    answer: strategySchema,
    status: 201,
  },
  example: {
    method: 'POST',
    path: '/api/strategy/example/',
    tag: 'strategies',
    summary: 'Create a filled-in sample strategy, with me as its master and owner of its initiatives',
    auth: true,
    answer: strategySchema,
    status: 201,
    rateLimit: 'examplePerPerson',
  },
  update: {
    method: 'PATCH',
    path: '/api/strategy/update/{id}/',
    tag: 'strategies',
    summary: 'Change title, ambition or status',
    auth: true,
    params: idParams,
    body: updateStrategyRequest,
    answer: strategySummarySchema,
    errors: [404, 409],
  },
  delete: {
    method: 'DELETE',
    path: '/api/strategy/delete/{id}/',
    tag: 'strategies',
    summary: 'Delete a strategy and everything in it',
    auth: true,
    params: idParams,
    status: 204,
    errors: [404],
  },
} satisfies Record<string, Endpoint>;
