/**
 * What each PDF prints (modules/pdf draws it), read through the same checks as the pages they
 * print: the strategy page's read and the charter's (404 for anyone who may not see them, another
 * organisation included).
 */
import { eq } from 'drizzle-orm';
import type { Actor } from '../core/actor';
import type { AppContext } from '../core/context';
import { notificationSettings, organisations, strategies } from '../db/schema';
import { getInitiative } from '../modules/initiatives/service';
import { getStrategyPage } from '../modules/strategies/service';
import { listTimelines } from '../modules/timelines/service';

async function organisationName(ctx: AppContext, organisationId: number): Promise<string> {
  const [row] = await ctx.db
    .select({ name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return row?.name ?? '';
}

/** The strategy's time zone, where its due dates fall: the documents' days are read there. */
async function timeZoneOf(ctx: AppContext, strategyId: number): Promise<string> {
  const [row] = await ctx.db
    .select({ timeZone: notificationSettings.timeZone })
    .from(notificationSettings)
    .where(eq(notificationSettings.strategyId, strategyId));
  return row?.timeZone ?? 'UTC';
}

export async function strategySource(ctx: AppContext, user: Actor, strategyId: number) {
  const strategy = await getStrategyPage(ctx.db, strategyId, user);
  const [name, timeZone] = await Promise.all([
    organisationName(ctx, user.organisationId),
    timeZoneOf(ctx, strategyId),
  ]);
  return { strategy, organisationName: name, timeZone };
}

export async function charterSource(ctx: AppContext, user: Actor, initiativeId: number) {
  const initiative = await getInitiative(ctx, user, initiativeId);
  const [timelines, [strategy], name, timeZone] = await Promise.all([
    listTimelines(ctx, user, initiativeId),
    ctx.db
      .select({ title: strategies.title })
      .from(strategies)
      .where(eq(strategies.id, initiative.strategy_id)),
    organisationName(ctx, user.organisationId),
    timeZoneOf(ctx, initiative.strategy_id),
  ]);
  return { initiative, timelines, strategyTitle: strategy?.title ?? '', organisationName: name, timeZone };
}
