/**
 * The query keys of a strategy's progress history and notification settings. Apart from their
 * calls (progress.ts), so the live updates and a strategy's delete can name them on any page
 * without loading the progress page's code.
 */

/** Everything of a strategy's progress history, under one prefix so a processed due date rereads it all. */
export const progressKey = (strategyId: number) => ['progress', strategyId] as const;
export const lockedDatesKey = (strategyId: number) => [...progressKey(strategyId), 'locked-dates'] as const;
export const lockedCommentsKey = (strategyId: number, date: string) =>
  [...progressKey(strategyId), 'locked-comments', date] as const;
export const statusHistoryKey = (strategyId: number) =>
  [...progressKey(strategyId), 'status-history'] as const;

export const notificationSettingsKey = (strategyId: number) => ['notification-settings', strategyId] as const;
