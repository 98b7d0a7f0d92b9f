/**
 * Initiative status and comment type codes of spec §4, with their labels and colours. `hex` is the
 * colour itself and `ink` the text colour readable on it (WCAG AA), shared by the web and the mails.
 */
export const INITIATIVE_STATUSES = {
  IN: { label: 'Inactive', colour: 'grey', hex: '#757575', ink: '#ffffff' },
  CO: { label: 'Completed', colour: 'blue', hex: '#1565c0', ink: '#ffffff' },
  BL: { label: 'Blocked', colour: 'red', hex: '#c62828', ink: '#ffffff' },
  DE: { label: 'Delayed', colour: 'yellow', hex: '#f9c80e', ink: '#1b1f2a' },
  OT: { label: 'On Track', colour: 'green', hex: '#2e7d32', ink: '#ffffff' },
} as const;
export type InitiativeStatus = keyof typeof INITIATIVE_STATUSES;
export const INITIATIVE_STATUS_CODES = Object.keys(INITIATIVE_STATUSES) as InitiativeStatus[];

/** Shown in this order on the progress page. */
export const COMMENT_TYPES = {
  PR: 'Progress',
  RB: 'Roadblocks',
  NS: 'Next steps',
} as const;
export type CommentType = keyof typeof COMMENT_TYPES;
export const COMMENT_TYPE_ORDER: readonly CommentType[] = ['PR', 'RB', 'NS'];

/** The status shown for an initiative: spec §4, no last status reads as Inactive. */
export function statusOrInactive(code: string | null | undefined): InitiativeStatus {
  return code && code in INITIATIVE_STATUSES ? (code as InitiativeStatus) : 'IN';
}
