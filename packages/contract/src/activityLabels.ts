/**
 * The Activity panel's words: the days, records added or removed, and the approval steps. The
 * labels of models and fields are in the list of history kinds (historyKinds.ts).
 */
import type { ApprovalStep } from './history';

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
