/**
 * The settings form without React (spec §3, §5, §9): its values, the wall clock of the first
 * progress update, validation with the contract's own request schema (and its messages), the save
 * payload, and where a server's field error belongs.
 */
import {
  type FrequencyUnit,
  LIMITS,
  parseRecipients,
  type ReminderUnit,
  updateNotificationSettingsRequest,
} from '@keystone/contract';
import { format, isValid } from 'date-fns';
import { type FieldError, type FieldErrors, type Resolver, set } from 'react-hook-form';
import type { NotificationSettings, NotificationSettingsUpdate } from '../../api/notificationSettingsWire';
import { dayToDate } from '../../lib/calendarDays';

export interface ReminderValues {
  /** As typed: an empty box is its own error ('Interval in reminder is required.'). */
  offsetNumber: string;
  offsetUnit: ReminderUnit;
}

export interface SettingsFormValues {
  /** The wall-clock time in the strategy's time zone, held as a local Date for the picker. */
  firstProgressUpdate: Date | null;
  timeZone: string;
  updateFrequencyNumber: string;
  updateFrequencyUnit: FrequencyUnit;
  sendToSponsors: boolean;
  sendToOwners: boolean;
  sendToTeamMembers: boolean;
  additionalRecipients: string;
  teamReminders: ReminderValues[];
  reminderSendToMaster: boolean;
  reminderSendToSponsors: boolean;
  reminderSendToOwners: boolean;
  reminderSendToTeamMembers: boolean;
}

/** Spec §9: a new reminder starts at 0 hours, which is invalid until the user sets it. */
export const NEW_REMINDER: ReminderValues = { offsetNumber: '0', offsetUnit: 'hour' };

export const canAddReminder = (count: number) => count < LIMITS.remindersPerStrategy;

/**
 * The server writes date-times with the strategy zone's offset, so their first 16 characters are
 * the wall clock there. The picker shows exactly those components, whatever the browser's zone.
 */
export function wallClockToDate(iso: string | null): Date | null {
  const match = iso ? /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})/.exec(iso) : null;
  const date = match ? dayToDate(match[1] ?? null) : null;
  if (!match || !date) return null;
  date.setHours(Number(match[2]), Number(match[3]));
  return date;
}

/** The picker's Date as the wall clock to send (no offset); undefined while it is no date yet. */
export function dateToWallClock(date: Date | null): string | null | undefined {
  if (date === null) return null;
  if (!isValid(date)) return undefined;
  return format(date, "yyyy-MM-dd'T'HH:mm:00");
}

export function settingsValuesOf(settings: NotificationSettings): SettingsFormValues {
  return {
    firstProgressUpdate: wallClockToDate(settings.firstProgressUpdate),
    timeZone: settings.timeZone,
    updateFrequencyNumber: String(settings.updateFrequencyNumber),
    updateFrequencyUnit: settings.updateFrequencyUnit,
    sendToSponsors: settings.sendToSponsors,
    sendToOwners: settings.sendToOwners,
    sendToTeamMembers: settings.sendToTeamMembers,
    additionalRecipients: parseRecipients(settings.additionalRecipients).join(', '),
    teamReminders: settings.teamReminders.map((reminder) => ({
      offsetNumber: String(reminder.offsetNumber),
      offsetUnit: reminder.offsetUnit,
    })),
    reminderSendToMaster: settings.reminderSendToMaster,
    reminderSendToSponsors: settings.reminderSendToSponsors,
    reminderSendToOwners: settings.reminderSendToOwners,
    reminderSendToTeamMembers: settings.reminderSendToTeamMembers,
  };
}

/** The save call's content; only called with values that passed validation. */
export function settingsUpdateOf(values: SettingsFormValues): NotificationSettingsUpdate {
  return {
    firstProgressUpdate: dateToWallClock(values.firstProgressUpdate) ?? null,
    timeZone: values.timeZone,
    updateFrequencyNumber: Number(values.updateFrequencyNumber),
    updateFrequencyUnit: values.updateFrequencyUnit,
    sendToSponsors: values.sendToSponsors,
    sendToOwners: values.sendToOwners,
    sendToTeamMembers: values.sendToTeamMembers,
    additionalRecipients: values.additionalRecipients.trim() || null,
    teamReminders: values.teamReminders.map((reminder) => ({
      offsetNumber: Number(reminder.offsetNumber),
      offsetUnit: reminder.offsetUnit,
    })),
    reminderSendToMaster: values.reminderSendToMaster,
    reminderSendToSponsors: values.reminderSendToSponsors,
    reminderSendToOwners: values.reminderSendToOwners,
    reminderSendToTeamMembers: values.reminderSendToTeamMembers,
  };
}

/** The values as the server would read them, numbers still as typed, so its schema says what is wrong. */
function asRequest(values: SettingsFormValues) {
  return {
    // A half-typed date is no date: the schema answers with its 'Enter a valid date and time.'.
    first_progress_update:
      values.firstProgressUpdate === null ? null : (dateToWallClock(values.firstProgressUpdate) ?? ''),
    time_zone: values.timeZone,
    update_frequency_number: values.updateFrequencyNumber,
    update_frequency_unit: values.updateFrequencyUnit,
    additional_recipients: values.additionalRecipients,
    team_reminders: values.teamReminders.map((reminder) => ({
      offset_number: reminder.offsetNumber,
      offset_unit: reminder.offsetUnit,
    })),
  };
}

const camelCase = (name: string) =>
  name.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());

const FORM_FIELDS: ReadonlySet<string> = new Set([
  'firstProgressUpdate',
  'timeZone',
  'updateFrequencyNumber',
  'updateFrequencyUnit',
  'sendToSponsors',
  'sendToOwners',
  'sendToTeamMembers',
  'additionalRecipients',
  'teamReminders',
  'reminderSendToMaster',
  'reminderSendToSponsors',
  'reminderSendToOwners',
  'reminderSendToTeamMembers',
]);

/**
 * A wire error key ('time_zone', 'team_reminders.0.offset_number') as the form's field path, or
 * null for keys the form has no field for. A problem with the reminder list as a whole sits on its root.
 */
export function formPathOf(wireKey: string): string | null {
  const path = wireKey.split('.').map(camelCase);
  if (!FORM_FIELDS.has(path[0] ?? '')) return null;
  if (path[0] === 'teamReminders' && path.length === 1) return 'teamReminders.root';
  return path.join('.');
}

/** Validates with the contract's request schema, so the form says exactly what the server would. */
export const settingsResolver: Resolver<SettingsFormValues> = async (values) => {
  const result = updateNotificationSettingsRequest.safeParse(asRequest(values));
  if (result.success) return { values, errors: {} };
  const errors: FieldErrors<SettingsFormValues> = {};
  const seen = new Set<string>();
  for (const issue of result.error.issues) {
    const path = formPathOf(issue.path.join('.'));
    if (path === null || seen.has(path)) continue;
    seen.add(path);
    set(errors, path, { type: 'contract', message: issue.message } satisfies FieldError);
  }
  return { values: {}, errors };
};

/** Every message in the form's errors, once each, in field order (spec §5: listed joined by commas). */
export function errorMessages(errors: FieldErrors<SettingsFormValues>): string[] {
  const messages: string[] = [];
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const { message } = node as { message?: unknown };
    if (typeof message === 'string' && message) {
      messages.push(message);
      return;
    }
    for (const [key, child] of Object.entries(node)) if (key !== 'ref') visit(child);
  };
  for (const field of FORM_FIELDS) visit(errors[field as keyof SettingsFormValues]);
  return [...new Set(messages)];
}
