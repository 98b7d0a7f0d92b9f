/** The signed-in person's calendar address (profile settings): its state, a new one, turning it off. */
import type { CalendarFeedStatus, CreatedCalendarFeed } from '@keystone/contract';
import { calendarApi } from '@keystone/contract/endpoints/calendar';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client';
import { useSession } from './session';

/** Keyed by the signed-in user, so another login never sees this one's address state. */
const calendarKey = (userId: number | undefined) => ['calendar', userId] as const;

export function useCalendarFeed() {
  const session = useSession();
  return useQuery({
    queryKey: calendarKey(session?.id),
    queryFn: (): Promise<CalendarFeedStatus> => apiRequest(calendarApi.status, {}),
    enabled: session !== null,
  });
}

/** Both change which address works: the state is read again afterwards. */
function useCalendarMutation<T>(mutationFn: () => Promise<T>) {
  const queryClient = useQueryClient();
  const session = useSession();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarKey(session?.id) }),
  });
}

export const useCreateCalendarAddress = () =>
  useCalendarMutation((): Promise<CreatedCalendarFeed> => apiRequest(calendarApi.create, {}));

export const useTurnOffCalendarAddress = () =>
  useCalendarMutation(async () => (await apiRequest(calendarApi.turnOff, {})).detail);
