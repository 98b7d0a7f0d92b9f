/**
 * A strategy's notification settings (spec §3, §7): GET /notification-settings/{id}/ and
 * PATCH /notification-settings/update/{id}/, as camelCase records under ['notification-settings', id].
 * Date-times stay the server's ISO strings, written with the strategy time zone's offset.
 */
import {
  notificationSettingsSchema,
  type NotificationSettings as WireNotificationSettings,
} from '@keystone/contract';
import { progressApi } from '@keystone/contract/endpoints/progress';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client';
import { keepingCurrent } from './staleEdits';
import { type Camel, toCamel, toSnake } from './wireCase';

export const notificationSettingsKey = (strategyId: number) => ['notification-settings', strategyId] as const;

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
export const notificationSettingsQuery = (strategyId: number) =>
  queryOptions({
    queryKey: notificationSettingsKey(strategyId),
    queryFn: () => fetchNotificationSettings(strategyId),
  });

export function useNotificationSettingsQuery(strategyId: number | null) {
  return useQuery({ ...notificationSettingsQuery(strategyId ?? 0), enabled: strategyId !== null });
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
