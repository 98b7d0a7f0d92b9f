/**
 * How long to wait before the next attempt to reconnect a socket: the contract's back-off with
 * full jitter, so the browsers a restarted server dropped do not all come back in the same instant.
 */
import { type BackoffDelay, jitteredBackoff } from '@keystone/contract';

export const RECONNECT_DELAY: BackoffDelay = { first: 500, max: 15_000 };

/**
 * A random delay in [0, min(max, first · 2^attempt)) for the attempt-th retry (0 for the first).
 * `random` stands in for Math.random in tests.
 */
export const reconnectDelay = (attempt: number, random: () => number = Math.random): number =>
  jitteredBackoff(attempt, RECONNECT_DELAY, random);
