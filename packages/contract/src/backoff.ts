/**
 * Exponential back-off, one rule for every retry loop of server and browser: the retry-th retry
 * (0 for the first) waits up to first · 2^retry, never more than max. Loops that many clients run
 * at once (reconnecting sockets) spread their attempts with full jitter.
 */
export interface BackoffDelay {
  first: number;
  max: number;
}

export function backoffCeiling(retry: number, delay: BackoffDelay): number {
  return Math.min(delay.max, delay.first * 2 ** retry);
}

/** Full jitter: a random whole delay in [0, ceiling). `random` stands in for Math.random in tests. */
export function jitteredBackoff(
  retry: number,
  delay: BackoffDelay,
  random: () => number = Math.random,
): number {
  return Math.floor(random() * backoffCeiling(retry, delay));
}
