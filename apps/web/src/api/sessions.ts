/**
 * The user's own sessions, and the password change that rereads them (its call: auth.ts), on the
 * Security section of profile settings.
 */
import type { SessionInfo } from '@keystone/contract';
import { sessionsApi } from '@keystone/contract/endpoints/sessions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { changePassword } from './auth';
import { apiRequest } from './client';
import { useSession } from './session';
import { type Camel, toCamel } from './wireCase';

export type SessionEntry = Camel<SessionInfo>;

/** Keyed by the signed-in user, so another login never sees this one's sessions. */
const sessionsKey = (userId: number | undefined) => ['sessions', userId] as const;

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
