/** The portfolio overview (issue 18): one read of every strategy the user takes part in. */
import { PORTFOLIO_TEXT, type PortfolioStrategy } from '@keystone/contract';
import { portfolioApi } from '@keystone/contract/endpoints/portfolio';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './client';
import { errorMessage } from './errorMessages';
import { type Camel, toCamel } from './wireCase';

/** A strategy's row of the overview; status codes (IN, CO, …) stay as they are through toCamel. */
export type PortfolioRow = Camel<PortfolioStrategy>;

export const portfolioKey = ['portfolio'] as const;

/**
 * It sums up every strategy, which no live update keeps current, so a visit reads it again unless
 * it was read moments ago (by the route's loader, while the page's code was arriving).
 */
export const portfolioQuery = queryOptions({
  queryKey: portfolioKey,
  staleTime: 5_000,
  queryFn: async () => toCamel(await apiRequest(portfolioApi.overview, {})),
});

export function usePortfolioQuery() {
  return useQuery(portfolioQuery);
}

export const portfolioFailure = (error: unknown) => errorMessage(error, PORTFOLIO_TEXT.loadFailed);
