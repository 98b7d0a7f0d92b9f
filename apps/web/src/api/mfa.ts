/** Two-factor calls: the login's code step, and the status, set-up, confirm and disable of settings. */
import {
  detailResponse,
  loginResponse,
  type MfaStatus,
  mfaStatusResponse,
  recoveryCodesResponse,
  type TotpSetup,
  totpSetupResponse,
} from '@keystone/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { legacyApiRequest } from './client';
import { type Session, useSession } from './session';

/** The second step of a login: a final answer without user_id and key is a ResponseShapeError. */
export async function loginWithMfa(input: { mfaToken: string; code: string }): Promise<Session> {
  const answer = await legacyApiRequest('/auth/login/mfa/', {
    method: 'POST',
    body: { mfa_token: input.mfaToken, code: input.code },
    response: loginResponse,
  });
  return { id: answer.user_id, token: answer.key };
}

const mfaStatusKey = (userId: number | undefined) => ['mfaStatus', userId] as const;

export function useMfaStatus() {
  const session = useSession();
  return useQuery({
    queryKey: mfaStatusKey(session?.id),
    queryFn: (): Promise<MfaStatus> => legacyApiRequest('/auth/mfa/', { response: mfaStatusResponse }),
    enabled: session !== null,
  });
}

export function useStartTotpSetup() {
  return useMutation({
    mutationFn: (): Promise<TotpSetup> =>
      legacyApiRequest('/auth/mfa/totp/setup/', { method: 'POST', response: totpSetupResponse }),
  });
}

/** Answers the recovery codes (shown once); the status is read again afterwards. */
export function useConfirmTotp() {
  const queryClient = useQueryClient();
  const session = useSession();
  return useMutation({
    mutationFn: async (code: string): Promise<string[]> => {
      const answer = await legacyApiRequest('/auth/mfa/totp/confirm/', {
        method: 'POST',
        body: { code },
        response: recoveryCodesResponse,
      });
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
      const answer = await legacyApiRequest('/auth/mfa/disable/', {
        method: 'POST',
        body: { ...(input.password ? { password: input.password } : {}), code: input.code },
        response: detailResponse,
      });
      return answer.detail;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaStatusKey(session?.id) }),
  });
}
