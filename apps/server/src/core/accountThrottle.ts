/**
 * Per-account back-off against password guessing spread over many addresses (docs/SECURITY.md
 * states the rule). Every attempt on an account is counted before its password is checked, in
 * one atomic statement, so a burst of parallel guesses cannot slip past the count; a success
 * clears it. The account is the e-mail as typed, whether or not anybody has it, so the back-off
 * tells nothing about who has an account. Counters live in the database: every instance sees them.
 */
import { eq, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { accountThrottles, users } from '../db/schema';

/** Attempts allowed in a row before the account starts to wait. */
export const FREE_ATTEMPTS = 5;
/** The wait after the last free attempt; it doubles with each further attempt, up to the cap. */
const FIRST_WAIT_SECONDS = 1;
export const MAX_WAIT_SECONDS = 300;
/** An account with no attempt for this long starts counting from zero again. */
const FORGET_AFTER = sql`interval '1 hour'`;

export function accountOf(email: string): string {
  return email.trim().toLowerCase().slice(0, 320);
}

/**
 * Counts an attempt on the account, unless it must wait: then nothing is counted and the answer
 * is the number of seconds left (0 when the attempt may go ahead).
 */
export async function claimAttempt(db: Queryable, account: string): Promise<number> {
  const attempts = sql`case when ${accountThrottles.lastFailedAt} < now() - ${FORGET_AFTER} then 1 else ${accountThrottles.failures} + 1 end`;
  const [claimed] = await db
    .insert(accountThrottles)
    .values({ account, failures: 1, lastFailedAt: sql`now()` })
    .onConflictDoUpdate({
      target: accountThrottles.account,
      set: {
        failures: attempts,
        lastFailedAt: sql`now()`,
        blockedUntil: sql`case when ${attempts} >= ${FREE_ATTEMPTS}
          then now() + least(${FIRST_WAIT_SECONDS} * power(2, ${attempts} - ${FREE_ATTEMPTS}), ${MAX_WAIT_SECONDS}) * interval '1 second'
          end`,
      },
      setWhere: sql`${accountThrottles.blockedUntil} is null or ${accountThrottles.blockedUntil} <= now()`,
    })
    .returning({ failures: accountThrottles.failures });
  if (claimed) return 0;
  const [blocked] = await db
    .select({ seconds: sql<string>`ceil(extract(epoch from (${accountThrottles.blockedUntil} - now())))` })
    .from(accountThrottles)
    .where(eq(accountThrottles.account, account));
  return Math.max(1, Number(blocked?.seconds ?? 1));
}

/**
 * The attempt was right (a password whose second factor is still to come, or an old password
 * before a change): it stops counting, and the wait it started ends (any wait before it had run
 * out, or it would not have been let through). Earlier failures stay counted.
 */
export async function releaseAttempt(db: Queryable, account: string): Promise<void> {
  await db
    .update(accountThrottles)
    .set({ failures: sql`greatest(${accountThrottles.failures} - 1, 0)`, blockedUntil: null })
    .where(eq(accountThrottles.account, account));
}

/** A sign-in with every factor passed: the user's account starts counting from zero. */
export async function clearAttemptsOfUser(db: Queryable, userId: number): Promise<void> {
  await db
    .delete(accountThrottles)
    .where(
      eq(accountThrottles.account, sql`(select ${users.email} from ${users} where ${users.id} = ${userId})`),
    );
}

/** Accounts nobody tried for a day are forgotten (called now and then by the login path). */
export async function forgetOldAttempts(db: Queryable): Promise<void> {
  await db.delete(accountThrottles).where(lt(accountThrottles.lastFailedAt, sql`now() - interval '1 day'`));
}
