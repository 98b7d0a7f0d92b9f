/**
 * A strategy's notification settings (spec §3) as screens see them (camelCase, wireCase.ts), and
 * the PATCH body the settings page sends (its calls: progress.ts). Date-times stay the server's
 * ISO strings, written with the strategy time zone's offset.
 */
import type { NotificationSettings as WireNotificationSettings } from '@keystone/contract';
import { type Camel, toCamel, toSnake } from './wireCase';

export type NotificationSettings = Camel<WireNotificationSettings>;

export type TeamReminder = Pick<NotificationSettings['teamReminders'][number], 'offsetNumber' | 'offsetUnit'>;

/**
 * What the settings page saves. `firstProgressUpdate` is a wall-clock time without an offset
 * ('YYYY-MM-DDTHH:MM:00'): the server reads it in `timeZone`.
 */
export type NotificationSettingsUpdate = Pick<
  NotificationSettings,
  | 'firstProgressUpdate'
  | 'timeZone'
  | 'updateFrequencyNumber'
  | 'updateFrequencyUnit'
  | 'sendToSponsors'
  | 'sendToOwners'
  | 'sendToTeamMembers'
  | 'additionalRecipients'
  | 'reminderSendToMaster'
  | 'reminderSendToSponsors'
  | 'reminderSendToOwners'
  | 'reminderSendToTeamMembers'
> & { teamReminders: TeamReminder[] };

export const toNotificationSettings = (wire: WireNotificationSettings): NotificationSettings => toCamel(wire);

/** The PATCH body: every setting (send_to_master is always on, spec §2); next/last are the server's. */
export function notificationSettingsWire(update: NotificationSettingsUpdate) {
  const teamReminders = update.teamReminders.map(({ offsetNumber, offsetUnit }) => ({
    offsetNumber,
    offsetUnit,
  }));
  return { ...toSnake({ ...update, teamReminders }), send_to_master: true };
}
