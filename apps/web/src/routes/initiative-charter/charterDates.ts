/** A timeline row's dates (spec §5): the order rule and what a save sends. */
import { CHARTER_MESSAGES, datesInOrder } from '@keystone/contract';
import { dateToDay, pickerRange } from '../../lib/calendarDays';

export interface TimelineDates {
  start: Date | null;
  end: Date | null;
}

/**
 * The rule a timeline row's dates break, or null. The order rule (spec §5) applies only when
 * both dates are set; a half-typed date or one outside the range is never sent.
 */
export function timelineDatesProblem(dates: TimelineDates, today: Date = new Date()): string | null {
  const start = dateToDay(dates.start);
  const end = dateToDay(dates.end);
  if (start === undefined || end === undefined) return CHARTER_MESSAGES.invalidDate;
  const { min, max } = pickerRange(today);
  const outside = [dates.start, dates.end].some((date) => date !== null && (date < min || date > max));
  if (outside) return CHARTER_MESSAGES.dateOutOfRange;
  return datesInOrder(start, end) ? null : CHARTER_MESSAGES.endBeforeStart;
}

/**
 * Only the dates that differ from the stored row: a write names just the fields it changes, so a
 * colleague holding the other date's lock does not block it (the server refuses locked fields).
 */
export function changedDays(
  dates: TimelineDates,
  stored: { startDate: string | null; endDate: string | null },
): { start_date?: string | null; end_date?: string | null } {
  const start = dateToDay(dates.start) ?? null;
  const end = dateToDay(dates.end) ?? null;
  return {
    ...(start !== stored.startDate && { start_date: start }),
    ...(end !== stored.endDate && { end_date: end }),
  };
}
