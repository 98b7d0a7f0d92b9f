/**
 * What a Slack or Teams message says, decided once for both: a title, a first paragraph, the
 * report's counts as facts, short lists, and one link back. slack.ts and teams.ts only lay it out
 * in their platform's format and escape it their platform's way.
 */
import {
  CHAT_MESSAGE_TEXTS,
  type ChatReportSummary,
  formatDueDate,
  INITIATIVE_STATUSES,
  STRATEGY_MESSAGES,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_TEST_EVENT,
  type WebhookPayload,
} from '@keystone/contract';

export interface ChatList {
  heading: string;
  items: string[];
  /** Said when the list is empty. */
  empty?: string;
}

export interface ChatContent {
  title: string;
  text: string;
  facts: { title: string; value: string }[];
  lists: ChatList[];
  link: { label: string; url: string } | null;
}

/**
 * One listed item at most this long: CHAT_REPORT_MAX_ITEMS of them and the "and N more" line fit
 * in one Slack section (SLACK_LIMITS.sectionText), so the count of the rest is never cut off.
 */
const ITEM_MAX_CHARS = 250;

/** Cut to `max` characters, ending with an ellipsis when cut. */
export function cut(value: string, max: number): string {
  const characters = [...value];
  return characters.length <= max ? value : `${characters.slice(0, max - 1).join('')}…`;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const strategyName = (payload: WebhookPayload) =>
  text(payload.data.strategy_title).trim() || STRATEGY_MESSAGES.untitledStrategy;

/** The due date as the mails write it, on the strategy's clock. */
function dueDateOf(payload: WebhookPayload): string {
  const due = text(payload.data.due_date);
  const zone = text(payload.data.time_zone) || 'UTC';
  return due ? formatDueDate(due, zone) : '';
}

const status = (code: keyof typeof INITIATIVE_STATUSES) => INITIATIVE_STATUSES[code].label;

function withMore(items: string[], more: number): string[] {
  return more > 0 ? [...items, CHAT_MESSAGE_TEXTS.more(more)] : items;
}

function reportContent(payload: WebhookPayload, link: string): ChatContent {
  const report = payload.data.report as ChatReportSummary | undefined;
  const lists: ChatList[] = [];
  if (report?.changes === null)
    lists.push({
      heading: CHAT_MESSAGE_TEXTS.reportChanges,
      items: [],
      empty: CHAT_MESSAGE_TEXTS.firstReport,
    });
  else if (report) {
    lists.push({
      heading: CHAT_MESSAGE_TEXTS.reportChanges,
      items: report.changes.map(
        (change) => `${cut(change.title, ITEM_MAX_CHARS)}: ${status(change.from)} → ${status(change.to)}`,
      ),
      empty: CHAT_MESSAGE_TEXTS.noChanges,
    });
  }
  if (report && report.new_roadblocks.length > 0)
    lists.push({
      heading: CHAT_MESSAGE_TEXTS.newRoadblocks,
      items: report.new_roadblocks.map((title) => cut(title, ITEM_MAX_CHARS)),
    });
  const last = lists.at(-1);
  if (last && report) last.items = withMore(last.items, report.more);
  return {
    title: CHAT_MESSAGE_TEXTS.reportTitle(strategyName(payload)),
    text: CHAT_MESSAGE_TEXTS.reportDue(dueDateOf(payload)),
    facts: (report?.counts ?? []).map((entry) => ({
      title: status(entry.status),
      value: String(entry.count),
    })),
    lists:
      report && report.counts.length === 0
        ? [
            { heading: CHAT_MESSAGE_TEXTS.reportCounts, items: [], empty: CHAT_MESSAGE_TEXTS.noInitiatives },
            ...lists,
          ]
        : lists,
    link: link ? { label: CHAT_MESSAGE_TEXTS.openReport, url: link } : null,
  };
}

/** The message for an event, whichever platform it goes to. */
export function chatContent(payload: WebhookPayload): ChatContent {
  const link = text(payload.data.url);
  const none = { facts: [], lists: [] };
  if (payload.type === 'progress.report') return reportContent(payload, link);
  if (payload.type === 'progress.reminder') {
    return {
      ...none,
      title: CHAT_MESSAGE_TEXTS.reminderTitle(strategyName(payload)),
      text: CHAT_MESSAGE_TEXTS.reminderText(dueDateOf(payload)),
      link: link ? { label: CHAT_MESSAGE_TEXTS.writeUpdate, url: link } : null,
    };
  }
  if (payload.type === WEBHOOK_TEST_EVENT) {
    return {
      ...none,
      title: CHAT_MESSAGE_TEXTS.testTitle,
      text: CHAT_MESSAGE_TEXTS.testText(text(payload.data.strategy_title).trim()),
      link: null,
    };
  }
  const label = WEBHOOK_EVENT_LABELS[payload.type as keyof typeof WEBHOOK_EVENT_LABELS] ?? payload.type;
  const subject = [text(payload.data.strategy_title), text(payload.data.initiative_title)]
    .filter(Boolean)
    .join(' › ');
  return {
    ...none,
    title: CHAT_MESSAGE_TEXTS.otherEvent(label, subject),
    text: '',
    link: link ? { label: CHAT_MESSAGE_TEXTS.openReport, url: link } : null,
  };
}

/** The whole message as plain lines: Slack's notification fallback, and what a test reads. */
export function plainText(content: ChatContent): string {
  return [
    content.title,
    content.text,
    content.facts.map((fact) => `${fact.title}: ${fact.value}`).join(', '),
    ...content.lists.map((list) =>
      [
        list.heading,
        ...(list.items.length ? list.items.map((item) => `• ${item}`) : [list.empty ?? '']),
      ].join('\n'),
    ),
    content.link?.url ?? '',
  ]
    .filter(Boolean)
    .join('\n');
}
