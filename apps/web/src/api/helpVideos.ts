/**
 * The help videos an organisation's administrators chose (issue 27): read by every help dialog,
 * changed on /organisation. Topics without a choice show the built-in video.
 */
import type { HelpTopic, SetHelpVideoRequest } from '@keystone/contract';
import { helpVideosApi } from '@keystone/contract/endpoints/helpVideos';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client';
import { organisationKey } from './organisation';

const helpVideosKey = ['helpVideos'] as const;

export function useHelpVideos() {
  return useQuery({
    queryKey: helpVideosKey,
    queryFn: () => apiRequest(helpVideosApi.list, {}),
    // Choices change rarely; a dialog opened again within minutes need not ask.
    staleTime: 5 * 60_000,
  });
}

function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: helpVideosKey }),
      // The change is in the security log now.
      queryClient.invalidateQueries({ queryKey: organisationKey }),
    ]);
}

export function useSetHelpVideo() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: ({ topic, video }: { topic: HelpTopic; video: SetHelpVideoRequest }) =>
      apiRequest(helpVideosApi.set, { params: { topic }, body: video }),
    onSettled: refresh,
  });
}

export function useResetHelpVideo() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (topic: HelpTopic) => apiRequest(helpVideosApi.reset, { params: { topic } }),
    onSettled: refresh,
  });
}
