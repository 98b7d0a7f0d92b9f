/**
 * What the progress page shows first, read before the page asks (its route's loader): the
 * strategy, its due dates (the notification settings), the locked dates and the status trend.
 */
import type { QueryClient } from '@tanstack/react-query';
import { lockedDatesQuery, notificationSettingsQuery, statusHistoryQuery } from './progress';
import { parseStrategyId, prefetchStrategy } from './strategies';

export function prefetchProgress(queryClient: QueryClient, id: string | undefined): void {
  const strategyId = parseStrategyId(id);
  if (strategyId === null) return;
  prefetchStrategy(queryClient, strategyId);
  void queryClient.prefetchQuery(notificationSettingsQuery(strategyId));
  void queryClient.prefetchQuery(lockedDatesQuery(strategyId));
  void queryClient.prefetchQuery(statusHistoryQuery(strategyId));
}
