/** Initiative charter (spec §2, §4 "Sponsor approval", §5, §7): timelines and sponsor approval. */
import { versionInput } from './history';
import { LIMITS } from './limits';
import { idSchema } from './primitives';
import { richTextSchema } from './richTextRules';
import { userSummary } from './users';
import { z } from './z';

export const CHARTER_MESSAGES = {
  endBeforeStart: 'End date cannot be earlier than start date',
  invalidDate: 'Enter a valid date.',
  dateOutOfRange: 'The date must be within 50 years of today.',
  timelineNotFound: 'Timeline not found.',
  cannotRequestApproval: 'You cannot request approval because you are not the owner of the initiative.',
  cannotApprove: 'You cannot approve this charter because you are not a sponsor of the initiative.',
  approvalRequestSent: 'Approval request email has been sent',
  alreadyApproved: 'The charter is already approved.',
  approved: 'The charter has been approved.',
  approvalWithdrawn: 'The approval has been withdrawn.',
  approvedBy: (name: string, date: string) => `Approved by: ${name} on ${date}`,
  /** When the approval's moment is not known. */
  approvedByUndated: (name: string) => `Approved by: ${name}`,
  /** Names an approver the page cannot name (no longer in the answer). */
  someSponsor: 'a sponsor',
  sendApprovalRequest: 'Request sponsor approval',
  requestApprovalFailed: 'Failed to send the sponsor approval request',
  changeApprovalFailed: 'Failed to change sponsor approval',
  fetchTimelinesFailed: 'Failed to fetch timelines',
  deleteTimelineFailed: 'Failed to delete the timeline',
  createTimelineFailed: 'Failed to create the timeline',
  updateTimelineFailed: 'Failed to update the timeline',
  strategyTeamLink: 'Strategy Team',
  approvalHistory: 'Approval history',
  noApprovalSteps: 'Nobody has asked for approval yet.',
  loadApprovalHistoryFailed: 'Could not load the approval history.',
  approvalSteps: {
    requested: (name: string) => `${name} asked for approval`,
    approved: (name: string) => `${name} approved the charter`,
    unapproved: (name: string) => `${name} withdrew the approval`,
    withdrawn: (name: string, parts: string) => `${name} changed ${parts}, which withdrew the approval`,
  },
  aSponsor: 'a sponsor',
  editWithdrawsApprovalTitle: 'Withdraw the approval?',
  editWithdrawsApproval: (name: string) =>
    `Editing the charter will withdraw ${name}'s approval. The sponsors are told by e-mail, and the owner will need to ask for approval again.`,
  continueEditing: 'Continue',
  cancelEditing: 'Cancel',
} as const;

/**
 * The charter's parts as people read them: the headings of the page, and what a mail or the
 * approval history names when an edit withdrew the approval ('timeline' stands for any row).
 */
export const CHARTER_FIELD_LABELS = {
  problem_statement: 'Problem statement',
  in_scope: 'In scope',
  out_scope: 'Out of scope',
  risks_and_dependencies: 'Risks and dependencies',
  deliverables: 'Deliverables',
  impact: 'Impact',
  investment: 'Investment',
  work_plan: 'Work plan',
  timeline: 'Timeline',
} as const;
export type CharterPart = keyof typeof CHARTER_FIELD_LABELS;

/**
 * The charter's text fields (wire names) in the page's order: every part but the timeline. The
 * server's columns and presenter, the lock rules, the history labels and the web's sections all
 * read this list (docs/ARCHITECTURE.md, "Adding a charter field").
 */
export type CharterTextField = Exclude<CharterPart, 'timeline'>;
export const CHARTER_TEXT_FIELDS = (Object.keys(CHARTER_FIELD_LABELS) as CharterPart[]).filter(
  (part): part is CharterTextField => part !== 'timeline',
);

export const isCharterPart = (name: string): name is CharterPart => Object.hasOwn(CHARTER_FIELD_LABELS, name);

/** The labels of the known parts among `fields`, once each, in the page's order, as words: "Impact and Timeline". */
export function charterPartsInWords(fields: readonly string[]): string {
  const labels = (Object.keys(CHARTER_FIELD_LABELS) as CharterPart[])
    .filter((part) => fields.includes(part))
    .map((part) => CHARTER_FIELD_LABELS[part]);
  if (labels.length <= 1) return labels[0] ?? 'the charter';
  return `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
}

/**
 * The activity entry of an approval step (field 'approval', new_value one of APPROVAL_STEPS) has
 * old_value null, except 'withdrawn' (an edit withdrew it): `{fields}`, the wire names of the
 * charter parts that edit changed (CHARTER_FIELD_LABELS' keys).
 */
export const approvalWithdrawal = z.object({ fields: z.array(z.string()) });
export type ApprovalWithdrawal = z.infer<typeof approvalWithdrawal>;

/** The timeline's column headings (and, on a narrow screen, the labels of a row's stacked cells). */
export const TIMELINE_COLUMNS = { milestone: 'Milestone', start: 'Start date', end: 'End date' } as const;

/** Spec §5: the date pickers cover 50 years either side of today. */
export const DATE_RANGE_YEARS = 50;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is a real calendar day written YYYY-MM-DD. */
export function isCalendarDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** Whether a YYYY-MM-DD day lies within DATE_RANGE_YEARS of `today` (a UTC date). */
export function isWithinDateRange(value: string, today: Date = new Date()): boolean {
  const year = today.getUTCFullYear();
  const earliest = `${String(year - DATE_RANGE_YEARS).padStart(4, '0')}${today.toISOString().slice(4, 10)}`;
  const latest = `${String(year + DATE_RANGE_YEARS).padStart(4, '0')}${today.toISOString().slice(4, 10)}`;
  return value >= earliest && value <= latest;
}

/**
 * A day (spec §5: stored as UTC dates, day granularity): YYYY-MM-DD, or a full ISO timestamp
 * whose UTC day is taken; null clears it.
 */
export const timelineDate = z
  .string({ error: CHARTER_MESSAGES.invalidDate })
  .max(40, CHARTER_MESSAGES.invalidDate)
  .transform((value, context) => {
    const trimmed = value.trim();
    const day = DAY.test(trimmed) ? trimmed : isoDay(trimmed);
    if (day === null || !isCalendarDay(day)) {
      context.addIssue({ code: 'custom', message: CHARTER_MESSAGES.invalidDate });
      return z.NEVER;
    }
    if (!isWithinDateRange(day)) {
      context.addIssue({ code: 'custom', message: CHARTER_MESSAGES.dateOutOfRange });
      return z.NEVER;
    }
    return day;
  })
  .nullable();

function isoDay(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value)) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString().slice(0, 10);
}

/** Spec §5: with both dates set, the end is not before the start. */
export function datesInOrder(start: string | null | undefined, end: string | null | undefined): boolean {
  return !start || !end || end >= start;
}

const description = richTextSchema({ max: LIMITS.charterField, singleLine: true }).nullable();

export const updateTimelineRequest = z
  .object({
    description: description.optional(),
    start_date: timelineDate.optional(),
    end_date: timelineDate.optional(),
    version: versionInput.optional(),
  })
  .meta({ id: 'UpdateTimelineRequest' });
export type UpdateTimelineRequest = z.infer<typeof updateTimelineRequest>;

export const createTimelineRequest = updateTimelineRequest
  .extend({ initiative: idSchema })
  .refine((timeline) => datesInOrder(timeline.start_date, timeline.end_date), {
    message: CHARTER_MESSAGES.endBeforeStart,
    path: ['end_date'],
  })
  .meta({ id: 'CreateTimelineRequest' });
export type CreateTimelineRequest = z.infer<typeof createTimelineRequest>;

export const timelineSchema = z
  .object({
    id: z.number(),
    model: z.literal('timeline'),
    description: z.string().nullable(),
    start_date: z.string().nullable(),
    end_date: z.string().nullable(),
    initiative: z.number(),
    version: z.number(),
  })
  .meta({ id: 'Timeline' });
export type Timeline = z.infer<typeof timelineSchema>;

/** PATCH /initiative-approve/{id}/ answers `{message}`; a refusal carries `error` (and `detail`). */
export const approvalResponse = z
  .object({
    message: z.string(),
    sponsor_approval: z.boolean(),
    sponsor_approval_at: z.string().nullable(),
    sponsor_approval_user: userSummary.nullable(),
  })
  .meta({ id: 'ApprovalResponse' });
export type ApprovalResponse = z.infer<typeof approvalResponse>;
