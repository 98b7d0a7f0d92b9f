/**
 * Reading attribute values as SCIM clients send them. Attribute names are case-insensitive
 * (RFC 7643 §2.1), and Microsoft Entra ID sends booleans as the strings "True" and "False".
 */
import { isValidEmail, LIMITS, SCIM_MESSAGES } from '@keystone/contract';
import { invalidValue } from './errors';

/** The provider's own id of a person (externalId): generous, but bounded. */
const EXTERNAL_ID_MAX = 255;

export type JsonObject = Record<string, unknown>;

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value of `name` in `object`, whatever the case of its key. */
export function attributeOf(object: JsonObject, name: string): unknown {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(object)) if (key.toLowerCase() === wanted) return value;
  return undefined;
}

function text(attribute: string, value: unknown, max: number): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string')
    throw invalidValue(SCIM_MESSAGES.scimInvalidValue(attribute, 'must be a string.'));
  const trimmed = value.trim();
  if (trimmed.length > max)
    throw invalidValue(SCIM_MESSAGES.scimInvalidValue(attribute, `must be at most ${max} characters long.`));
  // Control characters have no place in a name or title, and would reach mails and logs.
  if (/\p{Cc}/u.test(trimmed))
    throw invalidValue(SCIM_MESSAGES.scimInvalidValue(attribute, 'must not contain control characters.'));
  return trimmed;
}

export const personName = (attribute: string, value: unknown) => text(attribute, value, LIMITS.personName);
export const businessTitle = (value: unknown) => text('title', value, LIMITS.businessTitle);
export const externalId = (value: unknown) => text('externalId', value, EXTERNAL_ID_MAX) || null;

export function booleanValue(attribute: string, value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  throw invalidValue(SCIM_MESSAGES.scimInvalidValue(attribute, 'must be true or false.'));
}

/** userName is the person's e-mail address, kept lower-cased like every address. */
export function emailAddress(value: unknown, attribute = 'userName'): string {
  if (typeof value !== 'string' || !isValidEmail(value))
    throw invalidValue(
      attribute === 'userName'
        ? SCIM_MESSAGES.scimUserNameInvalid
        : SCIM_MESSAGES.scimInvalidValue(attribute, 'must be an e-mail address.'),
    );
  return value.trim().toLowerCase();
}
