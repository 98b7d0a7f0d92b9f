/**
 * Identities from OpenID providers (Google, an organisation's own): (issuer, subject) rows in
 * user_identities, what stays the same when the person's e-mail changes.
 */
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { userIdentities, users } from '../../db/schema';

/** The user the identity is linked to, if any. */
export async function linkedUserId(
  db: Queryable,
  identity: { issuer: string; subject: string },
): Promise<number | undefined> {
  const [linked] = await db
    .select({ userId: userIdentities.userId })
    .from(userIdentities)
    .where(and(eq(userIdentities.issuer, identity.issuer), eq(userIdentities.subject, identity.subject)))
    .limit(1);
  return linked?.userId;
}

/** Whether the user already has an identity of this issuer (then another subject may not link). */
export async function hasIdentityOf(db: Queryable, userId: number, issuer: string): Promise<boolean> {
  const [row] = await db
    .select({ id: userIdentities.id })
    .from(userIdentities)
    .where(and(eq(userIdentities.userId, userId), eq(userIdentities.issuer, issuer)))
    .limit(1);
  return row !== undefined;
}

/**
 * A provider vouched for the address of an existing account, which is about to be linked to it:
 * the address counts as verified, the provider's names fill those the account lacks, and a
 * password set before the address was proven (a stranger's, perhaps) does not survive.
 */
export async function adoptProvenAddress(
  db: Queryable,
  existing: { id: number; emailVerifiedAt: Date | null; firstName: string; lastName: string },
  names: { firstName: string; lastName: string },
): Promise<void> {
  const verifiedBefore = existing.emailVerifiedAt !== null;
  await db
    .update(users)
    .set({
      emailVerifiedAt: existing.emailVerifiedAt ?? new Date(),
      firstName: existing.firstName || names.firstName,
      lastName: existing.lastName || names.lastName,
      ...(verifiedBefore ? {} : { passwordHash: null }),
    })
    .where(eq(users.id, existing.id));
}
