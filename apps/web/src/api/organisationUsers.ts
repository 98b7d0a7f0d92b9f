/** GET /users/: everyone in the user's organisation, offered by the people pickers. */
import { type UserSummary, userSummary } from '@keystone/contract';
import { useQuery } from '@tanstack/react-query';
import { legacyApiRequest, type ResponseSchema } from './client';

export const organisationUsersKey = ['users'] as const;
const userList: ResponseSchema<UserSummary[]> = userSummary.array();

export function useOrganisationUsers() {
  return useQuery({
    queryKey: organisationUsersKey,
    queryFn: () => legacyApiRequest('/users/', { response: userList }),
  });
}
