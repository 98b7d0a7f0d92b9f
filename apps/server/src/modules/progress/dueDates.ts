/**
 * What happens when a due date or a reminder moment comes (DESIGN §6). Each is one transaction
 * that claims its settings row with FOR UPDATE SKIP LOCKED, so two server instances never do the
 * same work, and advances the row, so a crash before commit leaves the work to be done again and
 * a commit means it is never done twice. Mails go into the outbox in that same transaction.
 */

import { parseRecipients } from '@keystone/contract';
import { and, asc, eq, gt, inArray, lte, min, sql } from 'drizzle-orm';
import { publish, type RealtimeEvent, structureChange } from '../../core/events';
import { viewersOf } from '../../core/strategyAccess';
import { loadFocusAreas } from '../../core/strategyPageQueries';
import type { Db, Queryable } from '../../db/client';
import {
  focusAreas,
  initiativeMembers,
  initiatives,
  notificationSettings,
  strategies,
  strategyMasters,
  teamReminders,
  users,
} from '../../db/schema';
import { dueAt, nextReminder } from '../../lib/schedule';
import { enqueueMail } from '../../mail/outbox';
import { progressReminderMail, progressReportMail, type ReportContent } from '../../mail/progressMails';
import { recordLockedEvent, recordReminderEvent, recordReportEvent } from './chatEvents';
import { lockUpdates } from './lockUpdates';
import { reportContent, reportMeasures, statesAt } from './reportContent';
import { scheduleOf } from './settings';

type SettingsRow = typeof notificationSettings.$inferSelect;
type Role = 'owner' | 'sponsor' | 'team_member';

/** What a chat channel's event of this due date says (chatEvents.ts). */
const chatEventOf = (
  strategy: typeof strategies.$inferSelect,
  row: SettingsRow,
  due: Date,
  now: Date,
  appUrl: string,
) => ({
  organisationId: strategy.organisationId,
  strategyId: strategy.id,
  strategyTitle: strategy.title,
  dueDate: due,
  timeZone: row.timeZone,
  link: progressLink(appUrl, strategy.id),
  at: now,
});

/** The scheduler's events carry user id 0: nobody in particular made the change. */
const SCHEDULER_USER_ID = 0;

export const progressLink = (appUrl: string, strategyId: number) => `${appUrl}/progress-update/${strategyId}`;

/** Distinct e-mail addresses (case-insensitive) of the chosen groups of a strategy's people; deactivated people get nothing. */
async function recipientsOf(
  db: Queryable,
  strategyId: number,
  groups: { masters: boolean; roles: Role[]; extra?: string[] },
): Promise<string[]> {
  const emails: string[] = [];
  if (groups.masters) {
    const masters = await db
      .select({ email: users.email })
      .from(strategyMasters)
      .innerJoin(users, eq(users.id, strategyMasters.userId))
      .where(and(eq(strategyMasters.strategyId, strategyId), eq(users.isActive, true)));
    emails.push(...masters.map((row) => row.email));
  }
  if (groups.roles.length > 0) {
    const members = await db
      .selectDistinct({ email: users.email })
      .from(initiativeMembers)
      .innerJoin(users, eq(users.id, initiativeMembers.userId))
      .innerJoin(initiatives, eq(initiatives.id, initiativeMembers.initiativeId))
      .innerJoin(focusAreas, eq(focusAreas.id, initiatives.focusAreaId))
      .where(
        and(
          eq(focusAreas.strategyId, strategyId),
          inArray(initiativeMembers.role, groups.roles),
          eq(users.isActive, true),
        ),
      );
    emails.push(...members.map((row) => row.email));
  }
  emails.push(...(groups.extra ?? []));
  return [...new Set(emails.map((email) => email.trim().toLowerCase()))].sort();
}

async function remindersOf(db: Queryable, settingsId: number) {
  return db.select().from(teamReminders).where(eq(teamReminders.settingsId, settingsId));
}

async function progressChanged(db: Queryable, strategyId: number): Promise<RealtimeEvent> {
  const viewers = (await viewersOf(db, [strategyId])).get(strategyId) ?? [];
  return structureChange(
    { userId: SCHEDULER_USER_ID, strategyId, viewers },
    'strategy',
    strategyId,
    'progress',
  );
}

/** The rows processNextDueDate claims. */
const dueDateHasCome = (now: Date) => lte(notificationSettings.nextProgressUpdate, now);
/** The rows sendNextReminder claims: a reminder whose due date has not come too. */
const reminderHasCome = (now: Date) =>
  and(lte(notificationSettings.nextReminderAt, now), gt(notificationSettings.nextProgressUpdate, now));

/**
 * Processes the earliest due date that has come (of a row no other instance holds): locks the
 * current updates (lockUpdates), queues the report and moves the row to its next due date.
 * Returns the number of mails and chat messages queued, or null when nothing was due.
 */
export async function processNextDueDate(db: Db, now: Date, appUrl: string): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(notificationSettings)
      .where(dueDateHasCome(now))
      .orderBy(asc(notificationSettings.nextProgressUpdate))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!row) return null;
    const schedule = scheduleOf(row);
    const due = row.nextProgressUpdate!;
    const [strategy] = await tx.select().from(strategies).where(eq(strategies.id, row.strategyId));

    // The page as it stands at the due date (the same read as GET /strategy/{id}).
    const areas = await loadFocusAreas(tx, row.strategyId);
    const initiativeIds = areas.flatMap((area) => area.initiatives.map((initiative) => initiative.id));
    // What the summary compares with: the states locked at this strategy's previous due date.
    const previousDueDate = row.lastProgressUpdate;
    const previous = await statesAt(tx, initiativeIds, previousDueDate);

    const locked = await lockUpdates(tx, initiativeIds, due);

    const recipients = await recipientsOf(tx, row.strategyId, {
      masters: true,
      roles: [
        ...(row.sendToSponsors ? (['sponsor'] as const) : []),
        ...(row.sendToOwners ? (['owner'] as const) : []),
        ...(row.sendToTeamMembers ? (['team_member'] as const) : []),
      ],
      extra: parseRecipients(row.additionalRecipients),
    });
    const report: ReportContent = {
      strategyTitle: strategy?.title ?? '',
      ambition: strategy?.ambition ?? '',
      dueDate: due,
      timeZone: row.timeZone,
      previousDueDate,
      focusAreas: reportContent(areas, locked, previous),
      measures: reportMeasures(areas),
      link: progressLink(appUrl, row.strategyId),
    };
    const mail = progressReportMail(report);
    for (const to of recipients) await enqueueMail(tx, { to, ...mail });
    const chatMessages = strategy
      ? (await recordReportEvent(tx, chatEventOf(strategy, row, due, now, appUrl), report)) +
        (await recordLockedEvent(tx, chatEventOf(strategy, row, due, now, appUrl)))
      : 0;

    const nextIndex = row.nextDueIndex + 1;
    const nextDue = schedule ? dueAt(schedule, nextIndex) : null;
    const reminders = await remindersOf(tx, row.id);
    await tx
      .update(notificationSettings)
      .set({
        lastProgressUpdate: due,
        nextDueIndex: nextIndex,
        nextProgressUpdate: nextDue,
        nextReminderAt: nextReminder(nextDue, reminders, row.timeZone, row.remindersHandledUntil),
      })
      .where(eq(notificationSettings.id, row.id));
    await publish(tx, [await progressChanged(tx, row.strategyId)]);
    return recipients.length + chatMessages;
  });
}

/**
 * Sends the reminder of a row whose reminder moment has come, unless its due date has already
 * come too (the report is about to go out instead). Moments missed while no server ran are sent
 * late but once: one reminder covers all moments up to now. Returns mails and chat messages queued, or null.
 */
export async function sendNextReminder(db: Db, now: Date, appUrl: string): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [row]: SettingsRow[] = await tx
      .select()
      .from(notificationSettings)
      .where(reminderHasCome(now))
      .orderBy(asc(notificationSettings.nextReminderAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!row) return null;
    const due = row.nextProgressUpdate!;
    const [strategy] = await tx.select().from(strategies).where(eq(strategies.id, row.strategyId));
    const recipients = await recipientsOf(tx, row.strategyId, {
      masters: row.reminderSendToMaster,
      roles: [
        ...(row.reminderSendToSponsors ? (['sponsor'] as const) : []),
        ...(row.reminderSendToOwners ? (['owner'] as const) : []),
        ...(row.reminderSendToTeamMembers ? (['team_member'] as const) : []),
      ],
    });
    const mail = progressReminderMail({
      strategyTitle: strategy?.title ?? '',
      dueDate: due,
      timeZone: row.timeZone,
      now,
      link: progressLink(appUrl, row.strategyId),
    });
    for (const to of recipients) await enqueueMail(tx, { to, ...mail });
    const chatMessages = strategy
      ? await recordReminderEvent(tx, chatEventOf(strategy, row, due, now, appUrl))
      : 0;
    const reminders = await remindersOf(tx, row.id);
    await tx
      .update(notificationSettings)
      .set({ remindersHandledUntil: now, nextReminderAt: nextReminder(due, reminders, row.timeZone, now) })
      .where(eq(notificationSettings.id, row.id));
    return recipients.length + chatMessages;
  });
}

/** The earliest moment any due date or reminder comes, for the scheduler's timer. */
export async function nextWakeUp(db: Queryable): Promise<Date | null> {
  const [row] = await db
    .select({
      at: sql<
        string | null
      >`least(min(${notificationSettings.nextProgressUpdate}), min(${notificationSettings.nextReminderAt}))`,
    })
    .from(notificationSettings);
  return row?.at ? new Date(row.at) : null;
}

/**
 * The earliest due date or reminder moment that has come and still waits for a pass, on any
 * instance, or null: how late the scheduler is (a metric). Each read is a range of its index.
 */
export async function earliestWaitingMoment(db: Queryable, now: Date): Promise<Date | null> {
  const [[dueDate], [reminder]] = await Promise.all([
    db
      .select({ at: min(notificationSettings.nextProgressUpdate) })
      .from(notificationSettings)
      .where(dueDateHasCome(now)),
    db
      .select({ at: min(notificationSettings.nextReminderAt) })
      .from(notificationSettings)
      .where(reminderHasCome(now)),
  ]);
  const moments = [dueDate?.at, reminder?.at].filter((at): at is Date => at instanceof Date);
  return moments.length ? new Date(Math.min(...moments.map((at) => at.getTime()))) : null;
}
