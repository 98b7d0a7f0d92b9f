/** The end of every sign-in (password, Google, single sign-on, the second factor, the first run's administrator). */
import type { LoginResponse, SignInMethod } from '@keystone/contract';
import { clearAttemptsOfUser } from './accountThrottle';
import type { AppContext } from './context';
import { issueKey } from './keys';
import { startsPending } from './secondFactorPolicy';
import { type RequestOrigin, recordSecurityEvent } from './securityEvents';

/** The ways a sign-in can begin (the second step's methods follow one of these). */
export type FirstFactor = Extract<SignInMethod, 'password' | 'google' | 'sso'>;

export interface SessionFacts {
  /** How the session's sign-in ended: the first factor, or the second step's code. */
  method: SignInMethod;
  /** How it began, kept with the key: "single sign-on required" ends the sessions not begun with 'sso'. */
  firstFactor: FirstFactor;
  /**
   * A second factor was given: a code here, or the organisation's provider says it asked for one
   * (`amr`/`acr`). Without it, a session of someone the organisation requires two-factor of may
   * only set it up.
   */
  secondFactor: boolean;
  detail?: Record<string, unknown>;
}

/** Every factor passed: the key is issued and the sign-in recorded with the last factor's method. */
export async function startSession(
  ctx: AppContext,
  userId: number,
  facts: SessionFacts,
  origin: RequestOrigin,
): Promise<LoginResponse> {
  const key = await issueKey(ctx.db, userId, origin, {
    method: facts.firstFactor,
    secondFactor: facts.secondFactor,
    secondFactorPending: await startsPending(ctx.db, userId, facts.secondFactor),
  });
  // Cleared only now: a right password followed by wrong codes keeps counting.
  await clearAttemptsOfUser(ctx.db, userId);
  await recordSecurityEvent(ctx.db, ctx.log, origin, {
    kind: 'login_succeeded',
    userId,
    method: facts.method,
    detail: facts.detail,
  });
  return { user_id: userId, key };
}
