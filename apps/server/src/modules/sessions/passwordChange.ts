/** Changing the password from the profile settings: checked, set, the other sessions ended, a notice mailed. */
import { MESSAGES, type PasswordChangeRequest, SESSION_MESSAGES } from '@keystone/contract';
import { eq } from 'drizzle-orm';
import { accountOf, claimAttempt, releaseAttempt } from '../../core/accountThrottle';
import type { SignedIn } from '../../core/actor';
import { refuseCommonPassword } from '../../core/commonPasswords';
import type { AppContext } from '../../core/context';
import { badRequest, tooManyRequests } from '../../core/errors';
import { endOtherSessions } from '../../core/keys';
import { type RequestOrigin, recordSecurityEvent } from '../../core/securityEvents';
import { users } from '../../db/schema';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { queuePasswordNotice } from '../../mail/passwordNotice';

/** Checks the current password, sets the new one and ends every other session of the user. */
export async function changePassword(
  ctx: AppContext,
  user: SignedIn,
  input: PasswordChangeRequest,
  origin: RequestOrigin,
): Promise<void> {
  const [account] = await ctx.db
    .select({ passwordHash: users.passwordHash, firstName: users.firstName, email: users.email })
    .from(users)
    .where(eq(users.id, user.id));
  if (!account?.passwordHash) throw badRequest(SESSION_MESSAGES.passwordNotSet);
  // Someone holding a stolen session guesses the old password under the account's back-off too.
  const throttled = accountOf(user.email);
  const wait = await claimAttempt(ctx.db, throttled);
  if (wait > 0) throw tooManyRequests(MESSAGES.accountBackoff(wait), wait);
  if (!(await verifyPassword(account.passwordHash, input.old_password))) {
    throw badRequest(SESSION_MESSAGES.oldPasswordWrong, {
      old_password: [SESSION_MESSAGES.oldPasswordWrong],
    });
  }
  await releaseAttempt(ctx.db, throttled);
  await refuseCommonPassword(input.new_password1, 'new_password1', [user.email, user.displayName]);
  const passwordHash = await hashPassword(input.new_password1);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    const ended = await endOtherSessions(tx, user.id, user.keyHash);
    await recordSecurityEvent(tx, ctx.log, origin, {
      kind: 'password_changed',
      userId: user.id,
      detail: { sessionsEnded: ended },
    });
    await queuePasswordNotice(ctx, tx, account, 'changed', origin);
  });
  ctx.mailQueued();
}
