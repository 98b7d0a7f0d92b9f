/** Initiative status and comment type codes of spec §4, with their labels and colours. */
export const INITIATIVE_STATUSES = {
  IN: { label: 'Inactive', colour: 'grey' },
  CO: { label: 'Completed', colour: 'blue' },
  BL: { label: 'Blocked', colour: 'red' },
  DE: { label: 'Delayed', colour: 'yellow' },
  OT: { label: 'On Track', colour: 'green' },
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
