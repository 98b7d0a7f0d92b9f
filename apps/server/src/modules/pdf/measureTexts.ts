/**
 * What both PDFs print of a measure (issue 30): its latest value against its target in one line
 * (as the board says it), its definition in words, and a row per due date of its readings against
 * the expected values. The numbers are read with the contract's measureMath, as the pages read them.
 */
import {
  DIRECTION_LABELS,
  expectedAt,
  formatDay,
  formatMeasureValue,
  latestValue,
  MEASURE_TEXT,
  type Measure,
  measureSuggestion,
  PDF_MESSAGES,
  SUGGESTION_LABELS,
  suggestionFor,
} from '@keystone/contract';

/** "€1,200.00 of €2,000.00 · Suggested: Off track", or "No reading yet, target €2,000.00". */
export function measureStanding(measure: Measure): string {
  const latest = latestValue(measure);
  const target = formatMeasureValue(measure, measure.target);
  if (!latest) return MEASURE_TEXT.noReadingOfTarget(target);
  const standing = MEASURE_TEXT.valueOfTarget(formatMeasureValue(measure, latest.value), target);
  const suggestion = measureSuggestion(measure);
  return suggestion ? `${standing} · ${MEASURE_TEXT.suggested(suggestion)}` : standing;
}

/** "Revenue: €1,200.00 of €2,000.00 · Suggested: Off track" */
export const measureLine = (measure: Measure): string =>
  PDF_MESSAGES.measureLine(measure.title, measureStanding(measure));

/** "Increase to €2,000.00 by 12/31/2026 · Baseline €1,000.00 · Amber band 10 %" */
export const measureDefinition = (measure: Measure): string =>
  PDF_MESSAGES.measureDefinition(
    MEASURE_TEXT.definition(
      DIRECTION_LABELS[measure.direction],
      formatMeasureValue(measure, measure.target),
      // A calendar day: read in UTC, so no zone moves it.
      formatDay(measure.target_date, 'UTC'),
    ),
    MEASURE_TEXT.baselineAt(formatMeasureValue(measure, measure.baseline)),
    measure.amber_band,
  );

export interface ReadingRow {
  dueDate: string;
  value: string;
  expected: string;
  suggested: string;
}

/** The locked readings, oldest first, then the current due date's. */
export function readingRows(measure: Measure, timeZone: string): ReadingRow[] {
  const readings = [
    ...measure.history.map((reading) => ({ ...reading, current: false })),
    ...(measure.current.due_date
      ? [{ due_date: measure.current.due_date, value: measure.current.value, current: true }]
      : []),
  ];
  return readings.map((reading) => {
    const day = formatDay(reading.due_date, timeZone);
    return {
      dueDate: reading.current ? PDF_MESSAGES.currentDueDate(day) : day,
      value: reading.value === null ? MEASURE_TEXT.noReading : formatMeasureValue(measure, reading.value),
      expected: formatMeasureValue(measure, expectedAt(measure, reading.due_date)),
      suggested:
        reading.value === null
          ? '—'
          : SUGGESTION_LABELS[suggestionFor(measure, reading.value, reading.due_date)],
    };
  });
}
