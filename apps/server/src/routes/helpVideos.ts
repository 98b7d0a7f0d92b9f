/** Help videos (issue 27): every member reads the organisation's choices, administrators change them. */
import { HELP_VIDEO_MESSAGES, type VideoHost } from '@keystone/contract';
import type { helpVideosApi } from '@keystone/contract/endpoints/helpVideos';
import type { AppContext } from '../core/context';
import { notFound } from '../core/errors';
import { originOf } from '../core/securityEvents';
import type { AreaRoutes } from '../http/route';
import { playerPage } from '../modules/helpVideos/playerPage';
import { listHelpVideos, resetHelpVideo, setHelpVideo, videoOfPlayer } from '../modules/helpVideos/service';

export const helpVideosRoutes = (ctx: AppContext): AreaRoutes<typeof helpVideosApi> => ({
  list: ({ user }) => listHelpVideos(ctx, user.organisationId),

  set: {
    administrators: true,
    handler: ({ user, params, body, request }) =>
      setHelpVideo(ctx, user, params.topic, body, originOf(request)),
  },

  reset: {
    administrators: true,
    handler: async ({ user, params, request }) => {
      await resetHelpVideo(ctx, user, params.topic, originOf(request));
    },
  },

  player: async ({ params, reply }) => {
    const video = await videoOfPlayer(ctx, params.token);
    if (!video) throw notFound(HELP_VIDEO_MESSAGES.playerNotFound);
    const page = playerPage({ host: video.host as VideoHost, embedUrl: video.embedUrl });
    return (
      reply
        // Replaces the app's policy (set on every answer): this page's allows the video's host alone.
        .header('content-security-policy', page.contentSecurityPolicy)
        .header('referrer-policy', 'strict-origin-when-cross-origin')
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(page.html)
    );
  },
});
