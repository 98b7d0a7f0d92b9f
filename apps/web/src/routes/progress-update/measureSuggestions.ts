/** What an initiative's measures suggest at the due date on display, for the mark beside its status. */
import { type Measure, type Suggestion, worstSuggestion } from '@keystone/contract';
import { lockedReading } from './MeasureReading';

/** A measure as it stood at a locked due date: that date's reading as its latest, nothing after. */
function asAt(measure: Measure, date: string): Measure {
  const value = lockedReading(measure, date)?.value ?? null;
  return { ...measure, current: { ...measure.current, due_date: date, value }, history: [] };
}

/**
 * The current view: the worst suggestion of the measures' latest values. A locked date: the worst
 * of the readings kept at that date, each read against what was expected then.
 */
export function initiativeSuggestion(measures: Measure[], lockedDate: string | null): Suggestion | null {
  return worstSuggestion(
    lockedDate === null ? measures : measures.map((measure) => asAt(measure, lockedDate)),
  );
}
