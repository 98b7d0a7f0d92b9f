/** Two-factor settings: the status, set-up, confirm and disable (the login's code step: auth.ts). */
import type { MfaStatus, TotpSetup } from '@keystone/contract';
import { mfaApi } from '@keystone/contract/endpoints/mfa';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client';
import { useSession } from './session';

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
