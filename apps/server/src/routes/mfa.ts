/** HTTP side of two-factor authentication: status, set-up, confirm, disable, and the login's second step. */
import { MFA_MESSAGES } from '@keystone/contract';
import { authApi } from '@keystone/contract/endpoints/auth';
import { mfaApi } from '@keystone/contract/endpoints/mfa';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../core/context';
import { originOf } from '../core/securityEvents';
import { route } from '../http/route';
import { loginWithMfa } from '../modules/auth/mfaLogin';
import { deviceTokenOf, rememberBrowser } from '../modules/auth/trustedDevices';
import { confirmTotp, disableMfa, mfaStatus, setupTotp } from '../modules/mfa/service';

// Each call that checks a code is rate limited like the other sign-in calls (the declarations
// say so): codes are short.
export function mfaRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, authApi.loginMfa, async ({ body, request, reply }) => {
    const answer = await loginWithMfa(ctx, body, originOf(request), deviceTokenOf(request));
    await rememberBrowser(ctx, request, reply, answer);
    return answer;
  });

  route(app, ctx, mfaApi.status, ({ user }) => mfaStatus(ctx, user.id));

  route(app, ctx, mfaApi.totpSetup, ({ user }) => setupTotp(ctx, user));

  route(app, ctx, mfaApi.totpConfirm, ({ user, body, request }) =>
    confirmTotp(ctx, user, body.code, originOf(request)),
  );

  route(app, ctx, mfaApi.disable, async ({ user, body, request }) => {
    await disableMfa(ctx, user, body, originOf(request));
    return { detail: MFA_MESSAGES.disabled };
  });
}
