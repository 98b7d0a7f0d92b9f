/**
 * The organisation's people as SCIM sees them: its members, active or not. Placeholders (people
 * invited and not signed up) are no one yet, and another organisation's people are not found.
 */
import { domainOf, SCIM_MESSAGES } from '@keystone/contract';
import { and, asc, count, eq, not, type SQL } from 'drizzle-orm';
import type { UserRow } from '../../core/userQueries';
import type { Queryable } from '../../db/client';
import { organisationDomains, users } from '../../db/schema';
import { invalidValue, ScimError } from './errors';
import type { UserFilter, UserQuery } from './listing';

export const userNotFound = () => new ScimError(404, SCIM_MESSAGES.scimUserNotFound);

/** A path's or filter's id: digits only (anything else names nobody). */
export function userIdOf(text: string): number | undefined {
  return /^\d{1,9}$/.test(text) ? Number(text) : undefined;
}

const membersOf = (organisationId: number) =>
  and(eq(users.organisationId, organisationId), not(users.isPlaceholder));

function filterCondition(filter: UserFilter | undefined): SQL | undefined {
  if (!filter) return undefined;
  switch (filter.attribute) {
    case 'username':
      // Addresses are stored lower-cased, and userName is not case-exact.
      return eq(users.email, filter.value.trim().toLowerCase());
    case 'externalid':
      return eq(users.scimExternalId, filter.value);
    case 'id':
      return eq(users.id, userIdOf(filter.value) ?? 0);
  }
}

export async function readScimUser(db: Queryable, organisationId: number, id: number): Promise<UserRow> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(membersOf(organisationId), eq(users.id, id)))
    .limit(1);
  if (!row) throw userNotFound();
  return row;
}

export async function listScimUsers(
  db: Queryable,
  organisationId: number,
  query: UserQuery,
): Promise<{ total: number; rows: UserRow[] }> {
  const where = and(membersOf(organisationId), filterCondition(query.filter));
  const [[total], rows] = await Promise.all([
    db.select({ count: count() }).from(users).where(where),
    query.count === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(users)
          .where(where)
          .orderBy(asc(users.id))
          .limit(query.count)
          .offset(query.startIndex - 1),
  ]);
  return { total: total?.count ?? 0, rows };
}

/**
 * An address SCIM may give someone: one at the organisation's own e-mail domains. A SCIM token
 * makes real accounts, and an address has one account, so a token must not take addresses
 * the organisation does not own (their owners could then sign up nowhere else).
 */
export async function refuseAddressOutsideDomains(db: Queryable, organisationId: number, email: string) {
  const [owned] = await db
    .select({ domain: organisationDomains.domain })
    .from(organisationDomains)
    .where(
      and(
        eq(organisationDomains.organisationId, organisationId),
        eq(organisationDomains.domain, domainOf(email)),
      ),
    )
    .limit(1);
  if (!owned) throw invalidValue(SCIM_MESSAGES.scimUserNameOutsideDomains);
}
