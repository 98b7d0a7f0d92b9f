/**
 * The organisation's people as administrators see them (GET /api/organisation/members/): two
 * queries however many people and strategies there are, one for the people with their last
 * activity, one for every strategy role held in the organisation.
 */
import {
  fullName,
  type Member,
  type MemberStatus,
  STRATEGY_MESSAGES,
  type StrategyRole,
} from '@keystone/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { authKeys, users } from '../../db/schema';

type MemberRow = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  businessTitle: string;
  isAdmin: boolean;
  isActive: boolean;
  isPlaceholder: boolean;
  lastActive: Date | string | null;
};

type RoleRow = { user_id: number; strategy_id: number; title: string; role: StrategyRole };

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
  const onlyUser = (column: string) =>
    userId === undefined ? sql`` : sql`and ${sql.raw(column)} = ${userId}`;
  const result = await db.execute(sql`
    select m.user_id, s.id as strategy_id, s.title, 'master' as role
    from strategy_masters m join strategies s on s.id = m.strategy_id
    where s.organisation_id = ${organisationId} ${onlyUser('m.user_id')}
    union
    select im.user_id, s.id, s.title, im.role
    from initiative_members im
    join initiatives i on i.id = im.initiative_id
    join focus_areas fa on fa.id = i.focus_area_id
    join strategies s on s.id = fa.strategy_id
    where s.organisation_id = ${organisationId} ${onlyUser('im.user_id')}`);
  return (result as unknown as { rows: RoleRow[] }).rows;
}

function rolesByUser(rows: readonly RoleRow[]): Map<number, Member['strategies']> {
  const byUser = new Map<number, Map<number, Member['strategies'][number]>>();
  const order: readonly StrategyRole[] = ['master', 'owner', 'sponsor', 'team_member'];
  for (const row of rows) {
    const strategies = byUser.get(row.user_id) ?? new Map();
    byUser.set(row.user_id, strategies);
    const entry = strategies.get(row.strategy_id) ?? {
      id: row.strategy_id,
      title: row.title || STRATEGY_MESSAGES.untitledStrategy,
      roles: [],
    };
    strategies.set(row.strategy_id, entry);
    entry.roles.push(row.role);
  }
  return new Map(
    [...byUser].map(([userId, strategies]) => [
      userId,
      [...strategies.values()]
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
