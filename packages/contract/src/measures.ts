/**
 * Measures (DESIGN §10): numbers with a target on an initiative or a focus area, read once per
 * due date beside the progress comments. The wire shapes, their messages and the rules of what
 * a definition may say; what the numbers mean (progress, expected line, suggestion) is in
 * measureMath.ts.
 */
import { type DecimalProblem, parseDecimal } from './decimals';
import { versionInput } from './history';
import { LIMITS } from './limits';
import { idSchema } from './primitives';
import { dateTimeInput } from './progress';
import { z } from './z';

export const MEASURE_DIRECTIONS = ['increase', 'decrease', 'at_least', 'at_most'] as const;
export type MeasureDirection = (typeof MEASURE_DIRECTIONS)[number];
export const MEASURE_UNITS = ['number', 'percent', 'currency'] as const;
export type MeasureUnit = (typeof MEASURE_UNITS)[number];

/** How each direction reads in a picker and beside a target. */
export const DIRECTION_LABELS: Record<MeasureDirection, string> = {
  increase: 'Increase to',
  decrease: 'Decrease to',
  at_least: 'Stay at or above',
  at_most: 'Stay at or below',
};
export const UNIT_LABELS: Record<MeasureUnit, string> = {
  number: 'Number',
  percent: 'Percent',
  currency: 'Currency',
};

export const MEASURE_MESSAGES = {
  titleRequired: 'A measure needs a title.',
  titleTooLong: `A measure's title can have at most ${LIMITS.measureTitle} characters.`,
  unknownUnit: 'Unit must be number, percent or currency.',
  unknownDirection: 'Direction must be increase, decrease, at_least or at_most.',
  currencyRequired: 'A currency measure needs an ISO 4217 currency code, such as EUR or USD.',
  unknownCurrency: (code: string) => `${code} is not an ISO 4217 currency code.`,
  currencyWithoutCurrencyUnit: 'Only a currency measure has a currency code.',
  unitLabelTooLong: `A unit label can have at most ${LIMITS.measureUnitLabel} characters.`,
  decimals: `Decimals must be a whole number from 0 to ${LIMITS.measureDecimalsMax}.`,
  notANumber: (field: string) => `${field} must be a number.`,
  tooPrecise: (field: string) =>
    `${field} can have at most ${LIMITS.measureSignificantDigits} significant digits.`,
  tooManyDecimals: (field: string, decimals: number) =>
    decimals === 0
      ? `${field} must be a whole number for this measure.`
      : `${field} can have at most ${decimals} decimals for this measure.`,
  targetEqualsBaseline: 'For increase or decrease the target must differ from the baseline.',
  increaseBelowBaseline: 'To increase, the target must be above the baseline.',
  decreaseAboveBaseline: 'To decrease, the target must be below the baseline.',
  invalidTargetDate: 'Enter the target date as YYYY-MM-DD.',
  amberBand: `The amber band must be a percentage from 0 to ${LIMITS.measureAmberBandMax}.`,
  oneOwner: 'A measure belongs to exactly one initiative or one focus area.',
  tooManyOnInitiative: `An initiative can have at most ${LIMITS.measuresPerItem} measures.`,
  tooManyOnFocusArea: `A focus area can have at most ${LIMITS.measuresPerItem} measures.`,
  notFound: 'Measure not found.',
  noteTooLong: `A reading's note can have at most ${LIMITS.readingNote} characters.`,
  readingLocked: 'This due date is locked: its readings are part of the history now.',
  unknownDueDate: 'That is not the current due date of this strategy.',
  deleteConfirm: (title: string) =>
    `Delete the measure "${title}" and its readings? It can be restored from the deleted records for 30 days.`,
} as const;

/** Is `code` an ISO 4217 currency this runtime knows (every current browser and Node 20 list them)? */
export function isCurrencyCode(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  return Intl.supportedValuesOf('currency').includes(code);
}

/** A decimal on the wire: a JSON number or a decimal string, read exactly (decimals.ts). */
export function decimalInput(field: string, maxDecimals: number = LIMITS.measureDecimalsMax) {
  return z
    .union([z.string().max(64), z.number()], { error: MEASURE_MESSAGES.notANumber(field) })
    .transform((raw, context) => {
      const parsed = parseDecimal(raw, LIMITS.measureSignificantDigits, maxDecimals);
      if ('value' in parsed) return parsed.value;
      context.addIssue({ code: 'custom', message: decimalMessage(field, parsed.problem, maxDecimals) });
      return z.NEVER;
    });
}

export function decimalMessage(field: string, problem: DecimalProblem, decimals: number): string {
  if (problem === 'notANumber') return MEASURE_MESSAGES.notANumber(field);
  if (problem === 'tooPrecise') return MEASURE_MESSAGES.tooPrecise(field);
  return MEASURE_MESSAGES.tooManyDecimals(field, decimals);
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const targetDate = z.string({ error: MEASURE_MESSAGES.invalidTargetDate }).refine((value) => {
  const match = DATE_ONLY.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return (
    date.toISOString().startsWith(value) &&
    Math.abs(date.getUTCFullYear() - new Date().getUTCFullYear()) <= 50
  );
}, MEASURE_MESSAGES.invalidTargetDate);

const measureTitle = z
  .string({ error: MEASURE_MESSAGES.titleRequired })
  .trim()
  .min(1, MEASURE_MESSAGES.titleRequired)
  .refine((value) => [...value].length <= LIMITS.measureTitle, MEASURE_MESSAGES.titleTooLong);

/**
 * The fields of a definition as sent. Numbers stay raw here: how many decimals baseline and
 * target may have depends on `decimals`, which may come in the same body or be stored already,
 * so the server reads them with `checkDefinition` once it knows the whole definition.
 */
const definitionFields = {
  title: measureTitle,
  unit: z.enum(MEASURE_UNITS, { error: MEASURE_MESSAGES.unknownUnit }),
  currency: z.string().trim().toUpperCase().max(8).nullable(),
  unit_label: z
    .string()
    .trim()
    .refine((value) => [...value].length <= LIMITS.measureUnitLabel, MEASURE_MESSAGES.unitLabelTooLong),
  decimals: z
    .number({ error: MEASURE_MESSAGES.decimals })
    .int(MEASURE_MESSAGES.decimals)
    .min(0, MEASURE_MESSAGES.decimals)
    .max(LIMITS.measureDecimalsMax, MEASURE_MESSAGES.decimals),
  baseline: z.union([z.string().max(64), z.number()], { error: MEASURE_MESSAGES.notANumber('Baseline') }),
  target: z.union([z.string().max(64), z.number()], { error: MEASURE_MESSAGES.notANumber('Target') }),
  /** Null or left out on creation: the strategy's last due date within the coming year (DESIGN §10). */
  target_date: targetDate.nullable(),
  direction: z.enum(MEASURE_DIRECTIONS, { error: MEASURE_MESSAGES.unknownDirection }),
  amber_band: decimalInput('The amber band', 2),
};

export const createMeasureRequest = z
  .object({
    initiative: idSchema.optional(),
    focus_area: idSchema.optional(),
    ...definitionFields,
    currency: definitionFields.currency.optional(),
    unit_label: definitionFields.unit_label.optional(),
    decimals: definitionFields.decimals.optional(),
    target_date: definitionFields.target_date.optional(),
    amber_band: definitionFields.amber_band.optional(),
  })
  .refine((body) => (body.initiative === undefined) !== (body.focus_area === undefined), {
    message: MEASURE_MESSAGES.oneOwner,
    path: ['initiative'],
  })
  .meta({ id: 'CreateMeasureRequest' });
export type CreateMeasureRequest = z.infer<typeof createMeasureRequest>;

export const updateMeasureRequest = z
  .object({
    title: definitionFields.title.optional(),
    unit: definitionFields.unit.optional(),
    currency: definitionFields.currency.optional(),
    unit_label: definitionFields.unit_label.optional(),
    decimals: definitionFields.decimals.optional(),
    baseline: definitionFields.baseline.optional(),
    target: definitionFields.target.optional(),
    target_date: targetDate.optional(),
    direction: definitionFields.direction.optional(),
    amber_band: definitionFields.amber_band.optional(),
    version: versionInput.optional(),
  })
  .meta({ id: 'UpdateMeasureRequest' });
export type UpdateMeasureRequest = z.infer<typeof updateMeasureRequest>;

/** A whole definition once stored and sent values are put together, with its numbers exact. */
export interface MeasureDefinition {
  title: string;
  unit: MeasureUnit;
  currency: string | null;
  unit_label: string;
  decimals: number;
  baseline: string;
  target: string;
  target_date: string;
  direction: MeasureDirection;
  amber_band: string;
}

/**
 * Checks a whole definition (the server, after merging a change into what is stored; the web
 * form, before saving): the unit and its currency, baseline and target within the measure's
 * decimals, and a direction that agrees with them. Returns the definition with canonical
 * numbers, or the first problem in words.
 */
export function checkDefinition(
  definition: Omit<MeasureDefinition, 'baseline' | 'target'> & {
    baseline: string | number;
    target: string | number;
  },
): { definition: MeasureDefinition } | { problem: string } {
  const { unit, currency, decimals, direction } = definition;
  if (unit === 'currency' && !currency) return { problem: MEASURE_MESSAGES.currencyRequired };
  if (unit === 'currency' && currency && !isCurrencyCode(currency))
    return { problem: MEASURE_MESSAGES.unknownCurrency(currency.slice(0, 8)) };
  if (unit !== 'currency' && currency) return { problem: MEASURE_MESSAGES.currencyWithoutCurrencyUnit };
  const numbers: Record<'baseline' | 'target', string> = { baseline: '', target: '' };
  for (const [field, label] of [
    ['baseline', 'Baseline'],
    ['target', 'Target'],
  ] as const) {
    const parsed = parseDecimal(definition[field], LIMITS.measureSignificantDigits, decimals);
    if ('problem' in parsed) return { problem: decimalMessage(label, parsed.problem, decimals) };
    numbers[field] = parsed.value;
  }
  const gap = Number(numbers.target) - Number(numbers.baseline);
  if ((direction === 'increase' || direction === 'decrease') && numbers.target === numbers.baseline)
    return { problem: MEASURE_MESSAGES.targetEqualsBaseline };
  if (direction === 'increase' && gap < 0) return { problem: MEASURE_MESSAGES.increaseBelowBaseline };
  if (direction === 'decrease' && gap > 0) return { problem: MEASURE_MESSAGES.decreaseAboveBaseline };
  if (Number(definition.amber_band) < 0 || Number(definition.amber_band) > LIMITS.measureAmberBandMax)
    return { problem: MEASURE_MESSAGES.amberBand };
  return {
    definition: {
      ...definition,
      currency: unit === 'currency' ? (currency ?? null) : null,
      baseline: numbers.baseline,
      target: numbers.target,
    },
  };
}

/** PATCH /measures/reading/{id}/: the current due date's value (null: "No reading") and note. */
export const writeReadingRequest = z
  .object({
    /** Checked against the measure's decimals by the server. */
    value: z
      .union([z.string().max(64), z.number()], { error: MEASURE_MESSAGES.notANumber('The value') })
      .nullable()
      .optional(),
    note: z
      .string()
      .refine((value) => [...value].length <= LIMITS.readingNote, MEASURE_MESSAGES.noteTooLong)
      .optional(),
    /**
     * The due date the writer means (ISO instant), so a tab left open past a due date is told
     * (409) instead of writing into the next period. Left out: the current one.
     */
    due_date: z.string().max(40).optional(),
    version: versionInput.optional(),
  })
  .meta({ id: 'WriteReadingRequest' });
export type WriteReadingRequest = z.infer<typeof writeReadingRequest>;

/**
 * POST /api/measures/{id}/readings/ (issue 32): a script records a measure's reading for the
 * current due date with a read-and-write access token. The same value again changes nothing and
 * answers the same; a new value replaces it, as the progress page's edit does; a `due_date` that
 * has passed is refused (409), so a late run never writes into the next period.
 */
export const recordReadingRequest = z
  .object({
    value: writeReadingRequest.shape.value.unwrap().unwrap(),
    note: writeReadingRequest.shape.note,
    due_date: writeReadingRequest.shape.due_date,
  })
  .strict()
  .meta({ id: 'RecordReadingRequest' });
export type RecordReadingRequest = z.infer<typeof recordReadingRequest>;

/**
 * POST /locked-readings/: the readings locked at one past due date (the progress page's
 * historical view), named as the locked comments' call names it: an instant, a wall clock in the
 * strategy's time zone, or a bare day (every due date of that day).
 */
export const lockedReadingsRequest = z
  .object({
    strategy_id: idSchema,
    date: dateTimeInput,
  })
  .meta({ id: 'LockedReadingsRequest' });

// ---- answers --------------------------------------------------------------------------------

/** A locked reading: the value a measure had at one past due date. */
export const pastReadingSchema = z
  .object({
    due_date: z.string(),
    value: z.string().nullable(),
    note: z.string(),
  })
  .meta({ id: 'PastReading' });
export type PastReading = z.infer<typeof pastReadingSchema>;

/** A locked reading with the measure it belongs to (POST /locked-readings/). */
export const lockedReadingSchema = pastReadingSchema
  .extend({ measure: z.number() })
  .meta({ id: 'LockedReading' });
export type LockedReading = z.infer<typeof lockedReadingSchema>;

/** The reading being written for the current due date (always there; value null while empty). */
export const currentReadingSchema = z
  .object({
    /** The current due date (the strategy's next progress update), null while none is set. */
    due_date: z.string().nullable(),
    value: z.string().nullable(),
    note: z.string(),
    version: z.number(),
    updated_by: z.number().nullable(),
    updated_at: z.string(),
  })
  .meta({ id: 'CurrentReading' });
export type CurrentReading = z.infer<typeof currentReadingSchema>;

export const measureSchema = z
  .object({
    id: z.number(),
    model: z.literal('measure'),
    strategy: z.number(),
    initiative: z.number().nullable(),
    focus_area: z.number().nullable(),
    title: z.string(),
    unit: z.enum(MEASURE_UNITS),
    currency: z.string().nullable(),
    unit_label: z.string(),
    decimals: z.number(),
    baseline: z.string(),
    target: z.string(),
    target_date: z.string(),
    direction: z.enum(MEASURE_DIRECTIONS),
    amber_band: z.string(),
    /** Where the expected line starts: the strategy's first due date (else the day it was defined). */
    start_date: z.string(),
    sort_index: z.number(),
    version: z.number(),
    current: currentReadingSchema,
    /** The latest locked readings, oldest first (at most LIMITS.readingsOnPage; the CSV has them all). */
    history: z.array(pastReadingSchema),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Measure' });
export type Measure = z.infer<typeof measureSchema>;
