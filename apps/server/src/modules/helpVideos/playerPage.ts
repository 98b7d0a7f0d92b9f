/**
 * The page a help dialog frames to play an organisation's chosen video (issue 27). The app's own
 * pages are served the same to everyone, so their Content-Security-Policy cannot know which
 * organisation reads them; this page belongs to one choice, and its policy allows that video's
 * host alone: in frame-src for a host's player, in media-src for a video file. Nothing else
 * loads, no script runs, and only the app's own pages may frame it.
 */
import { createHash } from 'node:crypto';
import type { VideoHost } from '@keystone/contract';
import { escapeHtml } from '../../lib/html';

const STYLE =
  'html,body{margin:0;height:100%;background:#000}iframe,video{display:block;width:100%;height:100%;border:0}';
const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

export interface PlayerPage {
  html: string;
  contentSecurityPolicy: string;
}

export function playerPage(video: { host: VideoHost; embedUrl: string }): PlayerPage {
  const origin = new URL(video.embedUrl).origin;
  const src = escapeHtml(video.embedUrl);
  const player =
    video.host === 'file'
      ? // No autoplay: the viewer starts it. No sound track is assumed, so no captions are promised.
        `<video src="${src}" controls preload="metadata" playsinline></video>`
      : // The hosts' players need the page's origin as referrer (YouTube refuses to play without one).
        `<iframe src="${src}" title="Help video" allow="fullscreen; picture-in-picture; encrypted-media" allowfullscreen referrerpolicy="strict-origin-when-cross-origin"></iframe>`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Help video</title><style>${STYLE}</style></head><body>${player}</body></html>`;
  const contentSecurityPolicy = [
    "default-src 'none'",
    `style-src ${STYLE_HASH}`,
    video.host === 'file' ? `media-src ${origin}` : `frame-src ${origin}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'self'",
  ].join('; ');
  return { html, contentSecurityPolicy };
}
