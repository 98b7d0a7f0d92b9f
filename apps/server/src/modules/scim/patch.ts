/**
 * PATCH of a User (RFC 7644 §3.5.2) onto what SCIM can change of a person. Both shapes the big
 * providers send work: Okta's operations without a path (`{"op":"replace","value":{"active":
 * false}}`) and Entra ID's with one (`{"op":"Replace","path":"active","value":"False"}`, op names
 * capitalised, filtered paths such as `emails[type eq "work"].value`). The whole body is checked
 * before anything is stored: the command applies the state this answers, or nothing.
 */
import { SCIM_MESSAGES } from '@keystone/contract';
import { invalidPath, invalidSyntax, invalidValue, ScimError } from './errors';
import { requireSchema, type ScimUserState, USER_SCHEMA, withDisplayName } from './userResource';
import {
  attributeOf,
  booleanValue,
  businessTitle,
  emailAddress,
  externalId,
  isObject,
  personName,
} from './values';

export const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const ENTERPRISE_SCHEMA = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const OPERATIONS_MAX = 100;
const PATH_MAX = 300;

/** Attributes of the User schema and its enterprise extension that Keystone accepts and does not keep. */
const NOT_KEPT = new Set([
  'nickname',
  'profileurl',
  'usertype',
  'preferredlanguage',
  'locale',
  'timezone',
  'password',
  'phonenumbers',
  'ims',
  'photos',
  'addresses',
  'groups',
  'entitlements',
  'roles',
  'x509certificates',
]);
const ENTERPRISE_ATTRIBUTES = new Set([
  'employeenumber',
  'costcenter',
  'organization',
  'division',
  'department',
  'manager',
]);
const NAME_PARTS_NOT_KEPT = new Set(['formatted', 'middlename', 'honorificprefix', 'honorificsuffix']);
const READ_ONLY = new Set(['id', 'meta', 'schemas']);

type Operation = 'add' | 'replace' | 'remove';

interface Path {
  text: string;
  /** Lower-cased, as attribute names are case-insensitive. */
  attribute: string;
  /** A value filter such as [type eq "work"]: only multi-valued attributes take one. */
  filtered: boolean;
  sub?: string;
  extension: boolean;
}

const PATH_PATTERN =
  /^([a-z][\w$-]*)(\[\s*[a-z][\w$-]*\s+eq\s+(?:"(?:[^"\\]|\\.)*"|true|false)\s*\])?(?:\.([a-z][\w$-]*))?$/i;

function parsePath(text: string): Path {
  if (text.length > PATH_MAX) throw invalidPath(SCIM_MESSAGES.scimPatchPathInvalid(text.slice(0, 40)));
  const lower = text.toLowerCase();
  let rest = text;
  let extension = false;
  if (lower.startsWith(`${ENTERPRISE_SCHEMA.toLowerCase()}:`)) {
    rest = text.slice(ENTERPRISE_SCHEMA.length + 1);
    extension = true;
  } else if (lower.startsWith(`${USER_SCHEMA.toLowerCase()}:`)) rest = text.slice(USER_SCHEMA.length + 1);
  const match = PATH_PATTERN.exec(rest);
  if (!match) throw invalidPath(SCIM_MESSAGES.scimPatchPathInvalid(text));
  return {
    text,
    attribute: match[1]!.toLowerCase(),
    filtered: match[2] !== undefined,
    sub: match[3]?.toLowerCase(),
    extension,
  };
}

export function applyPatch(current: ScimUserState, body: unknown): ScimUserState {
  const patch = requireSchema(body, PATCH_SCHEMA);
  const operations = attributeOf(patch, 'Operations');
  if (!Array.isArray(operations) || operations.length === 0)
    throw invalidSyntax(SCIM_MESSAGES.scimPatchOperationsMissing);
  if (operations.length > OPERATIONS_MAX)
    throw invalidSyntax(SCIM_MESSAGES.scimPatchTooManyOperations(OPERATIONS_MAX));
  let state: ScimUserState = { ...current };
  for (const operation of operations) state = applyOperation(state, operation);
  return withDisplayName(state);
}

function applyOperation(state: ScimUserState, operation: unknown): ScimUserState {
  if (!isObject(operation)) throw invalidSyntax(SCIM_MESSAGES.scimPatchOpInvalid(JSON.stringify(operation)));
  const opText = attributeOf(operation, 'op');
  const op = typeof opText === 'string' ? opText.toLowerCase() : '';
  if (op !== 'add' && op !== 'replace' && op !== 'remove')
    throw invalidSyntax(SCIM_MESSAGES.scimPatchOpInvalid(String(opText).slice(0, 40)));
  const path = attributeOf(operation, 'path');
  const value = attributeOf(operation, 'value');
  if (path !== undefined && path !== null && path !== '') {
    if (typeof path !== 'string') throw invalidPath(SCIM_MESSAGES.scimPatchPathInvalid(String(path)));
    if (op !== 'remove' && value === undefined) throw invalidValue(SCIM_MESSAGES.scimPatchValueMissing);
    return setAttribute(state, parsePath(path), op, value);
  }
  // No path: the value holds the attributes, by name (or dotted name, as some clients send).
  if (op === 'remove') throw new ScimError(400, SCIM_MESSAGES.scimPatchValueMissing, 'noTarget');
  if (!isObject(value)) throw invalidValue(SCIM_MESSAGES.scimPatchValueMissing);
  let next = state;
  for (const [key, attributeValue] of Object.entries(value)) {
    // The enterprise extension may come as one object under its schema's name.
    if (key.toLowerCase() === ENTERPRISE_SCHEMA.toLowerCase()) continue;
    next = setAttribute(next, parsePath(key), op, attributeValue);
  }
  return next;
}

function setAttribute(state: ScimUserState, path: Path, op: Operation, value: unknown): ScimUserState {
  const remove = op === 'remove';
  if (path.extension) {
    if (ENTERPRISE_ATTRIBUTES.has(path.attribute)) return state;
    throw invalidPath(SCIM_MESSAGES.scimPatchPathInvalid(path.text));
  }
  if (NOT_KEPT.has(path.attribute)) return state;
  if (READ_ONLY.has(path.attribute))
    throw new ScimError(400, SCIM_MESSAGES.scimInvalidValue(path.attribute, 'is read-only.'), 'mutability');
  if (path.attribute === 'emails') return emails(state, path, remove, value);
  if (path.filtered) throw invalidPath(SCIM_MESSAGES.scimPatchPathInvalid(path.text));
  if (path.attribute === 'name') return name(state, path, remove, value);
  if (path.sub !== undefined) throw invalidPath(SCIM_MESSAGES.scimPatchPathInvalid(path.text));
  switch (path.attribute) {
    case 'active':
      if (remove) throw new ScimError(400, SCIM_MESSAGES.scimPatchRemoveRequired('active'), 'mutability');
      return { ...state, active: booleanValue('active', value) };
    case 'username':
      if (remove) throw new ScimError(400, SCIM_MESSAGES.scimPatchRemoveRequired('userName'), 'mutability');
      return { ...state, email: emailAddress(value) };
    case 'displayname':
      return { ...state, displayName: remove ? undefined : personName('displayName', value) };
    case 'title':
      return { ...state, title: remove ? '' : businessTitle(value) };
    case 'externalid':
      return { ...state, externalId: remove ? null : externalId(value) };
    default:
      throw invalidPath(SCIM_MESSAGES.scimPatchPathInvalid(path.text));
  }
}

function name(state: ScimUserState, path: Path, remove: boolean, value: unknown): ScimUserState {
  const setPart = (next: ScimUserState, part: string, partValue: unknown): ScimUserState => {
    if (part === 'givenname')
      return { ...next, firstName: remove ? '' : personName('name.givenName', partValue) };
    if (part === 'familyname')
      return { ...next, lastName: remove ? '' : personName('name.familyName', partValue) };
    if (NAME_PARTS_NOT_KEPT.has(part)) return next;
    throw invalidPath(SCIM_MESSAGES.scimPatchPathInvalid(`name.${part}`));
  };
  if (path.sub !== undefined) return setPart(state, path.sub, value);
  if (remove) return { ...state, firstName: '', lastName: '' };
  if (!isObject(value)) throw invalidValue(SCIM_MESSAGES.scimInvalidValue('name', 'must be an object.'));
  let next = state;
  for (const [part, partValue] of Object.entries(value)) next = setPart(next, part.toLowerCase(), partValue);
  return next;
}

/**
 * The address is userName's; `emails` is answered from it. A work or primary e-mail sent here is
 * checked (it must be an address) and not stored apart, so the address a person signs in with
 * changes only through userName.
 */
function emails(state: ScimUserState, path: Path, remove: boolean, value: unknown): ScimUserState {
  if (remove) return state;
  if (path.sub === 'value') {
    emailAddress(value, 'emails.value');
    return state;
  }
  if (path.sub !== undefined) return state;
  const entries = Array.isArray(value) ? value : [value];
  for (const entry of entries) {
    if (!isObject(entry)) throw invalidValue(SCIM_MESSAGES.scimInvalidValue('emails', 'must hold objects.'));
    const address = attributeOf(entry, 'value');
    if (address !== undefined) emailAddress(address, 'emails.value');
  }
  return state;
}
