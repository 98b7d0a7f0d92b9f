/**
 * Notification settings (spec §2 settings page, §3, §7; DESIGN §6): read by anyone who sees the
 * strategy (the progress page needs the current due date), changed by its masters only. Saving a
 * new rhythm recomputes the next due date from now; past due dates are not processed backwards.
 */
import {
  type CamelName,
  camelName,
  canEditStrategy,
  type NotificationSettings,
  type UpdateNotificationSettingsRequest,
} from '@keystone/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { changesOf, ensureNotStale, recordChanges } from '../../core/activityRecord';
import type { Actor } from '../../core/actor';
import type { AppContext } from '../../core/context';
import { changeBy, publish, structureChange } from '../../core/events';
import { createSettings } from '../../core/settingsRow';
import { ensure, loadStrategyAccess } from '../../core/strategyAccess';
import { loadMasters } from '../../core/strategyPageQueries';
import type { Queryable } from '../../db/client';
import { notificationSettings, teamReminders } from '../../db/schema';
import {
  firstDueAfter,
  formatWallClock,
  instantOf,
  isoInZone,
  nextReminder,
  parseWallClock,
  type Schedule,
  wallClockAt,
} from '../../lib/schedule';

type SettingsRow = typeof notificationSettings.$inferSelect;
type ReminderRow = typeof teamReminders.$inferSelect;
type Reminder = Pick<ReminderRow, 'offsetNumber' | 'offsetUnit'>;

/** The time of day a date-only first update gets when none was ever given. */
const DEFAULT_TIME = '09:00:00';

/**
 * What a master sets, by wire name, in the order its changes are recorded. All but the first
 * update and the reminders are kept as sent, each in the column of its name in camelCase.
 */
const SETTINGS_FIELDS = [
  'first_progress_update',
  'time_zone',
  'update_frequency_number',
  'update_frequency_unit',
  'send_to_sponsors',
  'send_to_owners',
  'send_to_team_members',
  'additional_recipients',
  'team_reminders',
  'reminder_send_to_master',
  'reminder_send_to_sponsors',
  'reminder_send_to_owners',
  'reminder_send_to_team_members',
] as const satisfies readonly (keyof UpdateNotificationSettingsRequest & keyof NotificationSettings)[];
type SettingsField = (typeof SETTINGS_FIELDS)[number];
/** The fields kept as sent: of one type as sent, as stored and as answered (a field that is not drops out, and the answer misses it). */
type KeptAsSent = {
  [F in Exclude<SettingsField, 'first_progress_update' | 'team_reminders'>]: [
    Exclude<UpdateNotificationSettingsRequest[F], undefined>,
  ] extends [SettingsRow[CamelName<F>]]
    ? [SettingsRow[CamelName<F>]] extends [NotificationSettings[F]]
      ? F
      : never
    : never;
}[Exclude<SettingsField, 'first_progress_update' | 'team_reminders'>];
const KEPT_AS_SENT = SETTINGS_FIELDS.filter(
  (field): field is KeptAsSent => field !== 'first_progress_update' && field !== 'team_reminders',
);
const columnOf = (field: KeptAsSent) => camelName(field) satisfies keyof SettingsRow;
type KeptColumns = Pick<SettingsRow, ReturnType<typeof columnOf>>;

/** The settings kept as sent, by wire name. */
const keptAsSent = (row: KeptColumns) =>
  Object.fromEntries(KEPT_AS_SENT.map((field) => [field, row[columnOf(field)]])) as Pick<
    NotificationSettings,
    KeptAsSent
  >;

/** The columns of the settings kept as sent after a request: each as sent, else as stored. */
const keptAfter = (input: UpdateNotificationSettingsRequest, row: KeptColumns) =>
  Object.fromEntries(
    KEPT_AS_SENT.map((field) => [
      columnOf(field),
      input[field] === undefined ? row[columnOf(field)] : input[field],
    ]),
  ) as KeptColumns;

async function loadSettings(db: Queryable, strategyId: number, forUpdate = false) {
  const read = async () => {
    const query = db
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.strategyId, strategyId));
    return (forUpdate ? await query.for('update') : await query)[0];
  };
  let row = await read();
  if (!row) {
    await createSettings(db, strategyId);
    row = await read();
  }
  const reminders = await db
    .select()
    .from(teamReminders)
    .where(eq(teamReminders.settingsId, row!.id))
    .orderBy(asc(teamReminders.id));
  return { row: row!, reminders };
}

export function scheduleOf(row: SettingsRow): Schedule | null {
  if (!row.firstProgressUpdate) return null;
  return {
    first: row.firstProgressUpdate,
    timeZone: row.timeZone,
    every: row.updateFrequencyNumber,
    unit: row.updateFrequencyUnit,
  };
}

function present(
  row: SettingsRow,
  reminders: readonly ReminderRow[],
  masters: NotificationSettings['strategy_masters'],
): NotificationSettings {
  const schedule = scheduleOf(row);
  const inZone = (date: Date | null) => (date ? isoInZone(date, row.timeZone) : null);
  return {
    id: row.id,
    strategy: row.strategyId,
    version: row.version,
    first_progress_update: schedule
      ? isoInZone(new Date(instantOf(parseWallClock(schedule.first), row.timeZone)), row.timeZone)
      : null,
    next_progress_update: inZone(row.nextProgressUpdate),
    last_progress_update: inZone(row.lastProgressUpdate),
    ...keptAsSent(row),
    update_time: schedule ? schedule.first.slice(11, 16) : null,
    send_to_master: true,
    team_reminders: reminders.map((reminder) => ({
      id: reminder.id,
      notification_settings: row.id,
      offset_number: reminder.offsetNumber,
      offset_unit: reminder.offsetUnit,
    })),
    strategy_masters: masters,
  };
}

/**
 * What a master sets, by wire name and as stored, for history entries and the stale check: the
 * first update as the stored wall clock (read in the strategy's zone when sent back), the
 * reminders as one list.
 */
function editableValues(row: SettingsRow, reminders: readonly Reminder[]) {
  const values = {
    ...keptAsSent(row),
    first_progress_update: row.firstProgressUpdate?.replace(' ', 'T') ?? null,
    team_reminders: reminders.map((reminder) => ({
      offset_number: reminder.offsetNumber,
      offset_unit: reminder.offsetUnit,
    })),
  };
  // In the order of SETTINGS_FIELDS, which is the order changes are recorded in.
  return Object.fromEntries(SETTINGS_FIELDS.map((field) => [field, values[field]])) as Record<
    SettingsField,
    unknown
  >;
}

export async function getSettings(
  ctx: AppContext,
  user: Actor,
  strategyId: number,
): Promise<NotificationSettings> {
  await loadStrategyAccess(ctx.db, strategyId, user);
  const { row, reminders } = await loadSettings(ctx.db, strategyId);
  return present(row, reminders, await loadMasters(ctx.db, strategyId));
}

/**
 * The stored wall clock of the first progress update after this request. A full date-time wins;
 * a bare date takes update_time (or the time already set); update_time alone moves the time of day.
 */
function resolveFirst(
  input: UpdateNotificationSettingsRequest,
  current: string | null,
  currentZone: string,
  timeZone: string,
): string | null {
  const currentTime = current?.slice(11, 19) ?? null;
  const first = input.first_progress_update;
  if (first === null) return null;
  if (first === undefined) {
    if (!current || !input.update_time) return current;
    return `${current.slice(0, 10)} ${input.update_time}`;
  }
  if (first.kind === 'instant') {
    // The stored wall clock sent back as GET wrote it: keep it, even where that wall-clock time
    // does not exist (a DST gap), whose instant reads an hour later.
    if (current && timeZone === currentZone && instantOf(parseWallClock(current), timeZone) === first.epochMs)
      return current;
    return formatWallClock(wallClockAt(first.epochMs, timeZone));
  }
  return `${first.date} ${first.time ?? input.update_time ?? currentTime ?? DEFAULT_TIME}`;
}

export async function updateSettings(
  ctx: AppContext,
  user: Actor,
  strategyId: number,
  input: UpdateNotificationSettingsRequest,
): Promise<NotificationSettings> {
  const access = await loadStrategyAccess(ctx.db, strategyId, user);
  ensure(canEditStrategy(user.id, access.roles));
  const now = ctx.clock.now();
  const saved = await ctx.db.transaction(async (tx) => {
    // The row lock also waits for a due date being processed right now, so no update is lost.
    const { row, reminders } = await loadSettings(tx, strategyId, true);
    const kept = keptAfter(input, row);
    const { timeZone, updateFrequencyNumber: every, updateFrequencyUnit: unit } = kept;
    const first = resolveFirst(input, row.firstProgressUpdate, row.timeZone, timeZone);
    const scheduleChanged =
      first !== row.firstProgressUpdate ||
      timeZone !== row.timeZone ||
      every !== row.updateFrequencyNumber ||
      unit !== row.updateFrequencyUnit;

    const nextReminders: Reminder[] = input.team_reminders
      ? input.team_reminders.map((reminder) => ({
          offsetNumber: reminder.offset_number,
          offsetUnit: reminder.offset_unit,
        }))
      : reminders;
    let { nextDueIndex, nextProgressUpdate, remindersHandledUntil } = row;
    if (scheduleChanged) {
      const due = first ? firstDueAfter({ first, timeZone, every, unit }, now) : null;
      nextDueIndex = due?.index ?? 0;
      nextProgressUpdate = due?.at ?? null;
    }
    // Reminders whose moment passed before this save are not sent late: they were not wanted then.
    if (scheduleChanged || input.team_reminders) remindersHandledUntil = now;
    const values = {
      firstProgressUpdate: first,
      ...kept,
      nextDueIndex,
      nextProgressUpdate,
      remindersHandledUntil,
      nextReminderAt: nextReminder(nextProgressUpdate, nextReminders, timeZone, remindersHandledUntil),
      updatedAt: now,
    };
    const changes = changesOf(
      editableValues(row, reminders),
      editableValues({ ...row, ...values }, nextReminders),
    );
    await ensureNotStale(tx, {
      model: 'notificationSettings',
      recordId: row.id,
      fields: changes.map((change) => change.field!),
      since: input.version,
      userId: user.id,
      current: async () => present(row, reminders, await loadMasters(tx, strategyId)),
    });

    if (input.team_reminders) {
      await tx.delete(teamReminders).where(eq(teamReminders.settingsId, row.id));
      if (nextReminders.length > 0)
        await tx
          .insert(teamReminders)
          .values(nextReminders.map((reminder) => ({ ...reminder, settingsId: row.id })));
    }
    // A save of the same values still marks reminders handled, but is no change on record.
    const [written] = await tx
      .update(notificationSettings)
      .set({ ...values, ...(changes.length > 0 && { version: sql`${notificationSettings.version} + 1` }) })
      .where(eq(notificationSettings.id, row.id))
      .returning({ version: notificationSettings.version });
    await recordChanges(
      tx,
      {
        strategyId,
        actorId: user.id,
        model: 'notificationSettings',
        recordId: row.id,
        version: written!.version,
      },
      changes,
    );
    await publish(tx, [
      structureChange(changeBy(user.id, strategyId, access.roles), 'strategy', strategyId, 'settings'),
    ]);
    return loadSettings(tx, strategyId);
  });
  ctx.scheduleChanged();
  return present(saved.row, saved.reminders, await loadMasters(ctx.db, strategyId));
}
