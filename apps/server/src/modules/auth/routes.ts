/** HTTP side of accounts: spec §7's /auth/* calls plus e-mail verification and public config. */
import {
  googleLoginRequest,
  loginRequest,
  MESSAGES,
  PRODUCT_NAME,
  passwordResetConfirmRequest,
  passwordResetRequest,
  registrationRequest,
} from '@keystone/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { currentUser, requireAuthentication } from '../../http/authenticate';
import { parseInput } from '../../http/errors';
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

/** The per-address limit of every call that signs in or creates an account (docs/SECURITY.md). */
export function signInRateLimit(ctx: AppContext) {
  return { config: { rateLimit: { max: ctx.config.authRateLimit, timeWindow: '1 minute' } } };
}

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  const limited = signInRateLimit(ctx);

  app.get('/api/config/', async () => ({
    product_name: PRODUCT_NAME,
    google: await publicGoogleConfig(ctx),
    needs_setup: await needsSetup(ctx.db),
  }));

  app.post('/api/auth/registration/', limited, async (request, reply) => {
    await register(ctx, parseInput(registrationRequest, request.body));
    return reply.status(201).send({ detail: MESSAGES.registrationDone });
  });

  signupRoutes(app, ctx, limited);

  app.post('/api/auth/login/', limited, async (request, reply) => {
    const input = parseInput(loginRequest, request.body);
    const answer = await login(ctx, input.email, input.password, originOf(request), deviceTokenOf(request));
    await rememberBrowser(ctx, request, reply, answer);
    return answer;
  });

  app.post('/api/auth/social/google', limited, async (request, reply) => {
    const answer = await loginWithGoogle(
      ctx,
      parseInput(googleLoginRequest, request.body),
      originOf(request),
    );
    await rememberBrowser(ctx, request, reply, answer);
    return answer;
  });

  app.post('/api/auth/password/reset/', limited, async (request) => {
    await requestPasswordReset(ctx, parseInput(passwordResetRequest, request.body).email);
    return { detail: MESSAGES.passwordResetSent };
  });

  app.post<{ Params: { uid: string; token: string } }>(
    '/api/auth/password/reset/confirm/:uid/:token/',
    limited,
    async (request) => {
      const input = parseInput(passwordResetConfirmRequest, request.body);
      await confirmPasswordReset(ctx, request.params.uid, request.params.token, input, originOf(request));
      return { detail: MESSAGES.passwordResetDone };
    },
  );

  app.register(async (scope) => {
    requireAuthentication(scope, ctx);
    scope.post('/api/auth/logout/', async (request) => {
      const user = currentUser(request);
      await revokeKey(ctx.db, user);
      await recordSecurityEvent(ctx.db, ctx.log, originOf(request), { kind: 'logout', userId: user.id });
      return { detail: MESSAGES.loggedOut };
    });
  });
  sessionRoutes(app, ctx, limited);
  mfaRoutes(app, ctx);
}
