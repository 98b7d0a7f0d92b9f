/** Look-ups of users shared by several areas. */
import { and, eq, not } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;

/**
 * The signed-up account of an address (one at most). Placeholders are left out: each organisation
 * that invited the address may hold one, and none of them is an account.
 */
export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email.trim().toLowerCase()), not(users.isPlaceholder)))
    .limit(1);
  return row;
}

export async function findUserById(db: Queryable, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/**
 * The organisation's row of an address (its member, or its placeholder of someone it invited),
 * locked for the rest of the transaction so concurrent sign-ups of one address queue up.
 */
export async function lockOrganisationUser(
  db: Queryable,
  organisationId: number,
  email: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.organisationId, organisationId), eq(users.email, email)))
    .for('update')
    .limit(1);
  return row;
}
