/** HTTP side of accounts: spec §7's /auth/* calls plus e-mail verification and public config. */
import { MESSAGES, PRODUCT_NAME } from '@keystone/contract';
import { authApi } from '@keystone/contract/endpoints/auth';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../core/context';
import { revokeKey } from '../core/keys';
import { originOf, recordSecurityEvent } from '../core/securityEvents';
import { route } from '../http/route';
import { loginWithGoogle, publicGoogleConfig } from '../modules/auth/google';
import { login } from '../modules/auth/login';
import { confirmPasswordReset, requestPasswordReset } from '../modules/auth/passwordReset';
import { register } from '../modules/auth/signup';
import { deviceTokenOf, rememberBrowser } from '../modules/auth/trustedDevices';
import { needsSetup } from '../modules/setup/service';
import { mfaRoutes } from './mfa';
import { sessionRoutes } from './sessions';
import { signupRoutes } from './signup';

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, authApi.config, async () => ({
    product_name: PRODUCT_NAME,
    google: await publicGoogleConfig(ctx),
    needs_setup: await needsSetup(ctx.db),
  }));

  route(app, ctx, authApi.register, async ({ body }) => ({
    detail: MESSAGES.registrationDone,
    browser_secret: await register(ctx, body),
  }));

  signupRoutes(app, ctx);

  route(app, ctx, authApi.login, async ({ body, request, reply }) => {
    const answer = await login(ctx, body.email, body.password, originOf(request), deviceTokenOf(request));
    await rememberBrowser(ctx, request, reply, answer);
    return answer;
  });

  route(app, ctx, authApi.google, async ({ body, request, reply }) => {
    const answer = await loginWithGoogle(ctx, body, originOf(request));
    await rememberBrowser(ctx, request, reply, answer);
    return answer;
  });

  route(app, ctx, authApi.requestPasswordReset, async ({ body }) => {
    await requestPasswordReset(ctx, body.email);
    return { detail: MESSAGES.passwordResetSent };
  });

  route(app, ctx, authApi.confirmPasswordReset, async ({ params, body, request }) => {
    await confirmPasswordReset(ctx, params.uid, params.token, body, originOf(request));
    return { detail: MESSAGES.passwordResetDone };
  });

  route(app, ctx, authApi.logout, async ({ user, request }) => {
    await revokeKey(ctx.db, user);
    await recordSecurityEvent(ctx.db, ctx.log, originOf(request), { kind: 'logout', userId: user.id });
    return { detail: MESSAGES.loggedOut };
  });
  sessionRoutes(app, ctx);
  mfaRoutes(app, ctx);
}
