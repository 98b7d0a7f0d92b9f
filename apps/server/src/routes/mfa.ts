/** HTTP side of two-factor authentication: status, set-up, confirm and disable (the login's second step is in auth.ts). */
import { MFA_MESSAGES } from '@keystone/contract';
import type { mfaApi } from '@keystone/contract/endpoints/mfa';
import type { AppContext } from '../core/context';
import { originOf } from '../core/securityEvents';
import type { AreaRoutes } from '../http/route';
import { confirmTotp, disableMfa, mfaStatus, setupTotp } from '../modules/mfa/service';

// Each call that checks a code is rate limited like the sign-in calls (the declarations say so):
// codes are short.
export const mfaRoutes = (ctx: AppContext): AreaRoutes<typeof mfaApi> => ({
  status: ({ user }) => mfaStatus(ctx, user.id),

  totpSetup: ({ user }) => setupTotp(ctx, user),

  totpConfirm: ({ user, body, request }) => confirmTotp(ctx, user, body.code, originOf(request)),

  disable: async ({ user, body, request }) => {
    await disableMfa(ctx, user, body, originOf(request));
    return { detail: MFA_MESSAGES.disabled };
  },
});
