/** The error body of DESIGN §3: a message, plus per-field messages for bad input. */
import { userSummary } from './users';
import { z } from './z';

/** Conflicts (409) a client handles differently, told apart by `code` rather than by their text. */
export const CONFLICT_CODES = {
  /** Someone else is editing the field (the answer names them). */
  fieldLocked: 'field_locked',
  /** The comment's due date has passed: it is history and takes no more edits. */
  commentLocked: 'comment_locked',
  /** The reading's due date has passed: it is history and takes no more writes. */
  readingLocked: 'reading_locked',
  /**
   * A field of this PATCH was changed by someone else after the version the edit started from;
   * `current` holds the record as it is now, so the client can show both texts.
   */
  stale: 'stale',
} as const;
export type ConflictCode = (typeof CONFLICT_CODES)[keyof typeof CONFLICT_CODES];

/** Refusals (403) of sign-in policies a client acts on, told apart by `code`. */
export const AUTH_CODES = {
  /**
   * The organisation requires two-factor sign-in and this session has none yet: every call but
   * those that set it up (and sign out) answers this until it is on (`beforeSecondFactor`).
   */
  secondFactorSetupRequired: 'second_factor_setup_required',
  /** A password or Google sign-in of a member whose organisation requires single sign-on. */
  ssoRequired: 'sso_required',
} as const;
export type AuthCode = (typeof AUTH_CODES)[keyof typeof AUTH_CODES];

export const errorResponse = z
  .object({
    detail: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
    code: z
      .enum([
        CONFLICT_CODES.fieldLocked,
        CONFLICT_CODES.commentLocked,
        CONFLICT_CODES.readingLocked,
        CONFLICT_CODES.stale,
        AUTH_CODES.secondFactorSetupRequired,
        AUTH_CODES.ssoRequired,
      ])
      .optional(),
    current: z.unknown().optional(),
    /** With `stale`: who made the newest of the changes this edit missed (null: the system). */
    changed_by: userSummary.nullable().optional(),
  })
  .meta({ id: 'Error' });
export type ErrorResponse = z.infer<typeof errorResponse>;

/** Turns zod issues into `{field: [messages]}` keyed by the dotted path ('' for the body itself). */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'non_field_errors';
    const list = errors[key] ?? [];
    if (!list.includes(issue.message)) list.push(issue.message);
    errors[key] = list;
  }
  return errors;
}
