/**
 * While the page is open a due date may pass (a 'progress' message rereads the locked dates):
 * the newest locked date changes, and the page says where the updates went.
 */
import { formatDueDate } from '@keystone/contract';
import { useEffect, useRef, useState } from 'react';

export function useDueDatePassedNotice(lockedDates: readonly string[] | undefined, timeZone: string) {
  const [text, setText] = useState<string | null>(null);
  const newestSeen = useRef<string | null | undefined>(undefined);
  const newest = lockedDates === undefined ? undefined : (lockedDates[0] ?? null);

  useEffect(() => {
    if (newest === undefined) return;
    const before = newestSeen.current;
    newestSeen.current = newest;
    if (before === undefined || newest === null || newest === before) return;
    setText(
      `The due date ${formatDueDate(newest, timeZone)} has passed: the updates written until then are in its history, and new ones start now.`,
    );
  }, [newest, timeZone]);

  return { text, clear: () => setText(null) };
}
