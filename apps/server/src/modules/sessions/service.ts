/** The user's own sessions (live API keys): listed, and ended one by one (all but the current one: core/keys.ts). */
import type { SessionInfo } from '@keystone/contract';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { SignedIn } from '../../core/actor';
import { closeSockets, KEY_ABSOLUTE_LIFETIME_MS, KEY_IDLE_LIFETIME_MS } from '../../core/keys';
import type { Queryable } from '../../db/client';
import { authKeys } from '../../db/schema';

/** This browser's first, then newest first; only keys that would still authenticate (userForKey's lifetimes). */
export async function listSessions(db: Queryable, user: SignedIn): Promise<SessionInfo[]> {
  const now = Date.now();
  const current = sql<boolean>`${authKeys.keyHash} = ${user.keyHash}`;
  const rows = await db
    .select({
      id: authKeys.id,
      createdAt: authKeys.createdAt,
      lastUsedAt: authKeys.lastUsedAt,
      userAgent: authKeys.userAgent,
      ip: authKeys.ip,
      current,
    })
    .from(authKeys)
    .where(
      and(
        eq(authKeys.userId, user.id),
        gt(authKeys.lastUsedAt, new Date(now - KEY_IDLE_LIFETIME_MS)),
        gt(authKeys.createdAt, new Date(now - KEY_ABSOLUTE_LIFETIME_MS)),
      ),
    )
    .orderBy(desc(current), desc(authKeys.createdAt), desc(authKeys.id));
  return rows.map((row) => ({
    id: row.id,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt.toISOString(),
    user_agent: row.userAgent,
    ip: row.ip,
    current: row.current,
  }));
}

/** Deletes one key of the user; false when the id is unknown or someone else's (the caller says 404). */
export async function endSession(db: Queryable, userId: number, sessionId: number): Promise<boolean> {
  const ended = await db
    .delete(authKeys)
    .where(and(eq(authKeys.id, sessionId), eq(authKeys.userId, userId)))
    .returning({ keyHash: authKeys.keyHash });
  await closeSockets(db, userId, ended);
  return ended.length > 0;
}
