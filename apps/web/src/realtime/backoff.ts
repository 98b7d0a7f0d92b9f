/**
 * How long to wait before the next attempt to reconnect a socket: exponential back-off with full
 * jitter, so the browsers a restarted server dropped do not all come back in the same instant.
 */
export const RECONNECT_DELAY = { firstMs: 500, maxMs: 15_000 } as const;

/**
 * A random delay in [0, min(max, first · 2^attempt)) for the attempt-th retry (0 for the first).
 * `random` stands in for Math.random in tests.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_DELAY.maxMs, RECONNECT_DELAY.firstMs * 2 ** attempt);
  return Math.floor(random() * ceiling);
}
