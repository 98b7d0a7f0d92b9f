/**
 * API keys: issued at login, looked up per request, revoked on logout. A key expires after 14 days
 * unused or 30 days after it was issued, whichever comes first (docs/ARCHITECTURE.md, "Keys").
 */
import { fullName, SESSION_LAST_USE_PRECISION_MS } from '@keystone/contract';
import { and, eq, gt, ne, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { preparedPer } from '../db/prepared';
import { authKeys, users } from '../db/schema';
import { randomSecret, sha256 } from '../lib/secrets';
import type { SignedIn } from './actor';
import { publish } from './events';
import type { RequestOrigin } from './securityEvents';
import type { FirstFactor } from './sessionStart';
import { displayNameOf } from './userPresenters';

const DAY_MS = 24 * 60 * 60 * 1000;
export const KEY_IDLE_LIFETIME_MS = 14 * DAY_MS;
/** Even a key in daily use ends: a stolen one cannot be kept alive forever by using it. */
export const KEY_ABSOLUTE_LIFETIME_MS = 30 * DAY_MS;
/** Writing last_used_at on every request would turn each read into a write; once an hour is enough. */
const TOUCH_INTERVAL_MS = SESSION_LAST_USE_PRECISION_MS;

/** What a new key records of its sign-in (core/sessionStart.ts). */
export interface KeyFacts {
  method: FirstFactor;
  /** The sign-in gave a second factor. */
  secondFactor: boolean;
  /** It gave none, and the organisation requires one of this person (core/secondFactorPolicy.ts). */
  secondFactorPending: boolean;
}

/** A key's holder as every request finds them, with whether the key may only set up a second factor. */
export interface KeyHolder extends SignedIn {
  secondFactorPending: boolean;
}

export async function issueKey(
  db: Queryable,
  userId: number,
  origin: RequestOrigin,
  facts: KeyFacts,
): Promise<string> {
  const key = randomSecret();
  await db.insert(authKeys).values({
    userId,
    keyHash: sha256(key),
    userAgent: origin.userAgent,
    ip: origin.ip,
    method: facts.method,
    secondFactor: facts.secondFactor,
    secondFactorPending: facts.secondFactorPending,
  });
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId));
  return key;
}

/**
 * What makes a key valid (DESIGN §3): its hash, its user active, used since `usedSince` and issued
 * since `createdSince`, on a query joining auth_keys and users. The one rule, for userForKey and
 * for the autosave's one statement (progress/commentWrite.ts).
 */
export function validKey(keyHash: SQLWrapper, usedSince: SQLWrapper, createdSince: SQLWrapper): SQL {
  return and(
    eq(authKeys.keyHash, keyHash),
    eq(users.isActive, true),
    gt(authKeys.lastUsedAt, usedSince),
    gt(authKeys.createdAt, createdSince),
  )!;
}

/**
 * The bounds of validKey at `now`. With `untouched`, only keys whose last use need not be written
 * (a statement that cannot write it takes only those).
 */
export function keyBounds(now: number, options: { untouched?: boolean } = {}) {
  const idle = options.untouched ? TOUCH_INTERVAL_MS : KEY_IDLE_LIFETIME_MS;
  return { usedSince: new Date(now - idle), createdSince: new Date(now - KEY_ABSOLUTE_LIFETIME_MS) };
}

/** Every authenticated request runs it. */
const userForKeyQuery = preparedPer((db) =>
  db
    .select({
      id: users.id,
      organisationId: users.organisationId,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      isAdmin: users.isAdmin,
      lastUsedAt: authKeys.lastUsedAt,
      secondFactorPending: authKeys.secondFactorPending,
    })
    .from(authKeys)
    .innerJoin(users, eq(users.id, authKeys.userId))
    .where(
      validKey(sql.placeholder('keyHash'), sql.placeholder('usedSince'), sql.placeholder('createdSince')),
    )
    .limit(1)
    .prepare('user_for_key'),
);

export async function userForKey(db: Queryable, key: string): Promise<KeyHolder | null> {
  return userForKeyHash(db, sha256(key));
}

export async function userForKeyHash(db: Queryable, keyHash: string): Promise<KeyHolder | null> {
  const now = Date.now();
  const [row] = await userForKeyQuery(db).execute({ keyHash, ...keyBounds(now) });
  if (!row) return null;
  if (now - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await db
      .update(authKeys)
      .set({ lastUsedAt: new Date(now) })
      .where(eq(authKeys.keyHash, keyHash));
  }
  return {
    id: row.id,
    organisationId: row.organisationId,
    email: row.email,
    displayName: displayNameOf(row),
    name: fullName(row.firstName, row.lastName) || null,
    isAdmin: row.isAdmin,
    keyHash,
    secondFactorPending: row.secondFactorPending,
  };
}

/** Ends one session; sockets opened with the key close on every instance (DESIGN §3). */
export async function revokeKey(db: Queryable, user: { id: number; keyHash: string }): Promise<void> {
  await db.delete(authKeys).where(eq(authKeys.keyHash, user.keyHash));
  await publish(db, [{ kind: 'revoke', userId: user.id, keyHash: user.keyHash }]);
}

/** After a password reset every session of the user ends (a change keeps the current one: endOtherSessions). */
export async function revokeAllKeys(db: Queryable, userId: number): Promise<void> {
  await db.delete(authKeys).where(eq(authKeys.userId, userId));
  await publish(db, [{ kind: 'revoke', userId }]);
}

/**
 * Deletes every key of the user but `keepKeyHash` (a password change, or "end other sessions");
 * answers how many ended.
 */
export async function endOtherSessions(db: Queryable, userId: number, keepKeyHash: string): Promise<number> {
  const ended = await db
    .delete(authKeys)
    .where(and(eq(authKeys.userId, userId), ne(authKeys.keyHash, keepKeyHash)))
    .returning({ keyHash: authKeys.keyHash });
  await closeSockets(db, userId, ended);
  return ended.length;
}

/** Sockets opened with an ended key close on every instance once the deletion commits. */
export async function closeSockets(
  db: Queryable,
  userId: number,
  ended: { keyHash: string }[],
): Promise<void> {
  if (ended.length === 0) return;
  await publish(
    db,
    ended.map(({ keyHash }) => ({ kind: 'revoke' as const, userId, keyHash })),
  );
}
