/** Small reusable field schemas with the spec's messages. */
import { LIMITS } from './limits';
import { MESSAGES } from './messages';
import { z } from './z';

/**
 * A practical e-mail check: one @, no spaces, a dotted domain. Lower-cased and trimmed,
 * because addresses are compared case-insensitively everywhere.
 */
const EMAIL_PATTERN = /^[^\s@<>(),;:"[\]]+@[^\s@<>(),;:"[\]]+\.[^\s@<>(),;:"[\]]{2,}$/;

export function isValidEmail(value: string): boolean {
  return value.length <= LIMITS.email && EMAIL_PATTERN.test(value.trim());
}

export const emailSchema = z
  .string({ error: MESSAGES.invalidEmail })
  .trim()
  .max(LIMITS.email, MESSAGES.invalidEmail)
  .refine((value) => EMAIL_PATTERN.test(value), MESSAGES.invalidEmail)
  .transform((value) => value.toLowerCase());

export const passwordSchema = z
  .string({ error: MESSAGES.passwordMinLength })
  .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters long`);

/**
 * Whole numbers come as JSON numbers, or as digits in a path; booleans, arrays and empty strings
 * are left as they are, so they fail as wrong types instead of becoming 1 or 0.
 */
export const digitsAsNumber = (value: unknown): unknown =>
  typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;

/**
 * An id written as text (a path's, a query's, or a form's) is only its canonical digits: "12",
 * never " 12", "+12" or "012", which would name record 12 under another spelling and slip past
 * a proxy's or a firewall's rule written for the literal path. Anything else stays a string and
 * fails as no id.
 */
const canonicalIdAsNumber = (value: unknown): unknown =>
  typeof value === 'string' && /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : value;

export const idSchema = z.preprocess(
  canonicalIdAsNumber,
  z
    .number({ error: 'A valid id is required.' })
    .int('A valid id is required.')
    .positive('A valid id is required.')
    .max(2_147_483_647, 'A valid id is required.'),
);

/** Line breaks and other control characters, or a web address: what a name may not carry into a mail. */
const NAME_FORBIDDEN = /[\p{Cc}\u2028\u2029]|:\/\/|\bwww\./iu;
export const NAME_NOT_ALLOWED = 'Names cannot contain line breaks or web addresses.';

/** A person's (or an organisation's) name: trimmed, bounded, without line breaks or links. */
export const nameSchema = (requiredMessage: string, max: number = LIMITS.personName) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, `At most ${max} characters`)
    .refine((value) => !NAME_FORBIDDEN.test(value), NAME_NOT_ALLOWED);
