/**
 * POST /api/test/clock: moves the server's clock, for browser tests of due dates. Registered only
 * when TEST_CLOCK=1; a production server never has it. Left out of the contract's endpoints (and
 * so of the API document and route()) on purpose: it is a test fixture, not part of the API.
 */

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../http/input';
import type { ShiftedClock } from '../lib/clock';
import type { ProgressScheduler } from '../modules/progress/scheduler';

const clockRequest = z.union([
  z.object({ now: z.iso.datetime({ offset: true }) }),
  z.object({
    advance_ms: z
      .number()
      .int()
      .min(0)
      .max(10 * 366 * 86_400_000),
  }),
]);

export function testClockRoutes(
  app: FastifyInstance,
  clock: ShiftedClock,
  scheduler: ProgressScheduler,
  /** Other work measured by the clock (the purge of deleted records), run after a move too. */
  afterMove: () => Promise<unknown>,
): void {
  app.post('/api/test/clock', async (request) => {
    const input = parseInput(clockRequest, request.body);
    if ('now' in input) clock.set(new Date(input.now));
    else clock.advance(input.advance_ms);
    const result = await scheduler.runDue();
    await afterMove();
    return { now: clock.now().toISOString(), ...result };
  });
}
