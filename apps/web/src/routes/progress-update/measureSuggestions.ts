/** What an initiative's measures suggest at the due date on display, for the mark beside its status. */
import { type LockedReading, type Measure, type Suggestion, worstSuggestion } from '@keystone/contract';
import type { ProgressEditing } from './progressEditing';

/** A measure as it stood at a locked due date: that date's reading as its latest, nothing after. */
function asAt(measure: Measure, date: string, reading: LockedReading | undefined): Measure {
  const value = reading?.value ?? null;
  return { ...measure, current: { ...measure.current, due_date: date, value }, history: [] };
}

/**
 * The current view: the worst suggestion of the measures' latest values. A locked date: the worst
 * of the readings kept at that date, each read against what was expected then (none while they
 * are not read).
 */
export function initiativeSuggestion(
  measures: Measure[],
  { lockedDate, lockedReadings }: Pick<ProgressEditing, 'lockedDate' | 'lockedReadings'>,
): Suggestion | null {
  if (lockedDate === null) return worstSuggestion(measures);
  if (lockedReadings === null) return null;
  return worstSuggestion(
    measures.map((measure) => asAt(measure, lockedDate, lockedReadings.get(measure.id))),
  );
}
