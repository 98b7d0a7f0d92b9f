/**
 * Single-use mailed tokens (password reset): stored hashed, expiring, used once. Verification
 * tokens belong to their sign-up attempt instead (pending_signups, signup.ts).
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { oneTimeTokens } from '../../db/schema';
import { randomSecret, sha256 } from '../../lib/secrets';

export type TokenPurpose = 'reset_password';

const LIFETIME_MS: Record<TokenPurpose, number> = {
  reset_password: 24 * 60 * 60 * 1000,
};

export async function issueToken(db: Queryable, userId: number, purpose: TokenPurpose): Promise<string> {
  const token = randomSecret();
  await db.insert(oneTimeTokens).values({
    userId,
    purpose,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + LIFETIME_MS[purpose]),
  });
  return token;
}

/**
 * Marks the token used and returns its user id, or null when it is unknown, expired,
 * already used, or belongs to another user (when `userId` is given). The conditional
 * update makes two concurrent uses of one token succeed only once.
 */
export async function consumeToken(
  db: Queryable,
  token: string,
  purpose: TokenPurpose,
  userId?: number,
): Promise<number | null> {
  const conditions = [
    eq(oneTimeTokens.tokenHash, sha256(token)),
    eq(oneTimeTokens.purpose, purpose),
    isNull(oneTimeTokens.usedAt),
    gt(oneTimeTokens.expiresAt, new Date()),
  ];
  if (userId !== undefined) conditions.push(eq(oneTimeTokens.userId, userId));
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(and(...conditions))
    .returning({ userId: oneTimeTokens.userId });
  return row?.userId ?? null;
}

/** A changed password voids every reset link sent before. */
export async function voidTokens(db: Queryable, userId: number, purpose: TokenPurpose): Promise<void> {
  await db
    .delete(oneTimeTokens)
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose)));
}
