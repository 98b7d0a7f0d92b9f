/** GET /users/: everyone in the user's organisation, offered by the people pickers. */
import { usersApi } from '@keystone/contract/endpoints/users';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './client';

export const organisationUsersKey = ['users'] as const;

export function useOrganisationUsers() {
  return useQuery({
    queryKey: organisationUsersKey,
    queryFn: () => apiRequest(usersApi.colleagues, {}),
  });
}
