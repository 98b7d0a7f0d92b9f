/** HTTP side of two-factor authentication: status, set-up, confirm, disable, and the login's second step. */
import { MFA_MESSAGES, mfaDisableRequest, mfaLoginRequest, totpConfirmRequest } from '@keystone/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { currentUser, requireAuthentication } from '../../http/authenticate';
import { parseInput } from '../../http/errors';
import { confirmTotp, disableMfa, loginWithMfa, mfaStatus, setupTotp } from './mfa';
import { originOf } from './securityEvents';
import { deviceTokenOf, rememberBrowser } from './trustedDevices';

export function mfaRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Each call that checks a code is limited like the other auth calls: codes are short.
  const limited = { config: { rateLimit: { max: ctx.config.authRateLimit, timeWindow: '1 minute' } } };

  app.post('/api/auth/login/mfa/', limited, async (request, reply) => {
    const input = parseInput(mfaLoginRequest, request.body);
    const answer = await loginWithMfa(ctx, input, originOf(request), deviceTokenOf(request));
    await rememberBrowser(ctx, request, reply, answer);
    return answer;
  });

  app.register(async (scope) => {
    requireAuthentication(scope, ctx);

    scope.get('/api/auth/mfa/', async (request) => mfaStatus(ctx, currentUser(request).id));

    scope.post('/api/auth/mfa/totp/setup/', limited, async (request) => {
      return setupTotp(ctx, currentUser(request));
    });

    scope.post('/api/auth/mfa/totp/confirm/', limited, async (request) => {
      const { code } = parseInput(totpConfirmRequest, request.body);
      return confirmTotp(ctx, currentUser(request), code, originOf(request));
    });

    scope.post('/api/auth/mfa/disable/', limited, async (request) => {
      await disableMfa(
        ctx,
        currentUser(request),
        parseInput(mfaDisableRequest, request.body),
        originOf(request),
      );
      return { detail: MFA_MESSAGES.disabled };
    });
  });
}
