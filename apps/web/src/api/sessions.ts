/** The user's own sessions and the password change, on the Security section of profile settings. */
import { detailResponse, type SessionInfo, sessionSchema } from '@keystone/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { legacyApiRequest, type ResponseSchema } from './client';
import { useSession } from './session';
import { toWire, type WireNames } from './wireForms';

export interface SessionEntry {
  id: number;
  createdAt: string;
  lastUsedAt: string;
  userAgent: string;
  ip: string;
  current: boolean;
}

export interface PasswordChange {
  oldPassword: string;
  password: string;
  repeatPassword: string;
}

export const passwordChangeWire: WireNames<PasswordChange> = {
  oldPassword: 'old_password',
  password: 'new_password1',
  repeatPassword: 'new_password2',
};

const sessionList: ResponseSchema<SessionInfo[]> = sessionSchema.array();

/** Keyed by the signed-in user, so another login never sees this one's sessions. */
const sessionsKey = (userId: number | undefined) => ['sessions', userId] as const;

async function fetchSessions(): Promise<SessionEntry[]> {
  const answer = await legacyApiRequest('/auth/sessions/', { response: sessionList });
  return answer.map((session) => ({
    id: session.id,
    createdAt: session.created_at,
    lastUsedAt: session.last_used_at,
    userAgent: session.user_agent,
    ip: session.ip,
    current: session.current,
  }));
}

async function endSession(id: number): Promise<string> {
  const answer = await legacyApiRequest(`/auth/sessions/${id}/`, {
    method: 'DELETE',
    response: detailResponse,
  });
  return answer.detail;
}

async function endOtherSessions(): Promise<string> {
  const answer = await legacyApiRequest('/auth/sessions/revoke-others/', {
    method: 'POST',
    response: detailResponse,
  });
  return answer.detail;
}

async function changePassword(change: PasswordChange): Promise<string> {
  const answer = await legacyApiRequest('/auth/password/change/', {
    method: 'POST',
    body: toWire(change, passwordChangeWire),
    response: detailResponse,
  });
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
