/** Where a login leads (spec §2); kept out of the header's paths so the app shell stays small. */
import type { QueryClient } from '@tanstack/react-query';
import { readLastActiveStrategy } from '../../api/session';

/**
 * Spec §2: after login, the last active strategy if this user still sees it, else the most
 * recently updated one, else the list (which offers to create one).
 */
export function landingPath(lastActive: string | null, strategies: readonly { id: number }[]): string {
  if (lastActive && strategies.some((strategy) => String(strategy.id) === lastActive)) {
    return `/strategy/${lastActive}`;
  }
  const latest = strategies[0];
  return latest ? `/strategy/${latest.id}` : '/strategies';
}

export async function pathAfterLogin(queryClient: QueryClient): Promise<string> {
  try {
    // Loaded when needed: /login itself should not download the strategy calls.
    const { strategiesQuery } = await import('../../api/strategies');
    return landingPath(readLastActiveStrategy(), await queryClient.fetchQuery(strategiesQuery));
  } catch {
    return '/strategies'; // the list page shows the failure and lets the user retry
  }
}

/**
 * The page a visitor asked for before being sent to log in (see RequireLogin), when it is a
 * path of this app; a link to another site is never followed.
 */
export function requestedPath(routerState: unknown): string | null {
  const from = (routerState as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null;
}
