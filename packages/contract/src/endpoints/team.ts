/** A strategy's team: who is master, owner, sponsor or member, read and assigned. */
import { type Endpoint, idParams } from '../endpoint';
import { assignTeamRequest, strategyTeamSchema } from '../strategies';
import { z } from '../z';

export const teamApi = {
  assign: {
    method: 'PATCH',
    path: '/api/assign-users-to-strategy/',
    tag: 'team',
    summary: 'Set masters, owners, sponsors and team members (typed e-mails are invited)',
    auth: true,
    body: assignTeamRequest,
    answer: z.object({ id: z.number() }),
    errors: [404, 409],
  },
  get: {
    method: 'GET',
    path: '/api/strategy/{id}/team/',
    tag: 'team',
    summary:
      "The team page's titles and people (no content); also for the organisation's administrators, who may change the masters",
    auth: true,
    params: idParams,
    answer: strategyTeamSchema,
    errors: [404],
  },
} satisfies Record<string, Endpoint>;
