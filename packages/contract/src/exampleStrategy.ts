/**
 * "Start from an example" (issue 18): a filled-in sample strategy created in one click. Its texts
 * and its flood limit live here, for the server, the list page and the tests.
 */
export const EXAMPLE_STRATEGY_TEXTS = {
  start: 'Start from an example',
  starting: 'Creating the example strategy',
  hint: 'Or start from an example: a filled-in strategy you can read, edit or delete.',
  failed: 'The example strategy could not be created. Please try again.',
  /** The hourly flood limit was reached (a minute's wait would not help). */
  tooMany: 'You have created many example strategies in the last hour. Please try again later.',
} as const;

/** Each person may create this many examples an hour: a flood must not fill the database. */
export const EXAMPLE_STRATEGIES_PER_HOUR = 10;
