/** TanStack Query is the one cache of server state; this sets how it retries and refreshes. */
import { type InvalidateQueryFilters, QueryClient } from '@tanstack/react-query';
import { ApiError } from './client';

/** A 4xx answer will not change on retry; network failures and 5xx get one more try. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/**
 * Marks queries out of date and reads them again, even one whose first read is still under way:
 * invalidating alone joins such a read, whose answer may predate the change just announced.
 */
export async function rereadQueries(
  queryClient: QueryClient,
  filters: InvalidateQueryFilters,
): Promise<void> {
  await queryClient.cancelQueries(filters);
  await queryClient.invalidateQueries(filters);
}
