/**
 * A measure's readings as its chart and table show them: the locked ones oldest first, then the
 * current due date's (also when empty, so the table says "No reading" for it), each with the value
 * the straight line expects then (the contract's expectedAt).
 */
import { expectedAt, type Measure } from '@keystone/contract';

export interface SeriesPoint {
  dueDate: string;
  value: string | null;
  note: string;
  expected: number;
  current: boolean;
}

export function measureSeries(measure: Measure): SeriesPoint[] {
  const past = measure.history.map((reading) => ({
    dueDate: reading.due_date,
    value: reading.value,
    note: reading.note,
    expected: expectedAt(measure, reading.due_date),
    current: false,
  }));
  const { current } = measure;
  if (current.due_date === null) return past;
  return [
    ...past,
    {
      dueDate: current.due_date,
      value: current.value,
      note: current.note,
      expected: expectedAt(measure, current.due_date),
      current: true,
    },
  ];
}

/** A date-only value (a target date) read as that calendar day wherever the browser is. */
export const calendarDay = (date: string) => `${date.slice(0, 10)}T00:00:00Z`;
