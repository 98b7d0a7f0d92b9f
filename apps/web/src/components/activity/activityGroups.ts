/**
 * How the panel orders history: autosave stores a typing session as many small changes, so
 * consecutive changes of one field by one person a few minutes apart read as one (the first old
 * value, the last new one); the result is grouped by the reader's local day.
 */
import { ACTIVITY_MESSAGES, formatDay, isFoldable } from '@keystone/contract';
import type { ActivityEntry } from '../../api/activity';

/** One line of the panel: a single change, or several of one field folded together. */
export interface ActivityItem {
  /** The newest change: who, when, and the value after. */
  latest: ActivityEntry;
  /** The oldest change folded in: its old value is the value before. */
  earliest: ActivityEntry;
  count: number;
}

export interface ActivityDay {
  label: string;
  items: ActivityItem[];
}

export const COLLAPSE_WITHIN_MS = 5 * 60 * 1000;

function sameEdit(older: ActivityEntry, newer: ActivityEntry): boolean {
  return (
    // Steps that each mean something on their own (approval, added, removed, moved) are never folded.
    isFoldable(older.model, older.field) &&
    older.model === newer.model &&
    older.recordId === newer.recordId &&
    older.field === newer.field &&
    (older.user?.id ?? null) === (newer.user?.id ?? null) &&
    Date.parse(newer.createdAt) - Date.parse(older.createdAt) <= COLLAPSE_WITHIN_MS
  );
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** A change back to a value the run already had is mostly an undo or a restore: it stays its own line. */
const returnsToEarlierValue = (head: ActivityEntry, rest: readonly ActivityEntry[]) =>
  rest.some((older) => sameValue(older.oldValue, head.newValue) || sameValue(older.newValue, head.newValue));

function itemsOfRun(run: readonly ActivityEntry[]): ActivityItem[] {
  const [head, ...rest] = run;
  if (!head) return [];
  if (rest.length > 0 && returnsToEarlierValue(head, rest)) {
    return [{ latest: head, earliest: head, count: 1 }, ...itemsOfRun(rest)];
  }
  return [{ latest: head, earliest: run.at(-1) ?? head, count: run.length }];
}

/** Entries newest first (as the server sends them) → items newest first. */
export function collapseEntries(entries: readonly ActivityEntry[]): ActivityItem[] {
  const runs: ActivityEntry[][] = [];
  for (const entry of entries) {
    const run = runs.at(-1);
    const last = run?.at(-1);
    if (run && last && sameEdit(entry, last)) run.push(entry);
    else runs.push([entry]);
  }
  return runs.flatMap(itemsOfRun);
}

const dayKey = (date: Date) => `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;
const weekdayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'long' });

export function dayLabel(date: Date, now: Date): string {
  if (dayKey(date) === dayKey(now)) return ACTIVITY_MESSAGES.today;
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (dayKey(date) === dayKey(yesterday)) return ACTIVITY_MESSAGES.yesterday;
  // The weekday helps find a day in a list; the date is written as the spec writes days.
  return `${weekdayFormat.format(date)}, ${formatDay(date)}`;
}

/** Items newest first → days newest first, each day by its latest change. */
export function groupByDay(items: readonly ActivityItem[], now: Date = new Date()): ActivityDay[] {
  const days: ActivityDay[] = [];
  for (const item of items) {
    const label = dayLabel(new Date(item.latest.createdAt), now);
    const day = days.at(-1);
    if (day?.label === label) day.items.push(item);
    else days.push({ label, items: [item] });
  }
  return days;
}
