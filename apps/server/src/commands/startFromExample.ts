/**
 * "Start from an example": the sample strategy of `seed-demo` created for the signed-in person,
 * who becomes its master and the owner of its initiatives. Anyone who may create a strategy may
 * create one. All of it is one transaction (each service's own transaction becomes a savepoint),
 * so a failure halfway leaves nothing behind, and nothing is heard of it before it is whole.
 */
import type { Strategy } from '@keystone/contract';
import type { Actor } from '../core/actor';
import type { AppContext } from '../core/context';
import type { RequestOrigin } from '../core/securityEvents';
import { getStrategyPage } from '../modules/strategies/service';
import { writeDemoStrategy } from './demoStrategy';

export async function createExampleStrategy(
  ctx: AppContext,
  user: Actor,
  origin: RequestOrigin,
): Promise<Strategy> {
  const strategyId = await ctx.db.transaction((tx) =>
    // A transaction is a database whose own transactions are savepoints.
    writeDemoStrategy({ ...ctx, db: tx }, user, null, origin),
  );
  return getStrategyPage(ctx.db, strategyId, user);
}
