/** The logged-in user's details (spec §3 "User"), read and updated on the profile page. */
import { userDetails, type UserDetails as WireUserDetails } from '@keystone/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { legacyApiRequest } from './client';
import { useSession } from './session';
import { toWire, type WireNames } from './wireForms';

export interface UserDetails {
  id: number | null;
  name: string | null;
  email: string;
  firstName: string;
  lastName: string;
  businessTitle: string;
  /** Administrators see /organisation (linked from the avatar menu) and every strategy's team page. */
  isAdmin: boolean;
}

export type UserDetailsUpdate = Pick<UserDetails, 'firstName' | 'lastName' | 'businessTitle'>;

export const userDetailsUpdateWire: WireNames<UserDetailsUpdate> = {
  firstName: 'first_name',
  lastName: 'last_name',
  businessTitle: 'business_title',
};

const userDetailsKey = (userId: number | undefined) => ['userDetails', userId] as const;

function toUserDetails(wire: WireUserDetails): UserDetails {
  return {
    id: wire.id,
    name: wire.name,
    email: wire.email,
    firstName: wire.first_name,
    lastName: wire.last_name,
    businessTitle: wire.business_title,
    isAdmin: wire.is_admin,
  };
}

async function fetchUserDetails(): Promise<UserDetails> {
  return toUserDetails(await legacyApiRequest('/get-user-details/', { response: userDetails }));
}

/**
 * Asks the server whether this page's key is still valid; a 403 'Invalid token.' ends the
 * session (legacyApiRequest), anything else (an outage, the network) is left to the caller's retries.
 */
export async function checkSessionKey(): Promise<void> {
  await fetchUserDetails().catch(() => undefined);
}

async function updateUserDetails(update: UserDetailsUpdate): Promise<UserDetails> {
  const answer = await legacyApiRequest('/update-user-details/', {
    method: 'PATCH',
    body: toWire(update, userDetailsUpdateWire),
    response: userDetails,
  });
  return toUserDetails(answer);
}

/** Keyed by the session's user, so a different login never sees the previous user's details. */
export function useUserDetails() {
  const session = useSession();
  return useQuery({
    queryKey: userDetailsKey(session?.id),
    queryFn: fetchUserDetails,
    enabled: session !== null,
  });
}

export function useUpdateUserDetails() {
  const queryClient = useQueryClient();
  const session = useSession();
  return useMutation({
    mutationFn: updateUserDetails,
    onSuccess: (details) => queryClient.setQueryData(userDetailsKey(session?.id), details),
  });
}
