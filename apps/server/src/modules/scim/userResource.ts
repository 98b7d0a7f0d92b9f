/**
 * A Keystone user as a SCIM User (RFC 7643 §4.1) and back. userName is the e-mail address (the
 * one Keystone signs in with), `emails` is answered from it; `name` maps to the first and last
 * name, `title` to the business title, `externalId` is the provider's own id. Attributes of the
 * User schema that Keystone keeps no place for (phone numbers, addresses, the enterprise
 * extension…) are accepted and not stored, as RFC 7643 lets a service provider do, so the
 * default attribute mappings of Okta and Entra ID work unchanged.
 */
import { fullName, SCIM_MESSAGES } from '@keystone/contract';
import { displayNameOf } from '../../core/userPresenters';
import type { UserRow } from '../../core/userQueries';
import { invalidSyntax, invalidValue } from './errors';
import {
  attributeOf,
  booleanValue,
  businessTitle,
  emailAddress,
  externalId,
  isObject,
  type JsonObject,
  personName,
} from './values';

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';

/** What SCIM can change of a person. */
export interface ScimUserState {
  email: string;
  firstName: string;
  lastName: string;
  title: string;
  externalId: string | null;
  active: boolean;
  /** Kept only as the first name of someone the provider gives no name parts (see withDisplayName). */
  displayName?: string;
}

export const stateOfRow = (row: UserRow): ScimUserState => ({
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  title: row.businessTitle,
  externalId: row.scimExternalId,
  active: row.isActive,
});

/** A provider that sends only a displayName (no given or family name) still names the person. */
export function withDisplayName({ displayName, ...state }: ScimUserState): ScimUserState {
  if (displayName && !state.firstName && !state.lastName) return { ...state, firstName: displayName };
  return state;
}

export function presentScimUser(row: UserRow, baseUrl: string) {
  return {
    schemas: [USER_SCHEMA],
    id: String(row.id),
    ...(row.scimExternalId !== null && { externalId: row.scimExternalId }),
    userName: row.email,
    name: {
      givenName: row.firstName,
      familyName: row.lastName,
      formatted: fullName(row.firstName, row.lastName),
    },
    displayName: displayNameOf(row),
    ...(row.businessTitle && { title: row.businessTitle }),
    emails: [{ value: row.email, type: 'work', primary: true }],
    active: row.isActive,
    meta: {
      resourceType: 'User',
      created: row.createdAt.toISOString(),
      lastModified: row.updatedAt.toISOString(),
      location: `${baseUrl}/Users/${row.id}`,
    },
  };
}

/** The body must be an object naming `schema` among its schemas (RFC 7644 §3.1, §3.5.2). */
export function requireSchema(body: unknown, schema: string): JsonObject {
  if (!isObject(body)) throw invalidSyntax(SCIM_MESSAGES.scimBodyNotObject);
  const schemas = attributeOf(body, 'schemas');
  if (!Array.isArray(schemas) || !schemas.includes(schema))
    throw invalidSyntax(SCIM_MESSAGES.scimSchemaMissing(schema));
  return body;
}

/**
 * The person a POST (current undefined) or PUT body describes. A PUT replaces what it names and
 * clears the optional attributes it leaves out, but keeps `active` as it is when absent: a
 * replace that forgets it neither deactivates nor reactivates anyone.
 */
export function userFromBody(body: unknown, current?: ScimUserState): ScimUserState {
  const user = requireSchema(body, USER_SCHEMA);
  const userName = attributeOf(user, 'userName');
  if (userName === undefined || userName === null) throw invalidValue(SCIM_MESSAGES.scimUserNameInvalid);
  const name = attributeOf(user, 'name') ?? {};
  if (!isObject(name)) throw invalidValue(SCIM_MESSAGES.scimInvalidValue('name', 'must be an object.'));
  const active = attributeOf(user, 'active');
  const displayName = personName('displayName', attributeOf(user, 'displayName'));
  return withDisplayName({
    email: emailAddress(userName),
    firstName: personName('name.givenName', attributeOf(name, 'givenName')),
    lastName: personName('name.familyName', attributeOf(name, 'familyName')),
    title: businessTitle(attributeOf(user, 'title')),
    externalId: externalId(attributeOf(user, 'externalId')),
    active:
      active === undefined || active === null ? (current?.active ?? true) : booleanValue('active', active),
    displayName,
  });
}
