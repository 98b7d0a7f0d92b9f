/**
 * What a history item says changed, in words a reader follows: text as plain text (before and
 * after), lists of people as who was added and removed, records added or removed with their
 * title, approval steps in words, notification settings as their page shows them (dates, yes or no,
 * reminders). Values come as the server stored them (wire form).
 */
import {
  ACTIVITY_MESSAGES,
  APPROVAL_STEP_TEXT,
  APPROVAL_STEPS,
  type ApprovalStep,
  DIRECTION_LABELS,
  type HistoryValueKind,
  historyFieldKind,
  INITIATIVE_STATUSES,
  plainText,
  UNIT_LABELS,
} from '@keystone/contract';
import type { ActivityItem } from './activityGroups';

export type ChangeSummary =
  | { kind: 'text'; before: string; after: string }
  | { kind: 'people'; added: string[]; removed: string[] }
  | { kind: 'record'; action: 'added' | 'removed' | 'restored'; title: string }
  | { kind: 'approval'; text: string }
  | { kind: 'moved' };

/** Rich text as one line of plain text: paragraphs and list items are kept apart by a space. */
export function readableText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const spaced = value.replace(/<\/(p|li|h[1-6]|blockquote)>|<br\s*\/?>/gi, ' $&');
  return plainText(spaced).replace(/\s+/g, ' ').trim();
}

const isStatus = (value: unknown): value is keyof typeof INITIATIVE_STATUSES =>
  typeof value === 'string' && Object.hasOwn(INITIATIVE_STATUSES, value);

const statusText = (value: unknown) =>
  isStatus(value) ? INITIATIVE_STATUSES[value].label : readableText(value);

/** "2026-12-01T09:00:00" (the stored wall clock, no zone) as the settings page shows it: 12/01/2026 09:00 AM. */
function wallClockText(value: string): string {
  const parts = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!parts) return value;
  const [, year, month, day, hours, minutes] = parts;
  const hour = Number(hours);
  const twelve = String(hour % 12 === 0 ? 12 : hour % 12).padStart(2, '0');
  return `${month}/${day}/${year} ${twelve}:${minutes} ${hour < 12 ? 'AM' : 'PM'}`;
}

function reminderText(reminder: unknown): string {
  const { offset_number: count, offset_unit: unit } = (reminder ?? {}) as Record<string, unknown>;
  return typeof count === 'number' && typeof unit === 'string'
    ? ACTIVITY_MESSAGES.reminder(count, unit)
    : readableText(reminder);
}

/** A yes or no in the settings page's words. */
const yesNoText = (value: unknown) =>
  typeof value === 'boolean' ? (value ? ACTIVITY_MESSAGES.yes : ACTIVITY_MESSAGES.no) : readableText(value);

interface PersonLike {
  id?: unknown;
  name?: unknown;
  email?: unknown;
}

/** A list entry may be a person (wire form) or a bare user id; both are compared by identity. */
function personKey(person: unknown): string {
  if (typeof person === 'number' || typeof person === 'string') return String(person);
  const { id, email } = (person ?? {}) as PersonLike;
  return typeof id === 'number' ? String(id) : String(email ?? '');
}

function personLabel(person: unknown): string {
  if (typeof person === 'number' || typeof person === 'string') return String(person);
  const { name, email } = (person ?? {}) as PersonLike;
  if (typeof name === 'string' && name) return name;
  return typeof email === 'string' ? email : ACTIVITY_MESSAGES.unknownPerson;
}

function peopleChange(before: unknown, after: unknown): ChangeSummary {
  const oldList = Array.isArray(before) ? before : [];
  const newList = Array.isArray(after) ? after : [];
  const oldKeys = new Set(oldList.map(personKey));
  const newKeys = new Set(newList.map(personKey));
  return {
    kind: 'people',
    added: newList.filter((person) => !oldKeys.has(personKey(person))).map(personLabel),
    removed: oldList.filter((person) => !newKeys.has(personKey(person))).map(personLabel),
  };
}

/** The title a created or deleted record is known by (its title, a row's description, a comment). */
function recordTitle(record: unknown): string {
  if (typeof record !== 'object' || record === null) return readableText(record);
  const fields = record as Record<string, unknown>;
  return readableText(fields.title ?? fields.description ?? fields.comment ?? '');
}

/** A deleted focus area or initiative brought back: the server marks its entry `restored`. */
const isRestore = (record: unknown) =>
  typeof record === 'object' && record !== null && (record as { restored?: unknown }).restored === true;

const isApprovalStep = (value: unknown): value is ApprovalStep =>
  typeof value === 'string' && (APPROVAL_STEPS as readonly string[]).includes(value);

/** A code read by its label (a unit, a direction), or as it is when the list does not know it. */
const labelOf = (labels: Readonly<Record<string, string>>, value: unknown) =>
  typeof value === 'string' && Object.hasOwn(labels, value) ? labels[value]! : readableText(value);

/** Each value kind of the history (the contract's HISTORY_VALUES) read as one value. */
const asText =
  (read: (value: unknown) => string) =>
  (before: unknown, after: unknown): ChangeSummary => ({
    kind: 'text',
    before: before === null || before === undefined ? '' : read(before),
    after: after === null || after === undefined ? '' : read(after),
  });

/** How the panel says what changed, per value kind: adding a kind to HISTORY_VALUES needs its line here. */
const DESCRIBE = {
  text: asText(readableText),
  status: asText(statusText),
  day: asText(readableText),
  flag: asText(readableText),
  people: peopleChange,
  approvalStep: (_before, after) => ({
    kind: 'approval',
    text: isApprovalStep(after) ? APPROVAL_STEP_TEXT[after] : readableText(after),
  }),
  position: () => ({ kind: 'moved' }),
  yesNo: asText(yesNoText),
  wallClock: asText((value) => (typeof value === 'string' ? wallClockText(value) : readableText(value))),
  timeZone: asText((value) => (typeof value === 'string' ? value.replaceAll('_', ' ') : readableText(value))),
  count: asText(readableText),
  frequencyUnit: asText(readableText),
  addresses: asText(readableText),
  reminders: asText((value) =>
    Array.isArray(value) ? value.map(reminderText).join('; ') : readableText(value),
  ),
  measureUnit: asText((value) => labelOf(UNIT_LABELS, value)),
  measureDirection: asText((value) => labelOf(DIRECTION_LABELS, value)),
} satisfies Record<HistoryValueKind, (before: unknown, after: unknown) => ChangeSummary>;

/** A field the list does not know (none is recorded): lists as people, anything else as text. */
const unlisted = (before: unknown, after: unknown): ChangeSummary =>
  Array.isArray(before) || Array.isArray(after)
    ? peopleChange(before, after)
    : asText(readableText)(before, after);

export function describeChange(item: ActivityItem): ChangeSummary {
  const { model, field } = item.latest;
  const before = item.earliest.oldValue;
  const after = item.latest.newValue;
  if (field === null) {
    return after === null || after === undefined
      ? { kind: 'record', action: 'removed', title: recordTitle(before) }
      : { kind: 'record', action: isRestore(after) ? 'restored' : 'added', title: recordTitle(after) };
  }
  const kind = historyFieldKind(model, field);
  return (kind ? DESCRIBE[kind.value] : unlisted)(before, after);
}
