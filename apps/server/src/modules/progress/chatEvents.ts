/**
 * The progress report and reminders as events for the strategy's Slack and Teams channels
 * (issue 32): recorded in the same transaction as the mails, so a channel hears of a due date
 * exactly when its people are mailed. Only endpoints that chose these events get a delivery;
 * without any, recordWebhookEvent writes nothing.
 */
import { CHAT_REPORT_MAX_ITEMS, type ChatReportSummary } from '@keystone/contract';
import { recordWebhookEvent } from '../../core/webhookEvents';
import type { Queryable } from '../../db/client';
import { isoInZone } from '../../lib/schedule';
import type { ReportContent } from '../../mail/progressMails';
import { initiativeTitleText } from '../../mail/reportParts';
import { summarise } from '../../mail/reportSummary';

/** The report's summary, its lists cut to CHAT_REPORT_MAX_ITEMS each (the page has the rest). */
export function chatReportSummary(report: ReportContent): ChatReportSummary {
  const summary = summarise(report);
  const changes =
    summary.changes?.map((change) => ({ ...change, title: initiativeTitleText(change.title) })) ?? null;
  const roadblocks = summary.newRoadblocks.map((roadblock) => initiativeTitleText(roadblock.title));
  const more =
    Math.max(0, (changes?.length ?? 0) - CHAT_REPORT_MAX_ITEMS) +
    Math.max(0, roadblocks.length - CHAT_REPORT_MAX_ITEMS);
  return {
    counts: summary.counts
      .filter((entry) => entry.count > 0)
      .map(({ code, count }) => ({ status: code, count })),
    changes: changes?.slice(0, CHAT_REPORT_MAX_ITEMS) ?? null,
    new_roadblocks: roadblocks.slice(0, CHAT_REPORT_MAX_ITEMS),
    more,
  };
}

interface ChatEventOf {
  organisationId: number;
  strategyId: number;
  strategyTitle: string;
  dueDate: Date;
  timeZone: string;
  link: string;
  at: Date;
}

const dataOf = (event: ChatEventOf) => ({
  strategy_title: event.strategyTitle,
  due_date: isoInZone(event.dueDate, event.timeZone),
  time_zone: event.timeZone,
  url: event.link,
});

export function recordReportEvent(db: Queryable, event: ChatEventOf, report: ReportContent): Promise<number> {
  return recordWebhookEvent(db, {
    organisationId: event.organisationId,
    strategyId: event.strategyId,
    type: 'progress.report',
    data: { ...dataOf(event), report: chatReportSummary(report) },
    at: event.at,
  });
}

export function recordReminderEvent(db: Queryable, event: ChatEventOf): Promise<number> {
  return recordWebhookEvent(db, {
    organisationId: event.organisationId,
    strategyId: event.strategyId,
    type: 'progress.reminder',
    data: dataOf(event),
    at: event.at,
  });
}

/** The due date's updates were locked (standard endpoints that chose `progress.locked`). */
export function recordLockedEvent(db: Queryable, event: ChatEventOf): Promise<number> {
  return recordWebhookEvent(db, {
    organisationId: event.organisationId,
    strategyId: event.strategyId,
    type: 'progress.locked',
    data: dataOf(event),
    at: event.at,
  });
}
