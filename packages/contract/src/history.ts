/**
 * No lost updates and every change on record: record versions, the stale-edit conflict, and the
 * activity history of a strategy or an initiative.
 */
import { LIMITS } from './limits';
import { digitsAsNumber, idSchema } from './primitives';
import { userSummary } from './users';
import { z } from './z';

export const HISTORY_MESSAGES = {
  stale: 'Someone else changed this after you started editing. Choose which text to keep.',
  badVersion: 'version must be a whole number of 1 or more.',
  keepTheirs: 'Keep theirs',
  useMine: 'Use mine',
  theirText: (name: string) => `${name}'s text`,
  yourText: 'Your text',
  someoneElse: 'Someone else',
  activity: 'Activity',
  noActivity: 'No changes yet.',
  showOlder: 'Show older',
  loadActivityFailed: 'Could not load the activity.',
  restore: 'Restore',
  restoreThis: 'Restore this version',
  restored: 'Restored the earlier text.',
  restoreFailed: 'Could not restore the earlier text.',
  editedBy: (name: string) => `Edited by ${name}`,
  lastEdited: (name: string, when: string) => `Last edited by ${name}, ${when}`,
  lastProgressUpdate: (date: string) => `Last progress update: ${date}`,
} as const;

/** What a history entry is about: the wire `model` of the changed record. */
export const ACTIVITY_MODELS = [
  'strategy',
  'focusArea',
  'initiative',
  'timeline',
  'comment',
  'notificationSettings',
  'measure',
] as const;
export type ActivityModel = (typeof ACTIVITY_MODELS)[number];

/**
 * Field names of entries that are not a column: the approval's steps (`approval`, whose value is
 * one of APPROVAL_STEPS) and moves (`sort_index`). `field` is null for a record created or deleted.
 */
export const APPROVAL_STEPS = ['requested', 'approved', 'withdrawn', 'unapproved'] as const;
export type ApprovalStep = (typeof APPROVAL_STEPS)[number];

/** A PATCH may say which version of the record its edit started from. */
export const versionInput = z.preprocess(
  digitsAsNumber,
  z
    .number({ error: HISTORY_MESSAGES.badVersion })
    .int(HISTORY_MESSAGES.badVersion)
    .min(1, HISTORY_MESSAGES.badVersion)
    .max(2_147_483_647, HISTORY_MESSAGES.badVersion),
);

/**
 * A deleted focus area or initiative stays restorable by the strategy's masters for the server's
 * retention period (DELETED_RETENTION_DAYS), then is purged with its history texts. The deletion's
 * history entry says where it stands: `available` until `until`, `restored`, or `expired`.
 */
export const DELETED_RECORD_STATES = ['available', 'restored', 'expired'] as const;

export const deletedRecordRestore = z.object({
  state: z.enum(DELETED_RECORD_STATES),
  /** The end of the retention period. */
  until: z.string(),
});

export const DELETED_RECORD_MESSAGES = {
  restore: 'Restore',
  restoreNamed: (what: string) => `Restore ${what}`,
  restorableUntil: (date: string) => `Can be restored until ${date}.`,
  restoredSince: 'Restored since.',
  expired: 'Can no longer be restored: the restore period has ended.',
  restoredFocusArea: 'The focus area is back in its place, with its initiatives.',
  restoredInitiative: 'The initiative is back in its place, with its charter, people and progress.',
  restoredMeasure: 'The measure is back, with its readings.',
  restoreFailed: 'Could not restore it.',
  focusAreaNotFound: 'No deleted focus area with this id can be restored.',
  initiativeNotFound: 'No deleted initiative with this id can be restored.',
  measureNotFound: 'No deleted measure with this id can be restored.',
  alreadyRestored: 'It has been restored already.',
  periodEnded: 'Its restore period has ended.',
  strategyFull: 'This strategy already has 5 focus areas: delete one before restoring this one.',
  focusAreaFull: 'Its focus area already has 5 initiatives: delete one before restoring this one.',
  focusAreaDeleted: 'Its focus area has been deleted: restore the focus area first.',
  measureOwnerDeleted: 'Its initiative or focus area has been deleted: restore that first.',
  measuresFull: 'Its initiative or focus area already has 3 measures: delete one before restoring this one.',
} as const;

export const activityEntrySchema = z.object({
  id: z.number(),
  model: z.enum(ACTIVITY_MODELS),
  record_id: z.number(),
  initiative_id: z.number().nullable(),
  field: z.string().nullable(),
  old_value: z.unknown(),
  new_value: z.unknown(),
  /** The record's version after the change. */
  version: z.number(),
  /** Who made it; null for the system (a due date) or a person since removed. */
  user: userSummary.nullable(),
  created_at: z.string(),
  /** On the deletion of a focus area or initiative: whether it can still be restored. */
  restore: deletedRecordRestore.optional(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** GET …/activity/?before=&limit=: newest first; `next_before` pages on (null at the end). */
export const activityPageSchema = z
  .object({
    results: z.array(activityEntrySchema),
    next_before: z.number().nullable(),
  })
  .meta({ id: 'ActivityPage' });
export type ActivityPage = z.infer<typeof activityPageSchema>;

export const activityQuery = z.object({
  before: idSchema.optional().describe('Continue after this entry id (the previous page’s next_before)'),
  limit: z
    .preprocess(
      digitsAsNumber,
      z
        .number({ error: `limit must be a whole number from 1 to ${LIMITS.activityPageMax}.` })
        .int(`limit must be a whole number from 1 to ${LIMITS.activityPageMax}.`)
        .min(1, `limit must be a whole number from 1 to ${LIMITS.activityPageMax}.`)
        .max(LIMITS.activityPageMax, `limit must be a whole number from 1 to ${LIMITS.activityPageMax}.`),
    )
    .optional()
    .describe(`Entries per page (1–${LIMITS.activityPageMax}, default 50)`),
});
export type ActivityQuery = z.infer<typeof activityQuery>;
