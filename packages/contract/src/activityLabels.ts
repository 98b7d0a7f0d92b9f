/**
 * How the Activity panel names what changed: a label per model and field, the words of the
 * approval steps and of records added or removed. Field names are the wire (snake_case) names of
 * activity entries; `null` is the record itself (created or deleted).
 */
import { CHARTER_FIELD_LABELS, CHARTER_TEXT_FIELDS } from './charter';
import type { ActivityModel, ApprovalStep } from './history';

export const ACTIVITY_MESSAGES = {
  today: 'Today',
  yesterday: 'Yesterday',
  added: 'added',
  removed: 'removed',
  restored: 'restored',
  moved: 'moved',
  changed: 'changed',
  empty: '(empty)',
  showAll: 'Show all',
  showLess: 'Show less',
  close: 'Close activity',
  loading: 'Loading activity',
  current: 'Current version',
  restorePrevious: 'Restore the text before',
  restoring: 'Restoring…',
  unknownPerson: 'Someone',
  edits: (count: number) => `${count} edits`,
  within: (title: string) => `in ${title}`,
  yes: 'Yes',
  no: 'No',
  /** A reminder as the settings page sets it: "2 days before the due date". */
  reminder: (count: number, unit: string) =>
    `${count} ${count === 1 ? unit : `${unit}s`} before the due date`,
} as const;

/** The approval's steps in words (entries with field `approval`). */
export const APPROVAL_STEP_TEXT: Record<ApprovalStep, string> = {
  requested: 'requested approval of the charter',
  approved: 'approved the charter',
  withdrawn: 'approval withdrawn by an edit',
  unapproved: 'withdrew the approval',
};

/** What a whole record is called, for entries about the record itself (field null) or a move. */
export const ACTIVITY_RECORD_LABELS: Record<ActivityModel, string> = {
  strategy: 'Strategy',
  focusArea: 'Focus area',
  initiative: 'Initiative',
  timeline: 'Timeline row',
  comment: 'Progress comment',
  notificationSettings: 'Notification settings',
};

/** A label per model and field; a field missing here reads as its model's label. */
export const ACTIVITY_FIELD_LABELS: Record<ActivityModel, Readonly<Record<string, string>>> = {
  strategy: { title: 'Strategy title', ambition: 'Ambition', strategy_masters: 'Strategy masters' },
  focusArea: { title: 'Focus area title', sort_index: 'Focus area order' },
  initiative: {
    title: 'Initiative title',
    ...Object.fromEntries(CHARTER_TEXT_FIELDS.map((field) => [field, CHARTER_FIELD_LABELS[field]])),
    status: 'Status',
    owners: 'Owners',
    sponsors: 'Sponsors',
    team_members: 'Team members',
    approval: 'Approval',
    sort_index: 'Initiative order',
  },
  timeline: { description: 'Timeline row', start_date: 'Timeline start date', end_date: 'Timeline end date' },
  comment: { comment: 'Progress comment' },
  // As the strategy settings page names them (its sections and fields).
  notificationSettings: {
    first_progress_update: 'First progress update',
    time_zone: 'Time zone',
    update_frequency_number: 'Frequency interval',
    update_frequency_unit: 'Frequency unit',
    send_to_sponsors: 'Send the progress report to sponsors',
    send_to_owners: 'Send the progress report to owners',
    send_to_team_members: 'Send the progress report to team members',
    additional_recipients: 'Additional recipients',
    team_reminders: 'Reminders',
    reminder_send_to_master: 'Send reminders to strategy masters',
    reminder_send_to_sponsors: 'Send reminders to sponsors',
    reminder_send_to_owners: 'Send reminders to owners',
    reminder_send_to_team_members: 'Send reminders to team members',
  },
};

/** Fields whose values are lists of people: the panel says who was added and who removed. */
export const PEOPLE_FIELDS: readonly string[] = ['strategy_masters', 'owners', 'sponsors', 'team_members'];

export function activityLabel(model: ActivityModel, field: string | null): string {
  if (field === null) return ACTIVITY_RECORD_LABELS[model];
  return ACTIVITY_FIELD_LABELS[model][field] ?? ACTIVITY_RECORD_LABELS[model];
}
