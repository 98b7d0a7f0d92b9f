/**
 * PATCH /assign-users-to-strategy/: strategy masters and each initiative's owners, sponsors and
 * team members. Each changed list is checked with its own rule (DESIGN §4); unchanged lists
 * need no right, so a team member can save the page after changing only the team. The
 * organisation's administrators may change the masters of any of its strategies, and nothing else.
 * A list sent with its `base` (as the page loaded it) is merged into the stored one (merge.ts); one
 * sent without it replaces the stored one, refused (409 stale) when a `version` is sent and someone
 * else changed that list since. Every changed list is on record in the activity history, with its
 * record's version bumped, and a change of the masters in the organisation's security log too.
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
  TEAM_MESSAGES,
  type UserSummary,
} from '@keystone/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ensureNotStale, recordChanges } from '../../core/activityRecord';
import type { Actor } from '../../core/actor';
import type { AppContext } from '../../core/context';
import { badRequest, notFound } from '../../core/errors';
import { changeBy, publish, structureChange } from '../../core/events';
import { type RequestOrigin, recordSecurityEvent } from '../../core/securityEvents';
import { ensure, loadStrategyAccess, rolesOf, viewersOf } from '../../core/strategyAccess';
import { touchStrategy } from '../../core/strategyRow';
import { recordStrategyEvent, webhookLinks } from '../../core/webhookEvents';
import type { Queryable } from '../../db/client';
import {
  focusAreas,
  initiativeMembers,
  initiatives,
  strategies,
  strategyMasters,
  users,
} from '../../db/schema';
import { mergedList, sameSet, summariesOf } from './merge';
import type { ResolvePeople } from './people';

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

type RoleField = (typeof ROLE_FIELDS)[number]['field'];

/** One list of the request: as stored now, and as it will be once the page's edit is applied. */
interface ListChange<Field extends 'strategy_masters' | RoleField = 'strategy_masters' | RoleField> {
  /** The request's path of the list, for error keys. */
  path: string;
  /** The history's field name. */
  field: Field;
  current: readonly number[];
  next: number[];
  allowed: () => boolean;
  /** Absent for the masters. */
  initiative?: { id: number; role: Role };
  /** The version the list was read at, when sent without its base: then it must not be stale. */
  since?: number;
}

export async function assignTeam(
  ctx: AppContext,
  user: Actor,
  input: AssignTeamRequest,
  origin: RequestOrigin,
  resolvePeople: ResolvePeople,
) {
  const outcome = await ctx.db.transaction(async (tx) => {
    await lockStrategy(tx, input.strategy_id, user.organisationId);
    // Read after the lock, in a statement of its own: it sees every team change committed before
    // this one, so a merge never starts from a list another save has since changed.
    const access = await loadStrategyAccess(tx, input.strategy_id, user, { team: true });
    const strategyInitiatives = await initiativeIdsOf(tx, input.strategy_id);
    const requested = input.initiatives ?? [];
    for (const item of requested) {
      if (!strategyInitiatives.has(item.initiative_id)) throw notFound(STRATEGY_MESSAGES.initiativeNotFound);
    }

    const people = await resolvePeople(tx, [
      { path: 'strategy_masters', people: input.strategy_masters ?? [] },
      ...requested.flatMap((item, index) =>
        ROLE_FIELDS.map(({ field }) => ({
          path: `initiatives.${index}.${field}`,
          people: item[field] ?? [],
        })),
      ),
    ]);
    // Returned, not thrown: the refused addresses stay on record (and count against the quotas).
    if ('refusal' in people) return people;

    const lists: ListChange[] = [];
    if (input.strategy_masters !== undefined) {
      const current = access.roles.masterIds;
      lists.push({
        path: 'strategy_masters',
        field: 'strategy_masters',
        current,
        next: mergedList(current, people.idsFor(input.strategy_masters), input.base?.strategy_masters),
        allowed: () => canEditMasters(user, access.roles),
        since: input.base?.strategy_masters === undefined ? input.version : undefined,
      });
    }
    for (const [index, item] of requested.entries()) {
      const roles = rolesOf(access, item.initiative_id);
      const base = input.base?.initiatives?.find((entry) => entry.initiative_id === item.initiative_id);
      for (const { field, role, current, allowed } of ROLE_FIELDS) {
        const references = item[field];
        if (references === undefined) continue;
        lists.push({
          path: `initiatives.${index}.${field}`,
          field,
          current: current(roles),
          next: mergedList(current(roles), people.idsFor(references), base?.[field]),
          allowed: () => allowed(user.id, access.roles, roles),
          initiative: { id: item.initiative_id, role },
          since: base?.[field] === undefined ? item.version : undefined,
        });
      }
    }
    // Unchanged lists need no right, so a team member can save the page after changing only the team.
    const changed = lists.filter((list) => !sameSet(list.next, list.current));
    if (changed.length === 0) return { invited: people.invited };

    const accounts = await accountsOf(
      tx,
      changed.flatMap((list) => list.next),
    );
    for (const list of changed) checkList(list, accounts);
    for (const list of changed) await ensureListNotStale(tx, user, input.strategy_id, list);

    const summaries = await summariesOf(
      tx,
      changed.flatMap((list) => [...list.current, ...list.next]),
    );
    const historyOf = <Field extends ListChange['field']>(list: ListChange<Field>) => ({
      field: list.field,
      old: summaries(list.current),
      new: summaries(list.next),
    });
    const masters = changed.find(
      (list): list is ListChange<'strategy_masters'> => list.initiative === undefined,
    );
    if (masters) {
      await tx.delete(strategyMasters).where(eq(strategyMasters.strategyId, input.strategy_id));
      await tx
        .insert(strategyMasters)
        .values(masters.next.map((userId) => ({ strategyId: input.strategy_id, userId })));
      const version = await bumpVersion(tx, strategies, input.strategy_id);
      await recordChanges(
        tx,
        {
          strategyId: input.strategy_id,
          actorId: user.id,
          model: 'strategy',
          recordId: input.strategy_id,
          version,
        },
        [historyOf(masters)],
      );
      await recordMasterEvents(ctx, tx, user, origin, access.strategy, masters);
    } else {
      await touchStrategy(tx, input.strategy_id);
    }
    const changedInitiatives = new Set(changed.flatMap((list) => list.initiative?.id ?? []));
    for (const initiativeId of changedInitiatives) {
      const initiativeLists = changed.filter(
        (list): list is ListChange<RoleField> => list.initiative?.id === initiativeId,
      );
      for (const list of initiativeLists)
        await replaceMembers(tx, initiativeId, list.initiative!.role, list.next);
      const version = await bumpVersion(tx, initiatives, initiativeId);
      await recordChanges(
        tx,
        {
          strategyId: input.strategy_id,
          initiativeId,
          actorId: user.id,
          model: 'initiative',
          recordId: initiativeId,
          version,
        },
        initiativeLists.map(historyOf),
      );
    }

    // People removed from the strategy hear of it too: their page then says they were removed.
    const viewersNow = (await viewersOf(tx, [input.strategy_id])).get(input.strategy_id) ?? [];
    const change = changeBy(user.id, input.strategy_id, access.roles);
    await recordTeamEvents(ctx, tx, user, access.strategy, change.viewers, viewersNow, summaries);
    change.viewers = [...new Set([...change.viewers, ...viewersNow])];
    await publish(tx, [structureChange(change, 'strategy', input.strategy_id, 'team')]);
    return { invited: people.invited };
  });
  if ('refusal' in outcome) throw outcome.refusal;
  if (outcome.invited) ctx.mailQueued();
  return { id: input.strategy_id };
}

/** Whoever came to hold a role in the strategy joined its team; whoever holds none any more left it. */
async function recordTeamEvents(
  ctx: AppContext,
  tx: Queryable,
  user: Actor,
  strategy: { id: number; title: string },
  before: readonly number[],
  after: readonly number[],
  summaries: (ids: readonly number[]) => UserSummary[],
): Promise<void> {
  const moves = [
    ...after.filter((id) => !before.includes(id)).map((id) => ['member.joined', id] as const),
    ...before.filter((id) => !after.includes(id)).map((id) => ['member.left', id] as const),
  ];
  for (const [type, id] of moves) {
    await recordStrategyEvent(tx, ctx.config.appUrl, user, strategy, type, {
      user_id: id,
      user_name: summaries([id])[0]?.name ?? null,
      url: webhookLinks.team(ctx.config.appUrl, strategy.id),
    });
  }
}

/**
 * A list sent without its base replaces the stored one: with a `version`, it is refused when someone
 * else changed that list after the version (a lost addition otherwise). Its `current` is the
 * record's lists as stored, with the version to send again.
 */
async function ensureListNotStale(
  tx: Queryable,
  user: Actor,
  strategyId: number,
  list: ListChange,
): Promise<void> {
  const record = list.initiative
    ? { model: 'initiative' as const, table: initiatives, id: list.initiative.id }
    : { model: 'strategy' as const, table: strategies, id: strategyId };
  await ensureNotStale(tx, {
    model: record.model,
    recordId: record.id,
    fields: [list.field],
    since: list.since,
    userId: user.id,
    detail: TEAM_MESSAGES.stale,
    current: async () => {
      const [row] = await tx
        .select({ version: record.table.version })
        .from(record.table)
        .where(eq(record.table.id, record.id));
      const summaries = await summariesOf(tx, list.current);
      return { id: record.id, version: row?.version, [list.field]: summaries(list.current) };
    },
  });
}

/**
 * A strategy master can read and change everything in the strategy, and administrators may make
 * anyone one (themselves too): each person added to or removed from the masters is an event of
 * the organisation's security log, naming the strategy.
 */
async function recordMasterEvents(
  ctx: AppContext,
  tx: Queryable,
  actor: Actor,
  origin: RequestOrigin,
  strategy: { id: number; title: string },
  masters: ListChange,
): Promise<void> {
  const detail = { strategy_id: strategy.id, strategy_title: strategy.title };
  const events = [
    ...masters.next.filter((id) => !masters.current.includes(id)).map((id) => ['master_added', id] as const),
    ...masters.current
      .filter((id) => !masters.next.includes(id))
      .map((id) => ['master_removed', id] as const),
  ];
  for (const [kind, userId] of events) {
    await recordSecurityEvent(tx, ctx.log, origin, {
      kind,
      userId,
      actorId: actor.id,
      organisationId: actor.organisationId,
      detail,
    });
  }
}

/**
 * The rules of a changed list, on the list as it will be stored: the right to change it, nobody
 * deactivated newly given the role, owners not emptied, masters keeping an active signed-up account.
 */
function checkList(
  list: ListChange,
  accounts: { active: ReadonlySet<number>; deactivated: ReadonlySet<number> },
): void {
  ensure(list.allowed());
  const errorOn = (message: string) => badRequest(message, { [list.path]: [message] });
  if (list.initiative === undefined && list.next.length === 0) throw errorOn(STRATEGY_MESSAGES.lastMaster);
  // A deactivated person keeps the roles they hold, but nobody gives them a new one.
  if (list.next.some((id) => accounts.deactivated.has(id) && !list.current.includes(id))) {
    throw errorOn(ORGANISATION_MESSAGES.deactivatedNotAssignable);
  }
  if (list.initiative === undefined && !list.next.some((id) => accounts.active.has(id))) {
    throw errorOn(ORGANISATION_MESSAGES.masterMustHaveSignedUp);
  }
  if (list.initiative?.role === 'owner' && list.next.length === 0 && list.current.length > 0) {
    throw errorOn(MESSAGES.fieldRequired);
  }
}

/** Locks the strategy row (of the user's organisation) for the transaction: team saves go one at a time. */
async function lockStrategy(db: Queryable, strategyId: number, organisationId: number): Promise<void> {
  await db
    .select({ id: strategies.id })
    .from(strategies)
    .where(and(eq(strategies.id, strategyId), eq(strategies.organisationId, organisationId)))
    .for('update');
}

/** A team change is a change of its record: its version grows by one. Answers the new version. */
async function bumpVersion(
  db: Queryable,
  table: typeof strategies | typeof initiatives,
  id: number,
): Promise<number> {
  const [row] = await db
    .update(table)
    .set({ version: sql`${table.version} + 1`, updatedAt: sql`now()` })
    .where(eq(table.id, id))
    .returning({ version: table.version });
  return row!.version;
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
