/** The wire form of a user (spec §3), built in one place. */
import { displayName, fullName, type UserDetails, type UserSummary } from '@keystone/contract';
import { users } from '../db/schema';
import type { UserRow } from './userQueries';

/** `isActive` is read where people are shown by their roles, so a deactivated one is marked. */
type NamedUser = Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName'> & { isActive?: boolean };

/** The columns a person's summary is built from: select them, then presentUserSummary. */
export const personColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  isActive: users.isActive,
};

/** The contract's display name (full name, else address) of a stored user. */
export const displayNameOf = (user: Pick<UserRow, 'email' | 'firstName' | 'lastName'>): string =>
  displayName({ name: fullName(user.firstName, user.lastName), email: user.email });

export function presentUserSummary(user: NamedUser): UserSummary {
  const summary: UserSummary = {
    id: user.id,
    name: fullName(user.firstName, user.lastName),
    email: user.email,
  };
  if (user.isActive === false) summary.is_active = false;
  return summary;
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
