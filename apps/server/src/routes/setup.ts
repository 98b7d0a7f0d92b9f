/** HTTP side of the first run: the setup page checks its link, then posts the form. */
import { setupApi } from '@keystone/contract/endpoints/setup';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../core/context';
import { originOf } from '../core/securityEvents';
import { route } from '../http/route';
import { setUpOrganisation, setupLinkIsValid } from '../modules/setup/service';

export function setupRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Answers only whether the link works: opening it (as a page, or a scanner) changes nothing.
  route(app, ctx, setupApi.status, async ({ params }) => ({
    valid: await setupLinkIsValid(ctx.db, params.token),
  }));

  route(app, ctx, setupApi.complete, ({ body, request }) => setUpOrganisation(ctx, body, originOf(request)));
}
