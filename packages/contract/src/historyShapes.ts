/**
 * The shapes of the history's values, per value kind and per record (the list of kinds is in
 * historyKinds.ts): kept apart from the list so the browser's pages, which read the list, do not
 * carry the schemas. The server's tests check every entry it writes against them.
 */
import { approvalWithdrawal } from './charter';
import { type ActivityModel, APPROVAL_STEPS } from './history';
import {
  HISTORY_KINDS,
  type HistoryRecordModel,
  type HistoryValueKind,
  historyFieldKind,
} from './historyKinds';
import { MEASURE_DIRECTIONS, MEASURE_UNITS } from './measures';
import { FREQUENCY_UNITS, REMINDER_UNITS } from './progress';
import { INITIATIVE_STATUS_CODES } from './statuses';
import { userSummary } from './users';
import { z } from './z';

/** A field's value before and after, each null when the field was empty. */
const either = <T extends z.ZodType>(schema: T) => ({ old: schema.nullable(), new: schema.nullable() });

export const HISTORY_VALUE_SHAPES = {
  text: either(z.string()),
  status: either(z.enum(INITIATIVE_STATUS_CODES)),
  day: either(z.string()),
  flag: either(z.boolean()),
  people: either(z.array(userSummary)),
  approvalStep: { old: approvalWithdrawal.nullable(), new: z.enum(APPROVAL_STEPS) },
  position: either(z.number().int().min(0)),
  yesNo: either(z.boolean()),
  wallClock: either(z.string()),
  timeZone: either(z.string()),
  count: either(z.number()),
  frequencyUnit: either(z.enum(FREQUENCY_UNITS)),
  addresses: either(z.string()),
  reminders: either(z.array(z.object({ offset_number: z.number(), offset_unit: z.enum(REMINDER_UNITS) }))),
  measureUnit: either(z.enum(MEASURE_UNITS)),
  measureDirection: either(z.enum(MEASURE_DIRECTIONS)),
} satisfies Record<HistoryValueKind, { old: z.ZodType; new: z.ZodType }>;

/** A created record's title; a restored one says so. */
const titled = z.object({ title: z.string(), restored: z.literal(true).optional() });

/** A record as created (the new value) or deleted (the old value). */
export const HISTORY_RECORD_SHAPES = {
  strategy: titled,
  focusArea: titled,
  initiative: titled,
  timeline: z.object({
    description: z.string().nullable(),
    start_date: z.string().nullable(),
    end_date: z.string().nullable(),
  }),
  measure: titled,
} satisfies Record<HistoryRecordModel, z.ZodType>;

const hasRecord = (model: ActivityModel): model is HistoryRecordModel => HISTORY_KINDS[model].record !== null;

/**
 * Whether an entry is one of the list's kinds, with old and new values of its shape (a created
 * record has no old value, a deleted one no new value).
 */
export function isListedEntry(entry: {
  model: string;
  field: string | null;
  old_value: unknown;
  new_value: unknown;
}) {
  if (!Object.hasOwn(HISTORY_KINDS, entry.model)) return false;
  const model = entry.model as ActivityModel;
  const { old_value: before, new_value: after } = entry;
  if (entry.field === null) {
    return (
      hasRecord(model) &&
      (before === null) !== (after === null) &&
      HISTORY_RECORD_SHAPES[model].safeParse(before ?? after).success
    );
  }
  const kind = historyFieldKind(model, entry.field);
  if (!kind) return false;
  const shape = HISTORY_VALUE_SHAPES[kind.value];
  return shape.old.safeParse(before).success && shape.new.safeParse(after).success;
}
