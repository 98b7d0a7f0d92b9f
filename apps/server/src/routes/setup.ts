/** HTTP side of the first run: the setup page checks its link, then posts the form. */
import type { setupApi } from '@keystone/contract/endpoints/setup';
import type { AppContext } from '../core/context';
import { originOf } from '../core/securityEvents';
import type { AreaRoutes } from '../http/route';
import { setUpOrganisation, setupLinkIsValid } from '../modules/setup/service';

export const setupRoutes = (ctx: AppContext): AreaRoutes<typeof setupApi> => ({
  // Answers only whether the link works: opening it (as a page, or a scanner) changes nothing.
  status: async ({ params }) => ({ valid: await setupLinkIsValid(ctx.db, params.token) }),

  complete: ({ body, request }) => setUpOrganisation(ctx, body, originOf(request)),
});
