/**
 * What a strategy's Slack or Teams channel is sent (issue 32): the progress report's summary at
 * each due date and the reminders before it, in each platform's own format (Block Kit, Adaptive
 * Cards), and the test message. The event's `data` carries these small values; the words are here.
 */
import type { InitiativeStatus } from './statuses';

/** The progress report as a chat channel gets it: the summary that opens the mail, no comments. */
export interface ChatReportSummary {
  /** Initiatives per status, in INITIATIVE_STATUS_CODES order; statuses nobody is in left out. */
  counts: { status: InitiativeStatus; count: number }[];
  /** Status changes since the previous due date (at most CHAT_REPORT_MAX_ITEMS); null at the first. */
  changes: { title: string; from: InitiativeStatus; to: InitiativeStatus }[] | null;
  /** Initiatives whose Roadblocks are new since the previous due date (at most CHAT_REPORT_MAX_ITEMS). */
  new_roadblocks: string[];
  /** How many changes and roadblocks were left out of the lists above. */
  more: number;
}

/** Items listed per part of a chat report: a channel message stays short, the page has the rest. */
export const CHAT_REPORT_MAX_ITEMS = 10;

/** Slack's limits for an incoming webhook's message (api.slack.com, Block Kit reference). */
export const SLACK_LIMITS = {
  blocks: 50,
  /** A message's top-level `text` (the fallback for notifications); Slack truncates past 40,000. */
  text: 40_000,
  /** A section block's text. */
  sectionText: 3000,
  /** A header block's plain text. */
  headerText: 150,
  /** A button's text. */
  buttonText: 75,
  /** A button's URL. */
  buttonUrl: 3000,
  /** Elements of a context block. */
  contextElements: 10,
} as const;

export const CHAT_MESSAGE_TEXTS = {
  reportTitle: (strategy: string) => `Progress report: ${strategy}`,
  reportDue: (when: string) => `Due date ${when}`,
  reportCounts: 'Initiatives by status',
  noInitiatives: 'No initiatives yet.',
  reportChanges: 'Status changes since the last due date',
  noChanges: 'No status changed since the last due date.',
  firstReport: 'This is the first progress report of this strategy.',
  newRoadblocks: 'New roadblocks',
  more: (count: number) => `and ${count} more on the page`,
  openReport: 'Open the progress update',
  reminderTitle: (strategy: string) => `Reminder: progress update due for ${strategy}`,
  reminderText: (when: string) =>
    `The next progress update is due on ${when}. Set the status of your initiatives and write their Progress, Roadblocks and Next steps before then.`,
  writeUpdate: 'Write your update',
  testTitle: 'Test message from Keystone',
  testText: (strategy: string) =>
    `This channel is connected to ${strategy ? `"${strategy}"` : 'Keystone'}. It will get the events chosen for it: the progress report at each due date and the reminders before it.`,
  /** Any other event a channel was sent (not chosen for channels today). */
  otherEvent: (label: string, subject: string) => (subject ? `${label}: ${subject}` : label),
} as const;
