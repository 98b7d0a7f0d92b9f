/**
 * Deactivating a person ends everything they could still do or receive, in the caller's
 * transaction: their keys and personal access tokens (revoked for good: a reactivation does not
 * revive them) (and, through the `revoke` event, their sockets on every instance),
 * their field locks (announced to the viewers), their unsent mails, reset links, sign-in
 * challenges and remembered browsers. Sign-ins, resets and scheduled mails skip inactive people
 * from then on (auth/login.ts, google.ts, mfaLogin.ts, passwordReset.ts, progress/dueDates.ts).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { revokeAccessTokensOf } from '../../core/accessTokens';
import { revokeAllKeys } from '../../core/keys';
import { releaseUserLocks } from '../../core/lockReleases';
import { recordMemberEvent } from '../../core/webhookEvents';
import type { Queryable } from '../../db/client';
import { mfaChallenges, oneTimeTokens, outboxMails, trustedDevices, users } from '../../db/schema';

export async function offboard(db: Queryable, person: { id: number; email: string }): Promise<void> {
  const [left] = await db
    .update(users)
    .set({ isActive: false, isAdmin: false, updatedAt: new Date() })
    .where(eq(users.id, person.id))
    .returning({
      id: users.id,
      organisationId: users.organisationId,
      firstName: users.firstName,
      lastName: users.lastName,
    });
  if (left) await recordMemberEvent(db, left.organisationId, 'member.left', left);
  await revokeAllKeys(db, person.id);
  await revokeAccessTokensOf(db, person.id);
  await releaseUserLocks(db, person.id);
  // A mail being sent right now (claimed by the outbox worker) may still leave; every other one stays unsent.
  await db
    .delete(outboxMails)
    .where(and(sql`lower(${outboxMails.recipient}) = ${person.email}`, isNull(outboxMails.sentAt)));
  await db.delete(oneTimeTokens).where(eq(oneTimeTokens.userId, person.id));
  await db.delete(mfaChallenges).where(eq(mfaChallenges.userId, person.id));
  await db.delete(trustedDevices).where(eq(trustedDevices.userId, person.id));
}
