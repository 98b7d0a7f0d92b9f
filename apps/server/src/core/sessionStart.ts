/** The end of every sign-in (password, Google, the second factor, the first run's administrator). */
import type { LoginResponse, SignInMethod } from '@keystone/contract';
import { clearAttemptsOfUser } from './accountThrottle';
import type { AppContext } from './context';
import { issueKey } from './keys';
import { type RequestOrigin, recordSecurityEvent } from './securityEvents';

/** Every factor passed: the key is issued and the sign-in recorded with the last factor's method. */
export async function startSession(
  ctx: AppContext,
  userId: number,
  method: SignInMethod,
  origin: RequestOrigin,
  detail?: Record<string, unknown>,
): Promise<LoginResponse> {
  const key = await issueKey(ctx.db, userId, origin);
  // Cleared only now: a right password followed by wrong codes keeps counting.
  await clearAttemptsOfUser(ctx.db, userId);
  await recordSecurityEvent(ctx.db, ctx.log, origin, { kind: 'login_succeeded', userId, method, detail });
  return { user_id: userId, key };
}
