/** /portfolio/: the overview of every strategy the user takes part in. */
import { portfolioApi } from '@keystone/contract/endpoints/portfolio';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../core/context';
import { route } from '../http/route';
import { readPortfolio } from '../modules/portfolio/service';

export function portfolioRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, portfolioApi.overview, ({ user }) => readPortfolio(ctx, user));
}
