/**
 * Times as people read them: recent ones relative ("5 minutes ago"), older ones as a date; exact
 * ones as the spec writes timestamps ("MM/DD/YYYY at hh:mm A" and the zone), in the reader's zone.
 */
import { formatDay, formatDueDate, ORGANISATION_LABELS } from '@keystone/contract';
import { formatDistanceStrict } from 'date-fns';

const RELATIVE_FOR_MS = 30 * 24 * 60 * 60 * 1000;
const readerZone = new Intl.DateTimeFormat().resolvedOptions().timeZone;

export const formatDateTime = (iso: string) => formatDueDate(iso, readerZone);

export function timeAgo(iso: string, now: Date = new Date()): string {
  const then = new Date(iso);
  const elapsed = now.getTime() - then.getTime();
  // Also covers a server clock slightly ahead of this browser's, which would read "in 2 seconds".
  if (elapsed < 60_000) return ORGANISATION_LABELS.justNow;
  if (elapsed > RELATIVE_FOR_MS) return formatDay(then);
  return formatDistanceStrict(then, now, { addSuffix: true });
}
