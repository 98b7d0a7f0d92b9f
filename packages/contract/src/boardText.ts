/**
 * The strategy board's read-out (issue 18): each initiative's status, owners and last update, and
 * each focus area's count per status. Words, the counting rule and the date of the last update,
 * shared by every screen and export that shows them (board, charter, progress page, PDF).
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
  /** An initiative none of whose due dates locked an update with text (isUpdateEmpty). */
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

/**
 * The day's formatter per time zone (undefined: the reader's own), made once: making one costs
 * about a millisecond, and a PDF or a board prints many days.
 */
const dayFormats = new Map<string | undefined, Intl.DateTimeFormat>();
function dayFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/**
 * A day as the spec writes it (§5, §9: MM/DD/YYYY), e.g. the due date of an initiative's last
 * update ("date only"). Read in `timeZone`; without one, in the reader's own (a browser's).
 */
export function formatDay(moment: string | Date, timeZone?: string): string {
  const parts = Object.fromEntries(
    dayFormat(timeZone)
      .formatToParts(typeof moment === 'string' ? new Date(moment) : moment)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.month}/${parts.day}/${parts.year}`;
}

/** "Updated 12/01/2026", or "No update yet": a card's and the PDF's last update line. */
export const lastUpdateText = (at: string | null, timeZone?: string): string =>
  at ? BOARD_TEXT.updatedOn(formatDay(at, timeZone)) : BOARD_TEXT.noUpdateYet;
