/**
 * Route loaders that start a page's first reads as soon as its route is known, while the router
 * still downloads the page's code (React Router runs a route's loader beside its `lazy`). They do
 * not wait for the reads: the page's queries find them under the same keys and join them, so
 * nothing is read twice. The live connection is opened first, so it takes those reads as current
 * when it opens (realtime/liveConnection.ts). The modules they need come on demand too (the page
 * imports them anyway), so the first screen's code does not grow.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { readSession } from '../api/session';

type Start = (queryClient: QueryClient, args: LoaderFunctionArgs) => unknown;

export function pageDataLoaders(queryClient: QueryClient) {
  // Without a session the page sends the visitor to /login: there is nothing to read.
  const loader = (start: Start) => (args: LoaderFunctionArgs) => {
    const session = readSession();
    if (session !== null) {
      // A failed read shows where the page reads it; a failed import is the page's own failure.
      import('../realtime/liveConnection')
        .then(({ openLiveConnection }) => {
          openLiveConnection(session, queryClient);
          return start(queryClient, args);
        })
        .catch(() => undefined);
    }
    return null;
  };
  return {
    strategies: loader(async (client) => {
      const { strategiesQuery } = await import('../api/strategies');
      await client.prefetchQuery(strategiesQuery);
    }),
    portfolio: loader(async (client) => {
      const { portfolioQuery } = await import('../api/portfolio');
      await client.prefetchQuery(portfolioQuery);
    }),
    strategy: loader(async (client, { params }) => {
      (await import('../api/strategies')).prefetchStrategy(client, params.id);
    }),
    charter: loader(async (client, { params }) => {
      (await import('../api/charter')).prefetchCharter(client, params.initiativeId);
    }),
    progress: loader(async (client, { params }) => {
      (await import('../api/progressPrefetch')).prefetchProgress(client, params.id);
    }),
  };
}
