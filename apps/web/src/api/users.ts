/**
 * The user calls (contract endpoints/users.ts): the logged-in user's details (spec §3 "User"), read
 * and updated on the profile page, and everyone in the organisation (GET /users/), offered by the
 * people pickers.
 */
import {
  fullName,
  type UpdateUserDetailsRequest,
  type UserDetails as WireUserDetails,
} from '@keystone/contract';
import { usersApi } from '@keystone/contract/endpoints/users';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client';
import { useSession } from './session';
import { type Camel, toCamel } from './wireCase';
import { toWire, type WireNames } from './wireForms';

/** isAdmin: administrators see /organisation (linked from the avatar menu) and every strategy's team page. */
export type UserDetails = Camel<WireUserDetails>;

/** The logged-in user's name as the header shows it: the profile's names, else the account's, else null. */
export const accountName = (user: UserDetails): string | null =>
  fullName(user.firstName, user.lastName) ?? user.name;

export type UserDetailsUpdate = Pick<UserDetails, 'firstName' | 'lastName' | 'businessTitle'>;

export const userDetailsUpdateWire: WireNames<UserDetailsUpdate, UpdateUserDetailsRequest> = {
  firstName: 'first_name',
  lastName: 'last_name',
  businessTitle: 'business_title',
};

const userDetailsKey = (userId: number | undefined) => ['userDetails', userId] as const;

async function fetchUserDetails(): Promise<UserDetails> {
  return toCamel(await apiRequest(usersApi.details, {}));
}

/**
 * Asks the server whether this page's key is still valid; a 403 'Invalid token.' ends the
 * session (apiRequest), anything else (an outage, the network) is left to the caller's retries.
 */
export async function checkSessionKey(): Promise<void> {
  await fetchUserDetails().catch(() => undefined);
}

async function updateUserDetails(update: UserDetailsUpdate): Promise<UserDetails> {
  return toCamel(await apiRequest(usersApi.updateDetails, { body: toWire(update, userDetailsUpdateWire) }));
}

/** Keyed by the session's user, so a different login never sees the previous user's details. */
const userDetailsQuery = (userId: number | undefined) =>
  queryOptions({ queryKey: userDetailsKey(userId), queryFn: fetchUserDetails });

export function useUserDetails() {
  const session = useSession();
  return useQuery({ ...userDetailsQuery(session?.id), enabled: session !== null });
}

export function useUpdateUserDetails() {
  const queryClient = useQueryClient();
  const session = useSession();
  return useMutation({
    mutationFn: updateUserDetails,
    onSuccess: (details) => queryClient.setQueryData(userDetailsKey(session?.id), details),
  });
}

/** Everyone in the user's organisation, for the people pickers; read again when a team changes. */
export const organisationUsersKey = ['users'] as const;

export function useOrganisationUsers() {
  return useQuery({
    queryKey: organisationUsersKey,
    queryFn: () => apiRequest(usersApi.colleagues, {}),
  });
}
