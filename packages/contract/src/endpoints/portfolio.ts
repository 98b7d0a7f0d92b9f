/** The portfolio overview: every visible strategy at a glance. */
import type { Endpoint } from '../endpoint';
import { portfolioSchema } from '../portfolio';

export const portfolioApi = {
  overview: {
    method: 'GET',
    path: '/api/portfolio/',
    tag: 'strategies',
    summary:
      'Every strategy I take part in: status counts now and at the last due dates, the next due date, and the initiatives whose current update is empty',
    auth: true,
    answer: portfolioSchema,
  },
} satisfies Record<string, Endpoint>;
