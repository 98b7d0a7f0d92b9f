/**
 * PATCH /assign-users-to-strategy/: strategy masters and each initiative's owners, sponsors and
 * team members. Each changed list is checked with its own rule (DESIGN §4); unchanged lists
 * need no right, so a team member can save the page after changing only the team. The
 * organisation's administrators may change the masters of any of its strategies, and nothing else.
 */
import {
  type AssignTeamRequest,
  canEditMasters,
  canEditOwners,
  canEditSponsors,
  canEditTeamMembers,
  type InitiativeRoles,
  MESSAGES,
  ORGANISATION_MESSAGES,
  STRATEGY_MESSAGES,
  type StrategyRoles,
} from '@keystone/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { focusAreas, initiativeMembers, initiatives, strategyMasters, users } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { changeBy, publish, structureChange } from '../../realtime/events';
import type { AuthenticatedUser } from '../auth/keys';
import type { RequestOrigin } from '../auth/securityEvents';
import { ensure, loadStrategyAccess, rolesOf, viewersOf } from '../strategies/access';
import { touchStrategy } from '../strategies/service';
import { resolvePeople } from './people';

type Role = 'owner' | 'sponsor' | 'team_member';

const ROLE_FIELDS = [
  { field: 'owners', role: 'owner', current: (r: InitiativeRoles) => r.ownerIds, allowed: canEditOwners },
  {
    field: 'sponsors',
    role: 'sponsor',
    current: (r: InitiativeRoles) => r.sponsorIds,
    allowed: canEditSponsors,
  },
  {
    field: 'team_members',
    role: 'team_member',
    current: (r: InitiativeRoles) => r.teamMemberIds,
    allowed: canEditTeamMembers,
  },
] as const satisfies readonly {
  field: 'owners' | 'sponsors' | 'team_members';
  role: Role;
  current: (roles: InitiativeRoles) => readonly number[];
  allowed: (userId: number, strategy: StrategyRoles, initiative: InitiativeRoles) => boolean;
}[];

const sameSet = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

export async function assignTeam(
  ctx: AppContext,
  user: AuthenticatedUser,
  input: AssignTeamRequest,
  origin: RequestOrigin,
) {
  const invited = await ctx.db.transaction(async (tx) => {
    const access = await loadStrategyAccess(tx, input.strategy_id, user, { forUpdate: true, team: true });
    const strategyInitiatives = await initiativeIdsOf(tx, input.strategy_id);
    const requested = input.initiatives ?? [];
    for (const item of requested) {
      if (!strategyInitiatives.has(item.initiative_id)) throw notFound('Initiative not found.');
    }

    const people = await resolvePeople(
      ctx,
      tx,
      user,
      [
        { path: 'strategy_masters', people: input.strategy_masters ?? [] },
        ...requested.flatMap((item, index) =>
          ROLE_FIELDS.map(({ field }) => ({
            path: `initiatives.${index}.${field}`,
            people: item[field] ?? [],
          })),
        ),
      ],
      origin,
    );
    const accounts = await accountsOf(tx, [
      ...people.idsFor(input.strategy_masters ?? []),
      ...requested.flatMap((item) => ROLE_FIELDS.flatMap(({ field }) => people.idsFor(item[field] ?? []))),
    ]);
    /** A deactivated person keeps the roles they hold, but nobody gives them a new one. */
    const refuseNewlyDeactivated = (path: string, ids: readonly number[], current: readonly number[]) => {
      if (ids.some((id) => accounts.deactivated.has(id) && !current.includes(id))) {
        throw badRequest(ORGANISATION_MESSAGES.deactivatedNotAssignable, {
          [path]: [ORGANISATION_MESSAGES.deactivatedNotAssignable],
        });
      }
    };

    if (input.strategy_masters !== undefined) {
      const masterIds = people.idsFor(input.strategy_masters);
      if (!sameSet(masterIds, access.roles.masterIds)) {
        ensure(canEditMasters(user, access.roles));
        if (masterIds.length === 0) {
          throw badRequest(STRATEGY_MESSAGES.lastMaster, {
            strategy_masters: [STRATEGY_MESSAGES.lastMaster],
          });
        }
        refuseNewlyDeactivated('strategy_masters', masterIds, access.roles.masterIds);
        if (!masterIds.some((id) => accounts.active.has(id))) {
          throw badRequest(ORGANISATION_MESSAGES.masterMustHaveSignedUp, {
            strategy_masters: [ORGANISATION_MESSAGES.masterMustHaveSignedUp],
          });
        }
        await tx.delete(strategyMasters).where(eq(strategyMasters.strategyId, input.strategy_id));
        await tx
          .insert(strategyMasters)
          .values(masterIds.map((userId) => ({ strategyId: input.strategy_id, userId })));
      }
    }

    for (const [index, item] of requested.entries()) {
      const roles = rolesOf(access, item.initiative_id);
      for (const { field, role, current, allowed } of ROLE_FIELDS) {
        const references = item[field];
        if (references === undefined) continue;
        const ids = people.idsFor(references);
        if (sameSet(ids, current(roles))) continue;
        ensure(allowed(user.id, access.roles, roles));
        refuseNewlyDeactivated(`initiatives.${index}.${field}`, ids, current(roles));
        if (role === 'owner' && ids.length === 0 && current(roles).length > 0) {
          throw badRequest(MESSAGES.fieldRequired, {
            [`initiatives.${index}.owners`]: [MESSAGES.fieldRequired],
          });
        }
        await replaceMembers(tx, item.initiative_id, role, ids);
      }
    }
    await touchStrategy(tx, input.strategy_id);
    // People removed from the strategy hear of it too: their page then says they were removed.
    const viewersNow = (await viewersOf(tx, [input.strategy_id])).get(input.strategy_id) ?? [];
    const change = changeBy(user.id, input.strategy_id, access.roles);
    change.viewers = [...new Set([...change.viewers, ...viewersNow])];
    await publish(tx, [structureChange(change, 'strategy', input.strategy_id, 'team')]);
    return people.invited;
  });
  if (invited) ctx.mailQueued();
  return { id: input.strategy_id };
}

/**
 * Which of these people are active signed-up accounts (a strategy needs one as master) and which
 * are deactivated, in one query.
 */
async function accountsOf(db: Queryable, userIds: readonly number[]) {
  const active = new Set<number>();
  const deactivated = new Set<number>();
  if (userIds.length === 0) return { active, deactivated };
  const rows = await db
    .select({ id: users.id, isActive: users.isActive, isPlaceholder: users.isPlaceholder })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
  for (const row of rows) {
    if (!row.isActive) deactivated.add(row.id);
    else if (!row.isPlaceholder) active.add(row.id);
  }
  return { active, deactivated };
}

async function initiativeIdsOf(db: Queryable, strategyId: number): Promise<Set<number>> {
  const rows = await db
    .select({ id: initiatives.id })
    .from(initiatives)
    .innerJoin(focusAreas, eq(focusAreas.id, initiatives.focusAreaId))
    .where(eq(focusAreas.strategyId, strategyId));
  return new Set(rows.map((row) => row.id));
}

async function replaceMembers(db: Queryable, initiativeId: number, role: Role, userIds: readonly number[]) {
  await db
    .delete(initiativeMembers)
    .where(and(eq(initiativeMembers.initiativeId, initiativeId), eq(initiativeMembers.role, role)));
  if (userIds.length > 0) {
    await db.insert(initiativeMembers).values(userIds.map((userId) => ({ initiativeId, userId, role })));
  }
}
