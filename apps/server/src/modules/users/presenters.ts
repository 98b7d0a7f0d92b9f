/** The wire form of a user (spec §3), built in one place. */
import { fullName, type UserDetails, type UserSummary } from '@keystone/contract';
import type { UserRow } from './queries';

type NamedUser = Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName'>;

export function presentUserSummary(user: NamedUser): UserSummary {
  return { id: user.id, name: fullName(user.firstName, user.lastName), email: user.email };
}

export function presentUserDetails(user: UserRow): UserDetails {
  return {
    ...presentUserSummary(user),
    first_name: user.firstName,
    last_name: user.lastName,
    business_title: user.businessTitle,
    is_admin: user.isAdmin,
  };
}
