/**
 * A strategy's notification settings (spec §3, §7): GET /notification-settings/{id}/ and
 * PATCH /notification-settings/update/{id}/, as camelCase records under ['notification-settings', id].
 * Date-times stay the server's ISO strings, written with the strategy time zone's offset.
 */
import {
  type FrequencyUnit,
  notificationSettingsSchema,
  type ReminderUnit,
  type NotificationSettings as WireNotificationSettings,
} from '@keystone/contract';
import { progressApi } from '@keystone/contract/endpoints/progress';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client';
import { keepingCurrent } from './staleEdits';
import { type Person, toPerson } from './strategyWire';

export const notificationSettingsKey = (strategyId: number) => ['notification-settings', strategyId] as const;

export interface TeamReminder {
  offsetNumber: number;
  offsetUnit: ReminderUnit;
}

export interface NotificationSettings {
  id: number;
  strategy: number;
  firstProgressUpdate: string | null;
  nextProgressUpdate: string | null;
  lastProgressUpdate: string | null;
  timeZone: string;
  updateFrequencyNumber: number;
  updateFrequencyUnit: FrequencyUnit;
  updateTime: string | null;
  sendToMaster: true;
  sendToSponsors: boolean;
  sendToOwners: boolean;
  sendToTeamMembers: boolean;
  additionalRecipients: string | null;
  teamReminders: (TeamReminder & { id: number })[];
  reminderSendToMaster: boolean;
  reminderSendToSponsors: boolean;
  reminderSendToOwners: boolean;
  reminderSendToTeamMembers: boolean;
  strategyMasters: Person[];
  version: number;
}

/**
 * What the settings page saves. `firstProgressUpdate` is a wall-clock time without an offset
 * ('YYYY-MM-DDTHH:MM:00'): the server reads it in `timeZone`.
 */
export interface NotificationSettingsUpdate {
  firstProgressUpdate: string | null;
  timeZone: string;
  updateFrequencyNumber: number;
  updateFrequencyUnit: FrequencyUnit;
  sendToSponsors: boolean;
  sendToOwners: boolean;
  sendToTeamMembers: boolean;
  additionalRecipients: string | null;
  teamReminders: TeamReminder[];
  reminderSendToMaster: boolean;
  reminderSendToSponsors: boolean;
  reminderSendToOwners: boolean;
  reminderSendToTeamMembers: boolean;
}

export function toNotificationSettings(wire: WireNotificationSettings): NotificationSettings {
  return {
    id: wire.id,
    strategy: wire.strategy,
    firstProgressUpdate: wire.first_progress_update,
    nextProgressUpdate: wire.next_progress_update,
    lastProgressUpdate: wire.last_progress_update,
    timeZone: wire.time_zone,
    updateFrequencyNumber: wire.update_frequency_number,
    updateFrequencyUnit: wire.update_frequency_unit,
    updateTime: wire.update_time,
    sendToMaster: wire.send_to_master,
    sendToSponsors: wire.send_to_sponsors,
    sendToOwners: wire.send_to_owners,
    sendToTeamMembers: wire.send_to_team_members,
    additionalRecipients: wire.additional_recipients,
    teamReminders: wire.team_reminders.map((reminder) => ({
      id: reminder.id,
      offsetNumber: reminder.offset_number,
      offsetUnit: reminder.offset_unit,
    })),
    reminderSendToMaster: wire.reminder_send_to_master,
    reminderSendToSponsors: wire.reminder_send_to_sponsors,
    reminderSendToOwners: wire.reminder_send_to_owners,
    reminderSendToTeamMembers: wire.reminder_send_to_team_members,
    strategyMasters: wire.strategy_masters.map(toPerson),
    version: wire.version,
  };
}

/** The PATCH body: every setting (send_to_master is always on, spec §2); next/last are the server's. */
export function notificationSettingsWire(update: NotificationSettingsUpdate) {
  return {
    first_progress_update: update.firstProgressUpdate,
    time_zone: update.timeZone,
    update_frequency_number: update.updateFrequencyNumber,
    update_frequency_unit: update.updateFrequencyUnit,
    send_to_master: true,
    send_to_sponsors: update.sendToSponsors,
    send_to_owners: update.sendToOwners,
    send_to_team_members: update.sendToTeamMembers,
    additional_recipients: update.additionalRecipients,
    team_reminders: update.teamReminders.map((reminder) => ({
      offset_number: reminder.offsetNumber,
      offset_unit: reminder.offsetUnit,
    })),
    reminder_send_to_master: update.reminderSendToMaster,
    reminder_send_to_sponsors: update.reminderSendToSponsors,
    reminder_send_to_owners: update.reminderSendToOwners,
    reminder_send_to_team_members: update.reminderSendToTeamMembers,
  };
}

async function fetchNotificationSettings(strategyId: number): Promise<NotificationSettings> {
  return toNotificationSettings(
    await apiRequest(progressApi.notificationSettings, { params: { id: strategyId } }),
  );
}

async function updateNotificationSettings(
  strategyId: number,
  { update, version }: VersionedSettingsUpdate,
): Promise<NotificationSettings> {
  const answer = await apiRequest(progressApi.updateNotificationSettings, {
    params: { id: strategyId },
    body: { ...notificationSettingsWire(update), version },
  });
  return toNotificationSettings(answer);
}

/** Any viewer of the strategy may read them (the progress page needs the current due date). */
export function useNotificationSettingsQuery(strategyId: number | null) {
  return useQuery({
    queryKey: notificationSettingsKey(strategyId ?? 0),
    queryFn: () => fetchNotificationSettings(strategyId ?? 0),
    enabled: strategyId !== null,
  });
}

/** What the form saves, and the version of the settings its edits started from. */
export interface VersionedSettingsUpdate {
  update: NotificationSettingsUpdate;
  version: number | undefined;
}

/**
 * Masters only. The answer is the stored settings (with the recomputed next due date): it replaces
 * the cache. A stale save's answer (the settings as they are now) replaces it too, so the fields
 * the user did not touch show the other person's values.
 */
export function useUpdateNotificationSettings(strategyId: number) {
  const queryClient = useQueryClient();
  const write = (settings: NotificationSettings) =>
    queryClient.setQueryData(notificationSettingsKey(strategyId), settings);
  return useMutation({
    mutationFn: (request: VersionedSettingsUpdate) =>
      keepingCurrent(updateNotificationSettings(strategyId, request), (current) => {
        const parsed = notificationSettingsSchema.safeParse(current);
        if (parsed.success) write(toNotificationSettings(parsed.data));
      }),
    onSuccess: write,
  });
}
