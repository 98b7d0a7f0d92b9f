/**
 * Calendar days as the pages pick and show them (spec §5: charter dates, the first due date):
 * stored as UTC days (YYYY-MM-DD), shown MM/dd/yyyy, picked with day granularity within 50 years
 * of today. The picker works with local Date objects at midnight, so a day never shifts by a time
 * zone on its way in or out.
 */
import { DATE_RANGE_YEARS, isCalendarDay } from '@keystone/contract';
import { addYears, format, isValid, startOfDay, subYears } from 'date-fns';

/** The display (and typing) format of every charter date. */
export const DATE_FORMAT = 'MM/dd/yyyy';

/** A stored day as the picker's local Date, or null when empty (or not a real day). */
export function dayToDate(day: string | null): Date | null {
  if (!day || !isCalendarDay(day)) return null;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const local = new Date(year, month - 1, date);
  // Years below 100 would otherwise read as 19xx.
  local.setFullYear(year);
  return local;
}

/** The picker's Date as a stored day; null when empty, undefined while what is typed is no date yet. */
export function dateToDay(date: Date | null): string | null | undefined {
  if (date === null) return null;
  if (!isValid(date)) return undefined;
  return format(date, 'yyyy-MM-dd');
}

/** A stored day shown as MM/dd/yyyy, or '' when not set. */
export function formatDay(day: string | null): string {
  const date = dayToDate(day);
  return date ? format(date, DATE_FORMAT) : '';
}

/** A moment (e.g. when a charter was approved) as the user's local day, MM/DD/YYYY. */
export function formatMoment(timestamp: string | null): string {
  if (!timestamp) return '';
  const date = new Date(timestamp);
  return isValid(date) ? format(date, DATE_FORMAT) : '';
}

/** A moment with its local time, MM/DD/YYYY h:mm AM (when an approval step was taken). */
export function formatMomentAndTime(timestamp: string): string {
  const date = new Date(timestamp);
  return isValid(date) ? format(date, `${DATE_FORMAT} h:mm a`) : '';
}

/** Spec §5: the pickers offer 50 years either side of today. */
export function pickerRange(today: Date = new Date()): { min: Date; max: Date } {
  const day = startOfDay(today);
  return { min: subYears(day, DATE_RANGE_YEARS), max: addYears(day, DATE_RANGE_YEARS) };
}
