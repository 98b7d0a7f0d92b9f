/**
 * Route loaders that start a page's first reads as soon as its route is known, while the router
 * still downloads the page's code (React Router runs a route's loader beside its `lazy`). They do
 * not wait for the reads: the page's queries find them under the same keys and join them, so
 * nothing is read twice. The API modules they need come on demand too (the page imports them
 * anyway), so the first screen's code does not grow.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { noteEarlyReads } from '../api/earlyReads';
import { readSession } from '../api/session';
import { prefetchUserDetails } from '../api/users';

type Start = (queryClient: QueryClient, args: LoaderFunctionArgs) => unknown;

export function pageDataLoaders(queryClient: QueryClient) {
  // Without a session the page sends the visitor to /login: there is nothing to read.
  const loader = (start: Start) => (args: LoaderFunctionArgs) => {
    if (readSession() !== null) {
      noteEarlyReads(queryClient);
      // A failed read shows where the page reads it; a failed import is the page's own failure.
      Promise.resolve(start(queryClient, args)).catch(() => undefined);
    }
    return null;
  };
  return {
    /** The header's avatar, on every logged-in page. */
    userDetails: loader((client) => {
      const session = readSession();
      if (session) prefetchUserDetails(client, session.id);
    }),
    strategies: loader(async (client) => {
      const { strategiesQuery } = await import('../api/strategies');
      await client.prefetchQuery(strategiesQuery);
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
