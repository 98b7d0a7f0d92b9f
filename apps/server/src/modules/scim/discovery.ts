/**
 * What a SCIM client reads to learn this server (RFC 7644 §4): ServiceProviderConfig (PATCH and
 * filters yes; bulk, sorting, ETags and password changes no; bearer tokens), the one resource
 * type (User) and its schema, listing only the attributes Keystone keeps.
 */
import { listResponse, PAGE_MAX } from './listing';
import { USER_SCHEMA } from './userResource';

const CONFIG_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig';
const RESOURCE_TYPE_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType';
const SCHEMA_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Schema';

export function serviceProviderConfig(baseUrl: string) {
  return {
    schemas: [CONFIG_SCHEMA],
    documentationUri: 'https://datatracker.ietf.org/doc/html/rfc7644',
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: PAGE_MAX },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description:
          'A SCIM token an administrator creates on /organisation, sent as "Authorization: Bearer …".',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}/ServiceProviderConfig` },
  };
}

export function userResourceType(baseUrl: string) {
  return {
    schemas: [RESOURCE_TYPE_SCHEMA],
    id: 'User',
    name: 'User',
    endpoint: '/Users',
    description: 'A person of the organisation; userName is their e-mail address.',
    schema: USER_SCHEMA,
    meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/User` },
  };
}

export const resourceTypes = (baseUrl: string) => listResponse([userResourceType(baseUrl)], 1, 1);

interface AttributeFacts {
  type?: 'string' | 'boolean' | 'complex';
  multiValued?: boolean;
  required?: boolean;
  mutability?: 'readWrite' | 'readOnly';
  uniqueness?: 'none' | 'server';
  subAttributes?: SchemaAttribute[];
}

type SchemaAttribute = Record<string, unknown>;

function attribute(name: string, description: string, facts: AttributeFacts = {}): SchemaAttribute {
  const { subAttributes, ...rest } = facts;
  return {
    name,
    type: 'string',
    multiValued: false,
    description,
    required: false,
    caseExact: false,
    mutability: 'readWrite',
    returned: 'default',
    uniqueness: 'none',
    ...rest,
    ...(subAttributes && { subAttributes }),
  };
}

export function userSchema(baseUrl: string) {
  return {
    schemas: [SCHEMA_SCHEMA],
    id: USER_SCHEMA,
    name: 'User',
    description: 'A Keystone user. Attributes not listed are accepted and not stored.',
    attributes: [
      attribute('userName', 'The e-mail address the person signs in with.', {
        required: true,
        uniqueness: 'server',
      }),
      attribute('name', 'The person’s name.', {
        type: 'complex',
        subAttributes: [
          attribute('givenName', 'First name.'),
          attribute('familyName', 'Last name.'),
          attribute('formatted', 'The full name, made from the two.', { mutability: 'readOnly' }),
        ],
      }),
      attribute('displayName', 'The name shown; used as the first name when no name is given.'),
      attribute('title', 'The business title.'),
      attribute('emails', 'The address of userName, as the work e-mail.', {
        type: 'complex',
        multiValued: true,
        mutability: 'readOnly',
        subAttributes: [
          attribute('value', 'The address.'),
          attribute('type', 'Always "work".'),
          attribute('primary', 'Always true.', { type: 'boolean' }),
        ],
      }),
      attribute('active', 'False: the person is deactivated (sessions ended, access gone).', {
        type: 'boolean',
      }),
      attribute('externalId', 'The provider’s own id of the person.'),
    ],
    meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${USER_SCHEMA}` },
  };
}

export const schemas = (baseUrl: string) => listResponse([userSchema(baseUrl)], 1, 1);
