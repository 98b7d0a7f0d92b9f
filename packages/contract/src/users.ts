/** User payloads of spec §3 (summary and detail). */
import { LIMITS } from './limits';
import { nameSchema } from './primitives';
import { z } from './z';

export const userSummary = z
  .object({
    id: z.number().nullable(),
    name: z.string().nullable(),
    email: z.string(),
    /**
     * Sent (as false) only for a deactivated person who still holds a role: their name stays on
     * the strategy, marked as deactivated. Absent means active.
     */
    is_active: z.literal(false).optional(),
  })
  .meta({ id: 'UserSummary' });
export type UserSummary = z.infer<typeof userSummary>;

export const userDetails = userSummary
  .extend({
    first_name: z.string(),
    last_name: z.string(),
    business_title: z.string(),
    /** Administrators of the organisation see its page (/organisation). */
    is_admin: z.boolean(),
  })
  .meta({ id: 'UserDetails' });
export type UserDetails = z.infer<typeof userDetails>;

/**
 * The profile form sends id, name and email too (spec §7); they are accepted and ignored,
 * except that an e-mail different from the account's is refused.
 */
export const updateUserDetailsRequest = z
  .object({
    id: z.unknown().optional(),
    name: z.unknown().optional(),
    email: z.string().max(LIMITS.email).optional(),
    first_name: nameSchema('First name is required').optional(),
    last_name: nameSchema('Last name is required').optional(),
    business_title: z.string().trim().max(LIMITS.businessTitle).optional(),
  })
  .meta({ id: 'UpdateUserDetailsRequest' });
export type UpdateUserDetailsRequest = z.infer<typeof updateUserDetailsRequest>;

/** Shown beside a deactivated person's name wherever they still hold a role. */
export const DEACTIVATED_MARK = '(deactivated)';

/** Full name as the spec shows it: first and last, or null when neither is known. */
export function fullName(first: string | null | undefined, last: string | null | undefined): string | null {
  const name = [first, last].filter((part) => part && part.trim().length > 0).join(' ');
  return name.length > 0 ? name : null;
}

/**
 * How a person is named on screens and in messages: their full name, else their address (someone
 * invited who has not signed up yet has no name).
 */
export function displayName(person: { name?: string | null; email: string }): string {
  return person.name?.trim() || person.email;
}

/** Avatar initials: first letters of first and last name, else of the e-mail. */
export function initials(user: { name?: string | null; email: string }): string {
  // By code point, so a name or address starting with an emoji does not yield half a character.
  const first = (text: string | undefined) => [...(text ?? '')][0] ?? '';
  const words = (user.name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return `${first(words[0])}${first(words[words.length - 1])}`.toUpperCase();
  if (words.length === 1) return first(words[0]).toUpperCase();
  return (first(user.email) || '?').toUpperCase();
}
