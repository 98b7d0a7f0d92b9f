/**
 * The daily quota on new strategies (docs/OPERATIONS.md, "Limits"): per person and per
 * organisation, for a new strategy and one from the example alike. Counted in the database
 * (rateLimitStore.ts), so every instance agrees; a day is a fixed window from the first creation.
 * Creating a strategy is rare, so its two counting statements cost nothing that matters.
 */
import { MESSAGES } from '@keystone/contract';
import type { Actor } from '../../core/actor';
import type { AppContext } from '../../core/context';
import { tooManyRequests } from '../../core/errors';
import { countHit } from '../../http/rateLimitStore';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Counts one creation of `user`'s; a 429 (with Retry-After) when the person or the organisation is past its quota. */
export async function takeStrategyCreation(ctx: AppContext, user: Actor): Promise<void> {
  const { strategiesPerPersonPerDay, strategiesPerOrganisationPerDay } = ctx.config;
  const person = await countHit(ctx.db, `strategy-creations|user:${user.id}`, DAY_MS);
  if (person.current > strategiesPerPersonPerDay)
    throw tooManyRequests(MESSAGES.strategiesPerPersonReached, Math.ceil(person.ttl / 1000));
  const organisation = await countHit(
    ctx.db,
    `strategy-creations|organisation:${user.organisationId}`,
    DAY_MS,
  );
  if (organisation.current > strategiesPerOrganisationPerDay)
    throw tooManyRequests(MESSAGES.strategiesPerOrganisationReached, Math.ceil(organisation.ttl / 1000));
}
