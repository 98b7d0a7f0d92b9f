/** The portfolio overview (issue 18): one read of every strategy the user takes part in. */
import { PORTFOLIO_TEXT, type PortfolioStrategy } from '@keystone/contract';
import { portfolioApi } from '@keystone/contract/endpoints/portfolio';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './client';
import { errorMessage } from './errorMessages';

/** A strategy's row of the overview; the counts keep the contract's status codes as keys. */
export interface PortfolioRow {
  id: number;
  title: string;
  counts: PortfolioStrategy['counts'];
  trend: PortfolioStrategy['trend'];
  nextDueDate: string | null;
  timeZone: string;
  emptyUpdates: { id: number; title: string; focusAreaTitle: string }[];
}

function toPortfolioRow(wire: PortfolioStrategy): PortfolioRow {
  return {
    id: wire.id,
    title: wire.title,
    counts: wire.counts,
    trend: wire.trend,
    nextDueDate: wire.next_due_date,
    timeZone: wire.time_zone,
    emptyUpdates: wire.empty_updates.map((item) => ({
      id: item.id,
      title: item.title,
      focusAreaTitle: item.focus_area_title,
    })),
  };
}

export const portfolioKey = ['portfolio'] as const;

/**
 * It sums up every strategy, which no live update keeps current, so a visit reads it again unless
 * it was read moments ago (by the route's loader, while the page's code was arriving).
 */
export const portfolioQuery = queryOptions({
  queryKey: portfolioKey,
  staleTime: 5_000,
  queryFn: async () => (await apiRequest(portfolioApi.overview, {})).map(toPortfolioRow),
});

export function usePortfolioQuery() {
  return useQuery(portfolioQuery);
}

export const portfolioFailure = (error: unknown) => errorMessage(error, PORTFOLIO_TEXT.loadFailed);
