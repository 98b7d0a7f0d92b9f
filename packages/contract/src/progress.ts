/**
 * Progress tracking (spec §2 progress page and settings page, §3, §4, §5, §7; DESIGN §6):
 * notification settings, comments, locked history and the status trend.
 */
import { versionInput } from './history';
import { LIMITS } from './limits';
import { emailSchema, idSchema, isValidEmail } from './primitives';
import { plainText } from './richText';
import { richTextSchema } from './richTextRules';
import { COMMENT_TYPE_ORDER, INITIATIVE_STATUS_CODES } from './statuses';
import { canonicalTimeZone, isKnownTimeZone } from './timeZones';
import { userSummary } from './users';
import { z } from './z';

export const PROGRESS_MESSAGES = {
  timezoneEmpty: 'Timezone should not be empty.',
  unknownTimezone: 'Choose a time zone from the list.',
  frequencyMin: 'Frequency interval must be at least 1',
  frequencyMax: `Frequency interval must be at most ${LIMITS.frequencyMax}`,
  frequencyUnit: 'Frequency unit must be day, week or month.',
  reminderMin: 'Reminder must be at least 1',
  reminderMax: `Reminder must be at most ${LIMITS.reminderOffsetMax}`,
  reminderRequired: 'Interval in reminder is required.',
  reminderUnit: 'Reminder unit must be hour or day.',
  tooManyReminders: `A strategy can have at most ${LIMITS.remindersPerStrategy} reminders.`,
  invalidDateTime: 'Enter a valid date and time.',
  dateTimeOutOfRange: 'The date must be within 50 years of today.',
  invalidTime: 'Enter a time as HH:MM.',
  invalidRecipient: (email: string) => `Invalid email address: ${email}`,
  tooManyRecipients: `At most ${LIMITS.additionalRecipients} additional recipients.`,
  settingsSaved: 'Notification settings have been saved.',
  fetchSettingsFailed: 'Failed to fetch notification settings',
  updateSettingsFailed: 'Failed to update notification settings',
  fetchLockedDatesFailed: 'Failed to fetch locked dates',
  fetchLockedCommentsFailed: 'Failed to fetch locked comments',
  updateCommentFailed: 'Failed to update the comment',
  commentLocked: 'This comment is locked: its due date has passed, so it is part of the history now.',
  commentNotFound: 'Comment not found.',
  additionalRecipientsHelp: `E-mail addresses separated by commas (at most ${LIMITS.additionalRecipients}).`,
  dueDatePassedBeforeSave: 'The due date passed before this text was saved',
  unsavedDraftBelow: 'Your unsaved text is below; it is not in the history.',
  lockedOn: (date: string) => `These are the updates locked on ${date}. Past due dates are read-only.`,
  /** A lock asked for on a comment of a past due date. */
  commentInHistory: 'This comment belongs to a past due date and can no longer be edited.',
  settingsNotFound: 'Notification settings not found.',
  noLockedComments: 'No comments were locked at this date.',
  commentPlaceholder: 'Enter your update.',
  settingsLink: 'Strategy Settings',
  settingsLinkTooltip: 'Go to Strategy Settings to set a due date',
  settingsHeading: 'Settings for:',
} as const;

export const FREQUENCY_UNITS = ['day', 'week', 'month'] as const;
export type FrequencyUnit = (typeof FREQUENCY_UNITS)[number];
export const REMINDER_UNITS = ['hour', 'day'] as const;
export type ReminderUnit = (typeof REMINDER_UNITS)[number];

/** A wall-clock date and time, `YYYY-MM-DDTHH:MM[:SS]`, read in the strategy's time zone. */
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?)?$/;
/** An ISO instant: the same with a `Z` or `±HH:MM` offset. */
const OFFSET_SUFFIX = /(?:Z|[+-]\d{2}:?\d{2})$/i;
const TIME_OF_DAY = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A date-time as the client sent it: an instant (with an offset) or a wall-clock time in the
 * strategy's time zone (without one), or a bare date (the first progress update takes its time
 * from update_time; a locked-comments query matches the whole day).
 */
export type DateTimeInput =
  | { kind: 'instant'; epochMs: number }
  | { kind: 'local'; date: string; time: string | null };

function validDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function withinYears(year: number, years: number, now = new Date()): boolean {
  return Math.abs(year - now.getUTCFullYear()) <= years;
}

export const dateTimeInput = z
  .string({ error: PROGRESS_MESSAGES.invalidDateTime })
  .max(40, PROGRESS_MESSAGES.invalidDateTime)
  .transform((raw, context): DateTimeInput => {
    const value = raw.trim();
    const fail = (message: string) => {
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (OFFSET_SUFFIX.test(value) && /T/i.test(value)) {
      const epochMs = Date.parse(value);
      if (Number.isNaN(epochMs)) return fail(PROGRESS_MESSAGES.invalidDateTime);
      if (!withinYears(new Date(epochMs).getUTCFullYear(), 50))
        return fail(PROGRESS_MESSAGES.dateTimeOutOfRange);
      return { kind: 'instant', epochMs };
    }
    const match = LOCAL_DATE_TIME.exec(value);
    if (!match) return fail(PROGRESS_MESSAGES.invalidDateTime);
    const [, year, month, day, hour, minute, second] = match;
    if (!validDate(Number(year), Number(month), Number(day))) return fail(PROGRESS_MESSAGES.invalidDateTime);
    if (!withinYears(Number(year), 50)) return fail(PROGRESS_MESSAGES.dateTimeOutOfRange);
    if (hour === undefined) return { kind: 'local', date: `${year}-${month}-${day}`, time: null };
    if (Number(hour) > 23 || Number(minute) > 59 || Number(second ?? 0) > 59)
      return fail(PROGRESS_MESSAGES.invalidDateTime);
    return { kind: 'local', date: `${year}-${month}-${day}`, time: `${hour}:${minute}:${second ?? '00'}` };
  });

/** `HH:MM` or `HH:MM:SS`, 24-hour clock; normalised to `HH:MM:SS`. */
export const timeOfDay = z
  .string({ error: PROGRESS_MESSAGES.invalidTime })
  .trim()
  .max(20, PROGRESS_MESSAGES.invalidTime)
  .transform((value, context) => {
    const match = TIME_OF_DAY.exec(value);
    if (!match || Number(match[1]) > 23 || Number(match[2]) > 59 || Number(match[3] ?? 0) > 59) {
      context.addIssue({ code: 'custom', message: PROGRESS_MESSAGES.invalidTime });
      return z.NEVER;
    }
    return `${match[1]}:${match[2]}:${match[3] ?? '00'}`;
  });

/** Spec §5: strip markup, split on commas, trim; every part must be an e-mail. Stored as plain text. */
export function parseRecipients(text: string | null | undefined): string[] {
  if (!text) return [];
  return plainText(text.replace(/<\/p>\s*<p>/gi, ','))
    .split(/[,;\n]/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

const additionalRecipients = z
  .string({ error: PROGRESS_MESSAGES.invalidRecipient('') })
  .max(20_000, PROGRESS_MESSAGES.tooManyRecipients)
  .transform((value, context) => {
    const emails = parseRecipients(value);
    for (const email of emails) {
      if (!isValidEmail(email) || !emailSchema.safeParse(email).success)
        context.addIssue({ code: 'custom', message: PROGRESS_MESSAGES.invalidRecipient(email.slice(0, 80)) });
    }
    if (emails.length > LIMITS.additionalRecipients)
      context.addIssue({ code: 'custom', message: PROGRESS_MESSAGES.tooManyRecipients });
    const unique = [...new Set(emails.map((email) => email.toLowerCase()))];
    return unique.length > 0 ? unique.join(', ') : null;
  })
  .nullable();

const wholeNumber = (messages: { required: string; min: string; max: string }, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value),
    z.number({ error: messages.required }).int(messages.required).min(1, messages.min).max(max, messages.max),
  );

export const reminderInput = z.object({
  offset_number: wholeNumber(
    {
      required: PROGRESS_MESSAGES.reminderRequired,
      min: PROGRESS_MESSAGES.reminderMin,
      max: PROGRESS_MESSAGES.reminderMax,
    },
    LIMITS.reminderOffsetMax,
  ),
  offset_unit: z.enum(REMINDER_UNITS, { error: PROGRESS_MESSAGES.reminderUnit }),
});
export type ReminderInput = z.infer<typeof reminderInput>;

const flag = z.boolean({ error: 'Must be true or false.' });

/**
 * PATCH /notification-settings/update/{strategyId}/: every field optional. id, strategy and the
 * next/last progress update are the server's own and ignored when sent back; send_to_master is
 * always on (spec §2) and ignored too.
 */
export const updateNotificationSettingsRequest = z
  .object({
    first_progress_update: dateTimeInput.nullable().optional(),
    update_time: timeOfDay.nullable().optional(),
    time_zone: z
      .string({ error: PROGRESS_MESSAGES.timezoneEmpty })
      .trim()
      .min(1, { message: PROGRESS_MESSAGES.timezoneEmpty, abort: true })
      .refine(isKnownTimeZone, PROGRESS_MESSAGES.unknownTimezone)
      .transform(canonicalTimeZone)
      .optional(),
    update_frequency_number: wholeNumber(
      {
        required: PROGRESS_MESSAGES.frequencyMin,
        min: PROGRESS_MESSAGES.frequencyMin,
        max: PROGRESS_MESSAGES.frequencyMax,
      },
      LIMITS.frequencyMax,
    ).optional(),
    update_frequency_unit: z.enum(FREQUENCY_UNITS, { error: PROGRESS_MESSAGES.frequencyUnit }).optional(),
    send_to_master: z.unknown().optional(),
    send_to_sponsors: flag.optional(),
    send_to_owners: flag.optional(),
    send_to_team_members: flag.optional(),
    additional_recipients: additionalRecipients.optional(),
    team_reminders: z
      .array(reminderInput, { error: PROGRESS_MESSAGES.reminderRequired })
      .max(LIMITS.remindersPerStrategy, PROGRESS_MESSAGES.tooManyReminders)
      .optional(),
    reminder_send_to_master: flag.optional(),
    reminder_send_to_sponsors: flag.optional(),
    reminder_send_to_owners: flag.optional(),
    reminder_send_to_team_members: flag.optional(),
    version: versionInput.optional(),
  })
  .meta({ id: 'UpdateNotificationSettingsRequest' });
export type UpdateNotificationSettingsRequest = z.infer<typeof updateNotificationSettingsRequest>;

export const teamReminderSchema = z.object({
  id: z.number(),
  notification_settings: z.number(),
  offset_number: z.number(),
  offset_unit: z.enum(REMINDER_UNITS),
});
export type TeamReminder = z.infer<typeof teamReminderSchema>;

/**
 * GET answer. Date-times are ISO instants written with the strategy time zone's offset
 * (e.g. `2026-12-07T09:00:00+01:00`), so the wall-clock time in that zone reads straight off them.
 */
export const notificationSettingsSchema = z
  .object({
    id: z.number(),
    strategy: z.number(),
    first_progress_update: z.string().nullable(),
    next_progress_update: z.string().nullable(),
    last_progress_update: z.string().nullable(),
    time_zone: z.string(),
    update_frequency_number: z.number(),
    update_frequency_unit: z.enum(FREQUENCY_UNITS),
    update_time: z.string().nullable(),
    send_to_master: z.literal(true),
    send_to_sponsors: z.boolean(),
    send_to_owners: z.boolean(),
    send_to_team_members: z.boolean(),
    additional_recipients: z.string().nullable(),
    team_reminders: z.array(teamReminderSchema),
    reminder_send_to_master: z.boolean(),
    reminder_send_to_sponsors: z.boolean(),
    reminder_send_to_owners: z.boolean(),
    reminder_send_to_team_members: z.boolean(),
    version: z.number(),
    /** Not in the spec: the masters' names for the 'Settings for:' heading. */
    strategy_masters: z.array(userSummary),
  })
  .meta({ id: 'NotificationSettings' });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

// ---- comments and history ---------------------------------------------------------------------

export const commentSchema = z
  .object({
    id: z.number(),
    model: z.literal('comment'),
    comment: z.string(),
    comment_type: z.enum(COMMENT_TYPE_ORDER as ['PR', 'RB', 'NS']),
    is_locked: z.boolean(),
    locked_at: z.string().nullable(),
    initiative: z.number(),
    initiative_status: z.enum(INITIATIVE_STATUS_CODES as ['IN', 'CO', 'BL', 'DE', 'OT']).nullable(),
    version: z.number(),
    /** Who wrote the text as it stands, and when (null while nobody has written). */
    author: userSummary.nullable(),
    updated_at: z.string(),
  })
  .meta({ id: 'Comment' });
export type Comment = z.infer<typeof commentSchema>;

export const updateCommentRequest = z
  .object({
    comment: richTextSchema({ max: LIMITS.comment }),
    version: versionInput.optional(),
  })
  .meta({ id: 'UpdateCommentRequest' });

/**
 * POST /locked-comments/: `date` is one of the locked dates: an instant in any ISO form, a
 * wall-clock date-time without offset (read in the strategy's time zone, like the settings), or a
 * bare day (every due date of that day in the strategy's time zone).
 */
export const lockedCommentsRequest = z
  .object({
    strategy_id: idSchema,
    date: dateTimeInput,
  })
  .meta({ id: 'LockedCommentsRequest' });

/** GET /locked-comment-dates/{strategyId}/: ISO instants, newest first. */
export const lockedCommentDatesResponse = z.array(z.string()).meta({ id: 'LockedCommentDates' });

/** Not in the spec: how many initiatives had each status at each due date, oldest first. */
export const statusHistorySchema = z
  .array(
    z.object({
      date: z.string(),
      counts: z.record(z.enum(INITIATIVE_STATUS_CODES as ['IN', 'CO', 'BL', 'DE', 'OT']), z.number()),
    }),
  )
  .meta({ id: 'StatusHistory' });
export type StatusHistory = z.infer<typeof statusHistorySchema>;

/**
 * Spec §9: "MM/DD/YYYY at hh:mm A" with the time zone's abbreviation (or its UTC offset where the
 * zone has no common abbreviation), shown in the strategy's time zone.
 */
export function formatDueDate(iso: string | Date, timeZone: string): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hour12: true,
      timeZoneName: 'short',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.month}/${parts.day}/${parts.year} at ${parts.hour}:${parts.minute} ${String(parts.dayPeriod).toUpperCase()} ${parts.timeZoneName}`;
}
