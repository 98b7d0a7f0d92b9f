/** Two-factor calls: the login's code step, and the status, set-up, confirm and disable of settings. */
import type { MfaStatus, TotpSetup } from '@keystone/contract';
import { authApi } from '@keystone/contract/endpoints/auth';
import { mfaApi } from '@keystone/contract/endpoints/mfa';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client';
import { type Session, useSession } from './session';

/** The second step of a login: a final answer without user_id and key is a ResponseShapeError. */
export async function loginWithMfa(input: { mfaToken: string; code: string }): Promise<Session> {
  const answer = await apiRequest(authApi.loginMfa, {
    body: { mfa_token: input.mfaToken, code: input.code },
  });
  return { id: answer.user_id, token: answer.key };
}

const mfaStatusKey = (userId: number | undefined) => ['mfaStatus', userId] as const;

export function useMfaStatus() {
  const session = useSession();
  return useQuery({
    queryKey: mfaStatusKey(session?.id),
    queryFn: (): Promise<MfaStatus> => apiRequest(mfaApi.status, {}),
    enabled: session !== null,
  });
}

export function useStartTotpSetup() {
  return useMutation({
    mutationFn: (): Promise<TotpSetup> => apiRequest(mfaApi.totpSetup, {}),
  });
}

/** Answers the recovery codes (shown once); the status is read again afterwards. */
export function useConfirmTotp() {
  const queryClient = useQueryClient();
  const session = useSession();
  return useMutation({
    mutationFn: async (code: string): Promise<string[]> => {
      const answer = await apiRequest(mfaApi.totpConfirm, { body: { code } });
      return answer.recovery_codes;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaStatusKey(session?.id) }),
  });
}

export function useDisableMfa() {
  const queryClient = useQueryClient();
  const session = useSession();
  return useMutation({
    mutationFn: async (input: { password: string; code: string }): Promise<string> => {
      const answer = await apiRequest(mfaApi.disable, {
        body: { ...(input.password ? { password: input.password } : {}), code: input.code },
      });
      return answer.detail;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaStatusKey(session?.id) }),
  });
}
