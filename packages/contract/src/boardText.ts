/**
 * The strategy board's read-out (issue 18): each initiative's status, owners and last update, and
 * each focus area's count per status. Words and the counting rule, shared by every screen and
 * export that shows them.
 */
import {
  INITIATIVE_STATUS_CODES,
  INITIATIVE_STATUSES,
  type InitiativeStatus,
  statusOrInactive,
} from './statuses';

export const BOARD_TEXT = {
  /** What a screen reader hears before the status label on a card. */
  statusPrefix: 'Status: ',
  noOwner: 'No owner',
  owners: 'Owners',
  /** The owners folded into "+N": N more, then their names. */
  moreOwners: (names: readonly string[]) => `${names.length} more: ${names.join(', ')}`,
  updatedOn: (date: string) => `Updated ${date}`,
  noUpdateYet: 'No update yet',
  statusCounts: 'Initiatives by status',
} as const;

export interface StatusCount {
  status: InitiativeStatus;
  count: number;
}

/** How many initiatives are in each status, in INITIATIVE_STATUSES order, leaving out the empty ones. */
export function countByStatus(statuses: readonly (string | null | undefined)[]): StatusCount[] {
  const shown = statuses.map(statusOrInactive);
  return INITIATIVE_STATUS_CODES.map((status) => ({
    status,
    count: shown.filter((code) => code === status).length,
  })).filter(({ count }) => count > 0);
}

/** "2 On Track" */
export const statusCountText = ({ status, count }: StatusCount): string =>
  `${count} ${INITIATIVE_STATUSES[status].label}`;
