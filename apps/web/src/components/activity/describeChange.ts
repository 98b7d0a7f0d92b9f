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
  INITIATIVE_STATUSES,
  PEOPLE_FIELDS,
  plainText,
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

function valueText(field: string, value: unknown): string {
  if (field === 'status' && isStatus(value)) return INITIATIVE_STATUSES[value].label;
  return readableText(value);
}

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

/** A notification setting's stored value in the words of the settings page. */
function settingText(field: string, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? ACTIVITY_MESSAGES.yes : ACTIVITY_MESSAGES.no;
  if (field === 'first_progress_update' && typeof value === 'string') return wallClockText(value);
  if (field === 'time_zone' && typeof value === 'string') return value.replaceAll('_', ' ');
  if (field === 'team_reminders' && Array.isArray(value)) return value.map(reminderText).join('; ');
  return readableText(value);
}

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

export function describeChange(item: ActivityItem): ChangeSummary {
  const { field } = item.latest;
  const before = item.earliest.oldValue;
  const after = item.latest.newValue;
  if (field === null) {
    return after === null || after === undefined
      ? { kind: 'record', action: 'removed', title: recordTitle(before) }
      : { kind: 'record', action: isRestore(after) ? 'restored' : 'added', title: recordTitle(after) };
  }
  if (field === 'approval') {
    return {
      kind: 'approval',
      text: isApprovalStep(after) ? APPROVAL_STEP_TEXT[after] : readableText(after),
    };
  }
  if (field === 'sort_index') return { kind: 'moved' };
  if (item.latest.model === 'notificationSettings') {
    return { kind: 'text', before: settingText(field, before), after: settingText(field, after) };
  }
  if (PEOPLE_FIELDS.includes(field) || Array.isArray(before) || Array.isArray(after)) {
    return peopleChange(before, after);
  }
  return { kind: 'text', before: valueText(field, before), after: valueText(field, after) };
}
