/** Signing in through the organisation's provider, and the administrators' provider settings (issue 31). */
import { SSO_MESSAGES } from '@keystone/contract';
import type { ssoApi } from '@keystone/contract/endpoints/sso';
import { signInThroughProvider } from '../commands/ssoSignIn';
import type { AppContext } from '../core/context';
import { originOf } from '../core/securityEvents';
import type { AreaRoutes } from '../http/route';
import { rememberBrowser } from '../modules/auth/trustedDevices';
import { readSsoSettings, removeSsoSettings, updateSsoSettings } from '../modules/sso/settings';
import { startSsoSignIn } from '../modules/sso/signIn';

export const ssoRoutes = (ctx: AppContext): AreaRoutes<typeof ssoApi> => ({
  start: ({ body }) => startSsoSignIn(ctx, body.email),
  callback: async ({ body, request, reply }) => {
    const answer = await signInThroughProvider(ctx, body, originOf(request));
    await rememberBrowser(ctx, request, reply, answer);
    return answer;
  },
  settings: { administrators: true, handler: ({ user }) => readSsoSettings(ctx, user.organisationId) },
  updateSettings: {
    administrators: true,
    handler: ({ user, body, request }) => updateSsoSettings(ctx, user, body, originOf(request)),
  },
  removeSettings: {
    administrators: true,
    handler: async ({ user, request }) => {
      await removeSsoSettings(ctx, user, originOf(request));
      return { detail: SSO_MESSAGES.settingsRemoved };
    },
  },
});
