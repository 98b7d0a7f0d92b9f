/**
 * The organisation's people as administrators see them (GET /api/organisation/members/): three
 * queries however many people and strategies there are: the people with their last activity, the
 * strategy masters, and the initiative roles held in the organisation.
 */
import {
  fullName,
  type Member,
  type MemberStatus,
  STRATEGY_MESSAGES,
  type StrategyRole,
} from '@keystone/contract';
import { and, eq, sql } from 'drizzle-orm';
import { hasConfirmedTotp } from '../../core/secondFactor';
import type { Queryable } from '../../db/client';
import {
  authKeys,
  focusAreas,
  initiativeMembers,
  initiatives,
  strategies,
  strategyMasters,
  users,
} from '../../db/schema';

type MemberRow = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  businessTitle: string;
  isAdmin: boolean;
  breakGlass: boolean;
  mfaEnabled: boolean;
  ssoLinked: boolean;
  isActive: boolean;
  isPlaceholder: boolean;
  lastActive: Date | string | null;
};

type RoleRow = { userId: number; strategyId: number; title: string; role: StrategyRole };

export const memberStatus = (row: { isPlaceholder: boolean; isActive: boolean }): MemberStatus => {
  if (row.isPlaceholder) return 'invited';
  return row.isActive ? 'active' : 'deactivated';
};

/** Active people first by name, then those invited by address, then the deactivated by name. */
const STATUS_ORDER: Record<MemberStatus, number> = { active: 0, invited: 1, deactivated: 2 };

function byStatusThenName(a: Member, b: Member): number {
  return (
    STATUS_ORDER[a.status] - STATUS_ORDER[b.status] ||
    (a.name ?? a.email).localeCompare(b.name ?? b.email, 'en', { sensitivity: 'base' }) ||
    a.id - b.id
  );
}

/** Every role held in the organisation's strategies (or only this person's), one row per role. */
async function strategyRoles(db: Queryable, organisationId: number, userId?: number): Promise<RoleRow[]> {
  const inOrganisation = eq(strategies.organisationId, organisationId);
  const masters = await db
    .select({ userId: strategyMasters.userId, strategyId: strategies.id, title: strategies.title })
    .from(strategyMasters)
    .innerJoin(strategies, eq(strategies.id, strategyMasters.strategyId))
    .where(and(inOrganisation, userId === undefined ? undefined : eq(strategyMasters.userId, userId)));
  const members = await db
    .selectDistinct({
      userId: initiativeMembers.userId,
      strategyId: strategies.id,
      title: strategies.title,
      role: initiativeMembers.role,
    })
    .from(initiativeMembers)
    .innerJoin(initiatives, eq(initiatives.id, initiativeMembers.initiativeId))
    .innerJoin(focusAreas, eq(focusAreas.id, initiatives.focusAreaId))
    .innerJoin(strategies, eq(strategies.id, focusAreas.strategyId))
    .where(and(inOrganisation, userId === undefined ? undefined : eq(initiativeMembers.userId, userId)));
  return [...masters.map((row) => ({ ...row, role: 'master' as const })), ...members];
}

function rolesByUser(rows: readonly RoleRow[]): Map<number, Member['strategies']> {
  const byUser = new Map<number, Map<number, Member['strategies'][number]>>();
  const order: readonly StrategyRole[] = ['master', 'owner', 'sponsor', 'team_member'];
  for (const row of rows) {
    const held = byUser.get(row.userId) ?? new Map();
    byUser.set(row.userId, held);
    const entry = held.get(row.strategyId) ?? {
      id: row.strategyId,
      title: row.title || STRATEGY_MESSAGES.untitledStrategy,
      roles: [],
    };
    held.set(row.strategyId, entry);
    entry.roles.push(row.role);
  }
  return new Map(
    [...byUser].map(([userId, held]) => [
      userId,
      [...held.values()]
        .map((entry) => ({ ...entry, roles: order.filter((role) => entry.roles.includes(role)) }))
        .sort((a, b) => a.title.localeCompare(b.title, 'en', { sensitivity: 'base' }) || a.id - b.id),
    ]),
  );
}

function presentMember(row: MemberRow, strategies: Member['strategies']): Member {
  return {
    id: row.id,
    name: fullName(row.firstName, row.lastName),
    email: row.email,
    business_title: row.businessTitle,
    is_admin: row.isAdmin,
    break_glass: row.breakGlass,
    mfa_enabled: row.mfaEnabled,
    sso_linked: row.ssoLinked,
    status: memberStatus(row),
    last_active: row.lastActive === null ? null : new Date(row.lastActive).toISOString(),
    strategies,
  };
}

/** The members of an organisation (or only the one with `userId`, when it belongs to it), sorted. */
export async function loadMembers(db: Queryable, organisationId: number, userId?: number): Promise<Member[]> {
  // The newest use of any of their keys, or their last sign-in when they hold no key any more.
  const lastKeyUse = sql`(select max(${authKeys.lastUsedAt}) from ${authKeys} where ${authKeys.userId} = ${users.id})`;
  const rows: MemberRow[] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      businessTitle: users.businessTitle,
      isAdmin: users.isAdmin,
      breakGlass: users.breakGlass,
      // Written out with table names: drizzle leaves a one-table select's columns unqualified,
      // which inside these subqueries would name the subquery's own tables.
      mfaEnabled: hasConfirmedTotp,
      // Linked to the provider the organisation uses now (an identity of an earlier one does not count).
      ssoLinked: sql<boolean>`exists (select 1 from user_identities i join organisation_sso o on o.issuer = i.issuer where i.user_id = "users"."id" and o.organisation_id = "users"."organisation_id")`,
      isActive: users.isActive,
      isPlaceholder: users.isPlaceholder,
      lastActive: sql<Date | string | null>`greatest(${lastKeyUse}, ${users.lastLoginAt})`,
    })
    .from(users)
    .where(
      and(eq(users.organisationId, organisationId), userId === undefined ? undefined : eq(users.id, userId)),
    );
  if (rows.length === 0) return [];
  const roles = rolesByUser(await strategyRoles(db, organisationId, userId));
  return rows.map((row) => presentMember(row, roles.get(row.id) ?? [])).sort(byStatusThenName);
}
