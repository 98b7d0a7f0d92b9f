/** /portfolio/: the overview of every strategy the user takes part in. */
import type { portfolioApi } from '@keystone/contract/endpoints/portfolio';
import type { AppContext } from '../core/context';
import type { AreaRoutes } from '../http/route';
import { readPortfolio } from '../modules/portfolio/service';

export const portfolioRoutes = (ctx: AppContext): AreaRoutes<typeof portfolioApi> => ({
  overview: ({ user }) => readPortfolio(ctx, user),
});
