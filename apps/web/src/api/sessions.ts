/**
 * The user's own sessions, and the password change that rereads them, on the Security section of
 * profile settings.
 */
import type { PasswordChangeRequest, SessionInfo } from '@keystone/contract';
import { sessionsApi } from '@keystone/contract/endpoints/sessions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client';
import { useSession } from './session';
import { type Camel, toCamel } from './wireCase';
import { toWire, type WireNames } from './wireForms';

export interface PasswordChange {
  oldPassword: string;
  password: string;
  repeatPassword: string;
}

export const passwordChangeWire: WireNames<PasswordChange, PasswordChangeRequest> = {
  oldPassword: 'old_password',
  password: 'new_password1',
  repeatPassword: 'new_password2',
};

export type SessionEntry = Camel<SessionInfo>;

/** Keyed by the signed-in user, so another login never sees this one's sessions. */
const sessionsKey = (userId: number | undefined) => ['sessions', userId] as const;

/** The signed-in user's own password (profile settings; the sessions are reread after it). */
async function changePassword(change: PasswordChange): Promise<string> {
  const answer = await apiRequest(sessionsApi.changePassword, { body: toWire(change, passwordChangeWire) });
  return answer.detail;
}

async function fetchSessions(): Promise<SessionEntry[]> {
  return toCamel(await apiRequest(sessionsApi.list, {}));
}

async function endSession(id: number): Promise<string> {
  const answer = await apiRequest(sessionsApi.end, { params: { id } });
  return answer.detail;
}

async function endOtherSessions(): Promise<string> {
  const answer = await apiRequest(sessionsApi.endOthers, {});
  return answer.detail;
}

export function useSessions() {
  const session = useSession();
  return useQuery({ queryKey: sessionsKey(session?.id), queryFn: fetchSessions, enabled: session !== null });
}

/** Every mutation here changes which sessions exist: the list is read again afterwards. */
function useSessionsMutation<A>(mutationFn: (argument: A) => Promise<string>) {
  const queryClient = useQueryClient();
  const session = useSession();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey(session?.id) }),
  });
}

export const useEndSession = () => useSessionsMutation(endSession);
export const useEndOtherSessions = () => useSessionsMutation<void>(endOtherSessions);
export const useChangePassword = () => useSessionsMutation(changePassword);
