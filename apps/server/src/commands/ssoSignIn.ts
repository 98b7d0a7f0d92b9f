/**
 * POST /api/auth/sso/callback/: the provider's answer turned into a session. The sso area checks
 * the attempt and the tokens, the auth area decides the account and ends the sign-in the way every
 * first factor ends (a second step when two-factor is on, unless the provider asked for one).
 * Every refusal is on the security log with its reason.
 */
import type { LoginOrMfaResponse, SsoCallbackRequest } from '@keystone/contract';
import { SsoRefusal } from '../core/companySignIn';
import type { AppContext } from '../core/context';
import { type RequestOrigin, recordSecurityEvent } from '../core/securityEvents';
import { completeLogin } from '../modules/auth/login';
import { resolveSsoAccount } from '../modules/auth/ssoAccount';
import { finishSsoSignIn, type SsoIdentity } from '../modules/sso/signIn';

async function recordRefusal(
  ctx: AppContext,
  origin: RequestOrigin,
  refusal: SsoRefusal,
  identity?: SsoIdentity,
): Promise<void> {
  const organisationId = identity?.organisationId ?? refusal.facts.organisation_id;
  await recordSecurityEvent(ctx.db, ctx.log, origin, {
    kind: 'login_failed',
    userId: null,
    method: 'sso',
    ...(typeof organisationId === 'number' && { organisationId }),
    detail: {
      reason: refusal.reason,
      ...refusal.facts,
      ...(identity && { email: identity.email, issuer: identity.issuer, subject: identity.subject }),
    },
  });
}

export async function signInThroughProvider(
  ctx: AppContext,
  input: SsoCallbackRequest,
  origin: RequestOrigin,
): Promise<LoginOrMfaResponse> {
  let identity: SsoIdentity | undefined;
  try {
    identity = await finishSsoSignIn(ctx, input);
    const userId = await resolveSsoAccount(ctx, identity, origin);
    return await completeLogin(ctx, userId, 'sso', origin, { providerSecondFactor: identity.secondFactor });
  } catch (error) {
    if (error instanceof SsoRefusal) await recordRefusal(ctx, origin, error, identity);
    throw error;
  }
}
