/** Times as people read them: recent ones relative ("5 minutes ago"), older ones as a date. */
import { ORGANISATION_LABELS } from '@keystone/contract';
import { formatDistanceStrict } from 'date-fns';

const RELATIVE_FOR_MS = 30 * 24 * 60 * 60 * 1000;
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));

export function timeAgo(iso: string, now: Date = new Date()): string {
  const then = new Date(iso);
  const elapsed = now.getTime() - then.getTime();
  // Also covers a server clock slightly ahead of this browser's, which would read "in 2 seconds".
  if (elapsed < 60_000) return ORGANISATION_LABELS.justNow;
  if (elapsed > RELATIVE_FOR_MS) return dateFormat.format(then);
  return formatDistanceStrict(then, now, { addSuffix: true });
}
