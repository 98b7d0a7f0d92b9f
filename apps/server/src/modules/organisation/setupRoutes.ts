/** HTTP side of the first run: the setup page checks its link, then posts the form. */
import { setupRequest } from '@keystone/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { parseInput } from '../../http/errors';
import { signInRateLimit } from '../auth/routes';
import { originOf } from '../auth/securityEvents';
import { setUpOrganisation, setupLinkIsValid } from './setup';

export function setupRoutes(app: FastifyInstance, ctx: AppContext): void {
  const limited = signInRateLimit(ctx);

  // Answers only whether the link works: opening it (as a page, or a scanner) changes nothing.
  app.get<{ Params: { token: string } }>('/api/setup/:token/', limited, async (request) => ({
    valid: await setupLinkIsValid(ctx.db, request.params.token),
  }));

  app.post('/api/setup/', limited, async (request, reply) => {
    const input = parseInput(setupRequest, request.body);
    return reply.status(201).send(await setUpOrganisation(ctx, input, originOf(request)));
  });
}
