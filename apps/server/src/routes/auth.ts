/**
 * HTTP side of accounts: spec §7's /auth/* calls (sign-up, login, the login's second step,
 * password reset and change, logout), e-mail verification and the public config.
 */
import { MESSAGES, PRODUCT_NAME } from '@keystone/contract';
import type { authApi } from '@keystone/contract/endpoints/auth';
import type { AppContext } from '../core/context';
import { revokeKey } from '../core/keys';
import { originOf, recordSecurityEvent } from '../core/securityEvents';
import type { AreaRoutes } from '../http/route';
import { loginWithGoogle, publicGoogleConfig } from '../modules/auth/google';
import { login } from '../modules/auth/login';
import { loginWithMfa } from '../modules/auth/mfaLogin';
import { confirmPasswordReset, requestPasswordReset } from '../modules/auth/passwordReset';
import { register, verificationLinkState, verifyEmail } from '../modules/auth/signup';
import { deviceTokenOf, rememberBrowser } from '../modules/auth/trustedDevices';
import { needsSetup } from '../modules/setup/service';
import { someOrganisationHasProvider } from '../modules/sso/settings';

export const authRoutes = (ctx: AppContext): AreaRoutes<typeof authApi> => ({
  config: async () => ({
    product_name: PRODUCT_NAME,
    google: await publicGoogleConfig(ctx),
    needs_setup: await needsSetup(ctx.db),
    sso: await someOrganisationHasProvider(ctx.db),
  }),

  register: async ({ body }) => ({
    detail: MESSAGES.registrationDone,
    browser_secret: await register(ctx, body),
  }),

  // What the verification link's page should offer: reads only.
  verificationLink: ({ params }) => verificationLinkState(ctx.db, params.token),

  // A POST only: a GET of any link (mail scanners fetch them) changes nothing.
  verifyEmail: async ({ body, request }) => {
    await verifyEmail(ctx, body, originOf(request));
    return { detail: MESSAGES.emailVerified };
  },

  login: async ({ body, request, reply }) => {
    const answer = await login(ctx, body.email, body.password, originOf(request), deviceTokenOf(request));
    await rememberBrowser(ctx, request, reply, answer);
    return answer;
  },

  google: async ({ body, request, reply }) => {
    const answer = await loginWithGoogle(ctx, body, originOf(request));
    await rememberBrowser(ctx, request, reply, answer);
    return answer;
  },

  requestPasswordReset: async ({ body }) => {
    await requestPasswordReset(ctx, body.email);
    return { detail: MESSAGES.passwordResetSent };
  },

  confirmPasswordReset: async ({ params, body, request }) => {
    await confirmPasswordReset(ctx, params.uid, params.token, body, originOf(request));
    return { detail: MESSAGES.passwordResetDone };
  },

  logout: async ({ user, request }) => {
    await revokeKey(ctx.db, user);
    await recordSecurityEvent(ctx.db, ctx.log, originOf(request), { kind: 'logout', userId: user.id });
    return { detail: MESSAGES.loggedOut };
  },

  // The second step checks a code, so it is rate limited like the other sign-in calls (its
  // declaration says so): codes are short.
  loginMfa: async ({ body, request, reply }) => {
    const answer = await loginWithMfa(ctx, body, originOf(request), deviceTokenOf(request));
    await rememberBrowser(ctx, request, reply, answer);
    return answer;
  },
});
