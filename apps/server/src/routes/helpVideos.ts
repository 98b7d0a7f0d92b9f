/** Help videos (issue 27): every member reads the organisation's choices, administrators change them. */
import { HELP_VIDEO_MESSAGES, type VideoHost } from '@keystone/contract';
import { helpVideosApi } from '@keystone/contract/endpoints/helpVideos';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../core/context';
import { notFound } from '../core/errors';
import { originOf } from '../core/securityEvents';
import { forAdministrators } from '../http/authenticate';
import { route } from '../http/route';
import { playerPage } from '../modules/helpVideos/playerPage';
import { listHelpVideos, resetHelpVideo, setHelpVideo, videoOfPlayer } from '../modules/helpVideos/service';

export function helpVideoRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, helpVideosApi.list, ({ user }) => listHelpVideos(ctx, user.organisationId));

  forAdministrators(app, (admins) => {
    route(admins, ctx, helpVideosApi.set, ({ user, params, body, request }) =>
      setHelpVideo(ctx, user, params.topic, body, originOf(request)),
    );
    route(admins, ctx, helpVideosApi.reset, async ({ user, params, request }) => {
      await resetHelpVideo(ctx, user, params.topic, originOf(request));
    });
  });

  route(app, ctx, helpVideosApi.player, async ({ params, reply }) => {
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
  });
}
