/**
 * The moment webhook times are reckoned by: the later of the real time and the app's clock. A
 * test clock moved forward makes retries due and failures old; one left behind the real time
 * (the progress tests' fake clock) does not hold deliveries back.
 */
import type { Clock } from '../../lib/clock';

export const webhookMoment = (clock: Clock) => new Date(Math.max(Date.now(), clock.now().getTime()));
