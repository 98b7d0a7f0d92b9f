/**
 * What a measure's numbers say (DESIGN §10), derived and never stored: progress toward the
 * target, the expected value at a due date, the suggested status, and how a value is written.
 * The board, the progress page, the PDFs, the report mail and the portfolio all use these.
 */
import type { Measure, MeasureDirection, MeasureUnit } from './measures';
import type { InitiativeStatus } from './statuses';

/** The suggestion: on track, behind within the amber band, or off track. */
export type Suggestion = 'on_track' | 'behind' | 'off_track';
export const SUGGESTION_LABELS: Record<Suggestion, string> = {
  on_track: 'On track',
  behind: 'Behind',
  off_track: 'Off track',
};
/** Worst last, so a roll-up takes the highest. */
const SUGGESTION_ORDER: readonly Suggestion[] = ['on_track', 'behind', 'off_track'];

type Definition = Pick<
  Measure,
  'direction' | 'baseline' | 'target' | 'amber_band' | 'start_date' | 'target_date'
>;

const isTrend = (direction: MeasureDirection) => direction === 'increase' || direction === 'decrease';

/**
 * Progress toward the target as a fraction: for increase and decrease (value − baseline) /
 * (target − baseline), which may pass 1 or fall below 0; for the stay-at directions 1 when the
 * value meets the target and 0 when it does not.
 */
export function progressOf(
  measure: Pick<Measure, 'direction' | 'baseline' | 'target'>,
  value: string,
): number {
  const v = Number(value);
  const target = Number(measure.target);
  if (measure.direction === 'at_least') return v >= target ? 1 : 0;
  if (measure.direction === 'at_most') return v <= target ? 1 : 0;
  const baseline = Number(measure.baseline);
  return (v - baseline) / (target - baseline);
}

/** Progress as a roll-up counts it: never more than 100 % and never less than 0. */
export const cappedProgress = (progress: number) => Math.min(1, Math.max(0, progress));

/** The mean capped progress of several measures' latest values (null when none has a value). */
export function rollUpProgress(measures: readonly Measure[]): number | null {
  const parts = measures.flatMap((measure) => {
    const latest = latestValue(measure);
    return latest === null ? [] : [cappedProgress(progressOf(measure, latest.value))];
  });
  return parts.length === 0 ? null : parts.reduce((sum, part) => sum + part, 0) / parts.length;
}

const dayOf = (date: string) => Date.parse(`${date.slice(0, 10)}T00:00:00Z`);

/**
 * The value expected at `when` (a date or instant): a straight line from the baseline at the
 * start date to the target at the target date, flat before and after. The stay-at directions
 * expect their target throughout.
 */
export function expectedAt(measure: Definition, when: string): number {
  const baseline = Number(measure.baseline);
  const target = Number(measure.target);
  if (!isTrend(measure.direction)) return target;
  const start = dayOf(measure.start_date);
  const end = dayOf(measure.target_date);
  const at = dayOf(when);
  if (at >= end) return target;
  if (at <= start || end <= start) return baseline;
  return baseline + ((target - baseline) * (at - start)) / (end - start);
}

/**
 * The status the numbers suggest for a value read at `when`. Increase/decrease: on track at or
 * beyond the expected value; behind when short of it by no more than the amber band (a
 * percentage of the whole distance from baseline to target); off track beyond that. Stay at or
 * above/below: on track when the target is met; behind when missed by no more than the band
 * (a percentage of the target); off track beyond.
 */
export function suggestionFor(measure: Definition, value: string, when: string): Suggestion {
  const v = Number(value);
  const target = Number(measure.target);
  const band = Number(measure.amber_band) / 100;
  if (isTrend(measure.direction)) {
    const distance = target - Number(measure.baseline);
    const shortfall = (expectedAt(measure, when) - v) / distance;
    if (shortfall <= 1e-12) return 'on_track';
    return shortfall <= band + 1e-12 ? 'behind' : 'off_track';
  }
  const miss = measure.direction === 'at_least' ? target - v : v - target;
  if (miss <= 0) return 'on_track';
  const allowed = Math.abs(target) * band;
  return miss <= allowed + 1e-12 ? 'behind' : 'off_track';
}

/** The newest value a measure has: the current reading if written, else the latest locked one. */
export function latestValue(measure: Measure): { value: string; when: string; current: boolean } | null {
  if (measure.current.value !== null)
    return {
      value: measure.current.value,
      when: measure.current.due_date ?? measure.current.updated_at,
      current: true,
    };
  for (let i = measure.history.length - 1; i >= 0; i--) {
    const reading = measure.history[i]!;
    if (reading.value !== null) return { value: reading.value, when: reading.due_date, current: false };
  }
  return null;
}

/** The suggestion for a measure's latest value, null without one. */
export function measureSuggestion(measure: Measure): Suggestion | null {
  const latest = latestValue(measure);
  return latest === null ? null : suggestionFor(measure, latest.value, latest.when);
}

/** The worst suggestion among several measures (an initiative's or focus area's), null when none has a value. */
export function worstSuggestion(measures: readonly Measure[]): Suggestion | null {
  let worst: Suggestion | null = null;
  for (const measure of measures) {
    const suggestion = measureSuggestion(measure);
    if (
      suggestion &&
      (worst === null || SUGGESTION_ORDER.indexOf(suggestion) > SUGGESTION_ORDER.indexOf(worst))
    )
      worst = suggestion;
  }
  return worst;
}

/**
 * Whether the owner's status and the numbers' suggestion disagree: On Track against numbers
 * behind or off track, or Delayed/Blocked against numbers on track. Inactive and Completed make
 * no claim about pace, so they never disagree.
 */
export function disagrees(status: InitiativeStatus, suggestion: Suggestion | null): boolean {
  if (suggestion === null) return false;
  if (status === 'OT') return suggestion !== 'on_track';
  if (status === 'DE' || status === 'BL') return suggestion === 'on_track';
  return false;
}

/** A value as people read it, with the measure's decimals, unit and label: "1,250 customers", "12.5 %", "€1,200.00". */
export function formatMeasureValue(
  measure: { unit: MeasureUnit; currency: string | null; decimals: number; unit_label: string },
  value: string | number,
): string {
  const digits = { minimumFractionDigits: measure.decimals, maximumFractionDigits: measure.decimals };
  const number = Number(value);
  const text =
    measure.unit === 'currency' && measure.currency
      ? new Intl.NumberFormat('en-US', { style: 'currency', currency: measure.currency, ...digits }).format(
          number,
        )
      : new Intl.NumberFormat('en-US', digits).format(number);
  const withUnit = measure.unit === 'percent' ? `${text} %` : text;
  return measure.unit_label ? `${withUnit} ${measure.unit_label}` : withUnit;
}

/** Progress as a whole percentage for text: "64 %", "112 %", or "met" / "not met" for stay-at measures. */
export function formatProgress(
  measure: Pick<Measure, 'direction' | 'baseline' | 'target'>,
  value: string,
): string {
  const progress = progressOf(measure, value);
  if (!isTrend(measure.direction)) return progress >= 1 ? 'met' : 'not met';
  return `${Math.round(progress * 100)} %`;
}
