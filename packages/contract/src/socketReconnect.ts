/**
 * When a dropped socket tries again: one rule for the browser and for the bench's clients, which
 * stand in for thousands of browsers. Full jitter (anywhere from 0 up to a doubling ceiling) keeps
 * the sockets one instance dropped from coming back in step. When the server itself sent them
 * away (1001 on shutdown, 1012 on a resync), every socket of an instance (up to ~2,500) drops in
 * the same instant: their first retry is spread over 0–3 s, so the survivors take them at a
 * bounded rate (~800 new sockets a second) instead of all at once.
 */
import { type BackoffDelay, jitteredBackoff } from './backoff';
import { SOCKET_CLOSE } from './realtime';

/** After an ordinary drop (network, 1006, 1013): a quick first retry. */
export const RECONNECT_DELAY: BackoffDelay = { first: 500, max: 15_000 };
/** After the server sent the socket away: the whole instance's sockets retry at once, so spread them wider. */
export const RECONNECT_AFTER_SERVER_LEFT: BackoffDelay = { first: 3_000, max: 15_000 };

/** Whether a close is the server sending every socket away (shutdown or resync), not a fault of this one. */
const serverSentAway = (closeCode: number): boolean =>
  closeCode === SOCKET_CLOSE.goingAway || closeCode === SOCKET_CLOSE.resync;

/**
 * The delay before the retry-th retry (0 for the first) of a run of failures that began with a
 * close of `firstCloseCode`. `random` stands in for Math.random in tests.
 */
export function reconnectDelay(
  retry: number,
  firstCloseCode: number,
  random: () => number = Math.random,
): number {
  const delay = serverSentAway(firstCloseCode) ? RECONNECT_AFTER_SERVER_LEFT : RECONNECT_DELAY;
  return jitteredBackoff(retry, delay, random);
}
