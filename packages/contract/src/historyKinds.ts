/**
 * The kinds of history entries, in one typed list: per model and field (wire names), what the
 * Activity panel calls it, the shape of its old and new values, and whether it can be restored.
 * The server's recording accepts only the fields listed here (a type check), and the panel's
 * labels, folding, wording and restores read it (docs/ARCHITECTURE.md, "Adding a kind of history
 * entry"). `field` null is the record itself: created, deleted or restored.
 */
import { CHARTER_FIELD_LABELS, CHARTER_TEXT_FIELDS, type CharterTextField } from './charter';
import type { ActivityModel } from './history';
import type { LockModel } from './realtime';

/**
 * How a kind's values read (their shape: historyShapes.ts; their wording: the web's
 * describeChange.ts). Steps that mean something on their own (an approval step, a move) are never
 * folded with the same person's next change of the field; edits are.
 */
export const HISTORY_VALUES = {
  /** Rich or plain text. */
  text: { folds: true },
  /** An initiative's status code, read as its label. */
  status: { folds: true },
  /** A day, YYYY-MM-DD. */
  day: { folds: true },
  /** A yes or no shown as stored. */
  flag: { folds: true },
  /** A list of people: who was added and who removed. */
  people: { folds: true },
  /** An approval step; the old value says which charter parts an edit changed ('withdrawn'). */
  approvalStep: { folds: false },
  /** A place among siblings, from 0: the record moved. */
  position: { folds: false },
  /** The settings page's words: a yes or no. */
  yesNo: { folds: true },
  /** A stored wall clock, 2026-12-01T09:00:00, as the settings page shows it. */
  wallClock: { folds: true },
  timeZone: { folds: true },
  count: { folds: true },
  frequencyUnit: { folds: true },
  /** Addresses as typed on the settings page. */
  addresses: { folds: true },
  /** Reminders before the due date. */
  reminders: { folds: true },
  /** A measure's unit and direction, read as the definition dialog names them. */
  measureUnit: { folds: true },
  measureDirection: { folds: true },
} as const satisfies Record<string, { folds: boolean }>;
export type HistoryValueKind = keyof typeof HISTORY_VALUES;

/**
 * How an entry can be undone from the panel: `text` puts the earlier text (or, for a measure, the
 * earlier value as written) back with an ordinary PATCH of the field, `deleted` brings back the deleted record (deletedRecords), `none` neither.
 */
export type HistoryRestore = 'text' | 'deleted' | 'none';

export interface HistoryFieldKind {
  label: string;
  value: HistoryValueKind;
  restore: 'text' | 'none';
}

/** Entries about the record itself: created (its shape: historyShapes.ts), deleted, restored. */
export interface HistoryRecordKind {
  restore: 'deleted' | 'none';
}

interface ModelKinds {
  /** What the whole record is called: its created and deleted entries, its moves. */
  label: string;
  /** Null when no entry about the record itself is recorded. */
  record: HistoryRecordKind | null;
  fields: Readonly<Record<string, HistoryFieldKind>>;
}

const edit = (label: string, value: HistoryValueKind = 'text') =>
  ({ label, value, restore: 'none' }) as const;
const restorableText = (label: string) => ({ label, value: 'text', restore: 'text' }) as const;
/** A measure's field whose earlier value (a string as the dialog or the progress page writes it) can be put back. */
const restorable = <V extends HistoryValueKind>(label: string, value: V) =>
  ({ label, value, restore: 'text' }) as const;

const charterTexts = Object.fromEntries(
  CHARTER_TEXT_FIELDS.map((field) => [field, restorableText(CHARTER_FIELD_LABELS[field])]),
) as Record<CharterTextField, ReturnType<typeof restorableText>>;

export const HISTORY_KINDS = {
  strategy: {
    label: 'Strategy',
    record: { restore: 'none' },
    fields: {
      title: restorableText('Strategy title'),
      ambition: restorableText('Ambition'),
      // Named as the record, as the panel always has.
      status: edit('Strategy', 'flag'),
      strategy_masters: edit('Strategy masters', 'people'),
    },
  },
  focusArea: {
    label: 'Focus area',
    record: { restore: 'deleted' },
    fields: {
      title: restorableText('Focus area title'),
      sort_index: edit('Focus area order', 'position'),
    },
  },
  initiative: {
    label: 'Initiative',
    record: { restore: 'deleted' },
    fields: {
      title: restorableText('Initiative title'),
      ...charterTexts,
      status: edit('Status', 'status'),
      owners: edit('Owners', 'people'),
      sponsors: edit('Sponsors', 'people'),
      team_members: edit('Team members', 'people'),
      approval: edit('Approval', 'approvalStep'),
      sort_index: edit('Initiative order', 'position'),
    },
  },
  timeline: {
    label: 'Timeline row',
    record: { restore: 'none' },
    fields: {
      description: restorableText('Timeline row'),
      start_date: edit('Timeline start date', 'day'),
      end_date: edit('Timeline end date', 'day'),
    },
  },
  comment: {
    label: 'Progress comment',
    record: null,
    fields: { comment: restorableText('Progress comment') },
  },
  // As the strategy settings page names them (its sections and fields).
  notificationSettings: {
    label: 'Notification settings',
    record: null,
    fields: {
      first_progress_update: edit('First progress update', 'wallClock'),
      time_zone: edit('Time zone', 'timeZone'),
      update_frequency_number: edit('Frequency interval', 'count'),
      update_frequency_unit: edit('Frequency unit', 'frequencyUnit'),
      send_to_sponsors: edit('Send the progress report to sponsors', 'yesNo'),
      send_to_owners: edit('Send the progress report to owners', 'yesNo'),
      send_to_team_members: edit('Send the progress report to team members', 'yesNo'),
      additional_recipients: edit('Additional recipients', 'addresses'),
      team_reminders: edit('Reminders', 'reminders'),
      reminder_send_to_master: edit('Send reminders to strategy masters', 'yesNo'),
      reminder_send_to_sponsors: edit('Send reminders to sponsors', 'yesNo'),
      reminder_send_to_owners: edit('Send reminders to owners', 'yesNo'),
      reminder_send_to_team_members: edit('Send reminders to team members', 'yesNo'),
    },
  },
  // A definition's fields as its dialog names them; a reading's value and note as the progress page
  // does. Each can be put back alone (the server checks the definition whole); the decimals, a
  // number, cannot: going back to fewer usually contradicts the baseline and target anyway.
  measure: {
    label: 'Measure',
    record: { restore: 'deleted' },
    fields: {
      title: restorableText('Measure title'),
      unit: restorable('Measure unit', 'measureUnit'),
      currency: restorableText('Measure currency'),
      unit_label: restorableText('Measure unit label'),
      decimals: edit('Measure decimals', 'count'),
      baseline: restorableText('Measure baseline'),
      target: restorableText('Measure target'),
      target_date: restorable('Measure target date', 'day'),
      direction: restorable('Measure direction', 'measureDirection'),
      amber_band: restorableText('Measure amber band'),
      value: restorableText('Reading'),
      note: restorableText('Reading note'),
    },
  },
} as const satisfies Record<ActivityModel, ModelKinds>;

type Kinds = typeof HISTORY_KINDS;

/** The fields a model's history records (the wire names the server may record). */
export type HistoryField<M extends ActivityModel> = M extends ActivityModel
  ? keyof Kinds[M]['fields'] & string
  : never;

/** `T`, which must be one of `U` (else the type check fails where it is used). */
type OneOf<U, T extends U> = T;

/**
 * Models with a text that can be put back: each needs its restore call in the web
 * (api/activityRestore.ts). A put-back text is an ordinary edit of a field, so only lockable models
 * (fields edited one at a time) can have one.
 */
export type TextRestoreModel = OneOf<
  LockModel,
  {
    [M in ActivityModel]: Kinds[M]['fields'][keyof Kinds[M]['fields']] extends infer Kind
      ? Kind extends { restore: 'text' }
        ? M
        : never
      : never;
  }[ActivityModel]
>;

/** Models with entries about the record itself. */
export type HistoryRecordModel = {
  [M in ActivityModel]: Kinds[M]['record'] extends null ? never : M;
}[ActivityModel];

/** Models whose deleted records can be brought back (deletedRecords). */
export type DeletedRestoreModel = {
  [M in ActivityModel]: Kinds[M]['record'] extends { restore: 'deleted' } ? M : never;
}[ActivityModel];

const fieldsOf = (model: ActivityModel): Readonly<Record<string, HistoryFieldKind>> =>
  HISTORY_KINDS[model].fields;

/**
 * The kind of a field's entries; undefined for an entry about the record itself (field null) or a
 * field the list does not know (none is recorded).
 */
export function historyFieldKind(model: ActivityModel, field: string | null): HistoryFieldKind | undefined {
  const fields = fieldsOf(model);
  return field !== null && Object.hasOwn(fields, field) ? fields[field] : undefined;
}

/** The label of an entry: its field's, or its model's for the record itself (or a field not listed). */
export function activityLabel(model: ActivityModel, field: string | null): string {
  return historyFieldKind(model, field)?.label ?? HISTORY_KINDS[model].label;
}

/** Whether a history entry can be undone by putting its text back (and its model says how). */
export function isTextRestorable(model: ActivityModel, field: string | null): model is TextRestoreModel {
  return historyFieldKind(model, field)?.restore === 'text';
}

/** Whether a deletion entry of this model can be undone by bringing the record back. */
export function isDeletedRestorable(model: ActivityModel): model is DeletedRestoreModel {
  return HISTORY_KINDS[model].record?.restore === 'deleted';
}

/**
 * Whether an entry may fold with the same person's next change of its field: not an entry about
 * the record itself, nor a step (an approval step, a move).
 */
export function isFoldable(model: ActivityModel, field: string | null): boolean {
  if (field === null) return false;
  const kind = historyFieldKind(model, field);
  return kind === undefined || HISTORY_VALUES[kind.value].folds;
}
