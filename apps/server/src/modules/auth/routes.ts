/** HTTP side of accounts: spec §7's /auth/* calls plus e-mail verification and public config. */
import { MESSAGES, PRODUCT_NAME } from '@keystone/contract';
import { authApi } from '@keystone/contract/endpoints/auth';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import { needsSetup } from '../organisation/setup';
import { loginWithGoogle, publicGoogleConfig } from './google';
import { revokeKey } from './keys';
import { login } from './login';
import { mfaRoutes } from './mfaRoutes';
import { confirmPasswordReset, requestPasswordReset } from './passwordReset';
import { originOf, recordSecurityEvent } from './securityEvents';
import { sessionRoutes } from './sessionRoutes';
import { register } from './signup';
import { signupRoutes } from './signupRoutes';
import { deviceTokenOf, rememberBrowser } from './trustedDevices';

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
