/**
 * Company sign-in through the organisation's OpenID Connect provider (issue 31): starting and
 * finishing a sign-in, and the administrators' provider settings on /organisation.
 */
import { SSO_MESSAGES, type UpdateSsoSettingsRequest } from '@keystone/contract';
import { ssoApi } from '@keystone/contract/endpoints/sso';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type SignInOutcome, signInOutcome } from './auth';
import { ApiError, apiRequest } from './client';
import { organisationKey } from './organisation';

/**
 * The attempt's secret stays in this tab only (session storage): the provider's redirect comes
 * back to the same tab, and a sign-in started in another browser cannot be finished here.
 */
const ATTEMPT_SECRET_KEY = 'keystone:ssoAttemptSecret';

/** Starts a sign-in for the address and answers where to send the browser (the provider). */
export async function startSsoSignIn(email: string): Promise<string> {
  const answer = await apiRequest(ssoApi.start, { body: { email } });
  sessionStorage.setItem(ATTEMPT_SECRET_KEY, answer.attempt_secret);
  return answer.authorization_url;
}

/** What the provider's redirect to /login/sso carried. */
export interface SsoRedirect {
  state: string;
  code?: string;
  iss?: string;
  error?: string;
  error_description?: string;
}

/** Reads the provider's redirect parameters, or null when there is no sign-in to finish (no state). */
export function ssoRedirectOf(params: URLSearchParams): SsoRedirect | null {
  const state = params.get('state');
  if (!state) return null;
  const optional = (name: 'code' | 'iss' | 'error' | 'error_description') => {
    const value = params.get(name);
    return value === null ? {} : { [name]: value };
  };
  return {
    state,
    ...optional('code'),
    ...optional('iss'),
    ...optional('error'),
    ...optional('error_description'),
  };
}

/** Finishes the sign-in with this tab's secret, which is used up either way. */
export async function finishSsoSignIn(redirect: SsoRedirect): Promise<SignInOutcome> {
  const secret = sessionStorage.getItem(ATTEMPT_SECRET_KEY);
  sessionStorage.removeItem(ATTEMPT_SECRET_KEY);
  // Started in another tab or browser, or already finished: what the server would say.
  if (!secret) throw new ApiError(400, SSO_MESSAGES.attemptExpired);
  const answer = await apiRequest(ssoApi.callback, { body: { ...redirect, attempt_secret: secret } });
  return signInOutcome(answer);
}

const ssoSettingsKey = [...organisationKey, 'sso'] as const;

export function useSsoSettings() {
  return useQuery({ queryKey: ssoSettingsKey, queryFn: () => apiRequest(ssoApi.settings, {}) });
}

export function useUpdateSsoSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: UpdateSsoSettingsRequest) => apiRequest(ssoApi.updateSettings, { body: update }),
    onSuccess: (settings) => queryClient.setQueryData(ssoSettingsKey, settings),
    // Saved or refused, the members' sign-in state and the security log may have changed too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: organisationKey }),
  });
}

/** Answers the server's confirmation. */
export function useRemoveSsoSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await apiRequest(ssoApi.removeSettings, {})).detail,
    onSettled: () => queryClient.invalidateQueries({ queryKey: organisationKey }),
  });
}
