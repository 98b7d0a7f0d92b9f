/**
 * "Two-factor required" (organisations.mfa_required, issue 31): a session of someone the policy
 * covers who has no second factor is issued pending (auth_keys.second_factor_pending) and may only
 * set one up (Endpoint.beforeSecondFactor, http/authenticate.ts). Whether a key is pending is kept
 * with it, so every request reads it with the key it already looks up; what changes who is covered
 * (the policy, TOTP turned on) updates the keys at once.
 */
import { AUTH_CODES, type MfaPolicy, SSO_MESSAGES } from '@keystone/contract';
import { and, eq, inArray, not, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { authKeys, organisations, users, userTotp } from '../db/schema';
import { HttpError } from './errors';
import { publish } from './events';
import { isMfaEnabled } from './secondFactor';

/** Whether the policy asks a second factor of this person. */
export function policyCovers(policy: MfaPolicy, isAdmin: boolean): boolean {
  return policy === 'everyone' || (policy === 'admins' && isAdmin);
}

/** The answer of every call a pending session may not make (the web app leads to the set-up). */
export const secondFactorSetupRequired = () =>
  new HttpError(403, SSO_MESSAGES.secondFactorSetupRequired, undefined, {
    code: AUTH_CODES.secondFactorSetupRequired,
  });

/**
 * Whether a session starting now must set up a second factor first: the policy covers the person,
 * the sign-in gave no second factor, and they have none to give (TOTP off).
 */
export async function startsPending(db: Queryable, userId: number, secondFactor: boolean): Promise<boolean> {
  if (secondFactor) return false;
  const [row] = await db
    .select({ isAdmin: users.isAdmin, policy: organisations.mfaRequired })
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row || !policyCovers(row.policy, row.isAdmin)) return false;
  return !(await isMfaEnabled(db, userId));
}

/**
 * Why this person may not turn two-factor off, or null when they may: the organisation's policy
 * covers them, or they are break-glass access (which is password plus second factor).
 */
export async function secondFactorKept(db: Queryable, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ isAdmin: users.isAdmin, breakGlass: users.breakGlass, policy: organisations.mfaRequired })
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  if (policyCovers(row.policy, row.isAdmin)) return SSO_MESSAGES.mfaRequiredCannotDisable;
  if (row.breakGlass) return SSO_MESSAGES.breakGlassCannotDisable;
  return null;
}

/** The people of the organisation (or the one person) the policy covers who have no TOTP on. */
function coveredWithoutTotp(organisationId: number, policy: MfaPolicy, userId?: number): SQL {
  const covered =
    policy === 'everyone' ? sql`true` : policy === 'admins' ? eq(users.isAdmin, true) : sql`false`;
  return and(
    eq(users.organisationId, organisationId),
    userId === undefined ? undefined : eq(users.id, userId),
    covered,
    sql`not exists (select 1 from ${userTotp} where ${userTotp.userId} = ${users.id} and ${userTotp.confirmedAt} is not null)`,
  )!;
}

/**
 * Brings existing sessions in line with the organisation's current policy (after it changed, or
 * after one person's role did: `userId`): those of covered people without a second factor become
 * pending, the others stop being pending. A newly pending key is named in a revoke event, so every
 * instance forgets it (keyGate.ts) and closes its sockets (they may reconnect once it is set up).
 * Answers how many sessions became pending.
 */
export async function applySecondFactorPolicy(
  db: Queryable,
  organisationId: number,
  userId?: number,
): Promise<number> {
  const [organisation] = await db
    .select({ policy: organisations.mfaRequired })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  if (!organisation) return 0;
  const covered = db
    .select({ id: users.id })
    .from(users)
    .where(coveredWithoutTotp(organisationId, organisation.policy, userId));
  const inScope = db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.organisationId, organisationId), userId === undefined ? undefined : eq(users.id, userId)),
    );
  const marked = await db
    .update(authKeys)
    .set({ secondFactorPending: true })
    .where(
      and(
        eq(authKeys.secondFactorPending, false),
        eq(authKeys.secondFactor, false),
        inArray(authKeys.userId, covered),
      ),
    )
    .returning({ userId: authKeys.userId, keyHash: authKeys.keyHash });
  await db
    .update(authKeys)
    .set({ secondFactorPending: false })
    .where(
      and(
        eq(authKeys.secondFactorPending, true),
        inArray(authKeys.userId, inScope),
        not(inArray(authKeys.userId, covered)),
      ),
    );
  if (marked.length > 0) {
    await publish(
      db,
      marked.map(({ userId: holder, keyHash }) => ({
        kind: 'revoke' as const,
        userId: holder,
        keyHash,
        pending: true,
      })),
    );
  }
  return marked.length;
}

/** Two-factor is on now: none of the person's sessions waits for it any more. */
export async function clearSecondFactorPending(db: Queryable, userId: number): Promise<void> {
  await db
    .update(authKeys)
    .set({ secondFactorPending: false })
    .where(and(eq(authKeys.userId, userId), eq(authKeys.secondFactorPending, true)));
}
