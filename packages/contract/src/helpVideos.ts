/**
 * Help videos an organisation's administrators choose (issue 27): what addresses are accepted and
 * the embed form each becomes. The server stores only what parseVideoAddress accepts, so a help
 * dialog frames a known player or plays a video file, and nothing else.
 */
import { HELP_TOPICS } from './helpTopics';
import { HELP_VIDEO_MESSAGES } from './helpVideoText';
import { z } from './z';

export const VIDEO_HOSTS = ['youtube', 'vimeo', 'loom', 'stream', 'file'] as const;
export type VideoHost = (typeof VIDEO_HOSTS)[number];

export const HELP_VIDEO_ADDRESS_MAX = 2000;
export const HELP_VIDEO_DESCRIPTION_MAX = 600;

export interface ParsedVideoAddress {
  host: VideoHost;
  /** What the player page frames (a host's embed page) or plays (a video file). */
  embed: string;
  /** The address people may open in a tab of their own: the one given, made canonical. */
  address: string;
}

export type VideoAddressResult = ParsedVideoAddress | { error: string };

// A DNS name with a dot and a letter-led top-level label, in ASCII (URL gives IDNs as punycode).
// Nothing else may reach a Content-Security-Policy source list: hosts may hold ';', ',' or '*'.
const DNS_NAME =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const YOUTUBE_ID = /^[\w-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;
const VIMEO_HASH = /^[\da-f]{6,20}$/i;
const LOOM_ID = /^[\da-f]{32}$/i;
const GUID = /^\{?[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}\}?$/i;
const SHAREPOINT = /^[a-z0-9-]{1,63}(?:-my)?\.sharepoint\.com$/;
const VIDEO_FILE = /\.(?:mp4|webm)$/i;

const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtu.be',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);
const LOOM_HOSTS = new Set(['loom.com', 'www.loom.com']);

const refused = (error: string) => ({ error });

/** A start time as YouTube writes it (`90`, `90s`, `1m30s`), in seconds; null when absent or odd. */
function startSeconds(value: string | null): number | null {
  if (!value) return null;
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s?)?$/.exec(value);
  if (!match || value === '') return null;
  const [, hours = '0', minutes = '0', seconds = '0'] = match;
  const total = Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds);
  return total > 0 ? total : null;
}

function youtube(url: URL): VideoAddressResult {
  const parts = url.pathname.split('/').filter(Boolean);
  const id =
    url.hostname === 'youtu.be'
      ? parts[0]
      : parts[0] === 'watch'
        ? url.searchParams.get('v')
        : ['embed', 'shorts', 'live', 'v'].includes(parts[0] ?? '')
          ? parts[1]
          : undefined;
  if (!id || !YOUTUBE_ID.test(id)) return refused(HELP_VIDEO_MESSAGES.youtubeIdMissing);
  const start = startSeconds(url.searchParams.get('t') ?? url.searchParams.get('start'));
  const query = start ? `?start=${start}` : '';
  // youtube-nocookie.com sets no cookies until the video is played.
  return {
    host: 'youtube',
    embed: `https://www.youtube-nocookie.com/embed/${id}${query}`,
    address: `https://www.youtube.com/watch?v=${id}${start ? `&t=${start}s` : ''}`,
  };
}

function vimeo(url: URL): VideoAddressResult {
  const parts = url.pathname.split('/').filter(Boolean);
  // player.vimeo.com/video/ID?h=HASH, vimeo.com/ID, vimeo.com/ID/HASH, vimeo.com/channels/NAME/ID
  const at = parts.findIndex((part) => VIMEO_ID.test(part));
  const id = at >= 0 ? parts[at] : undefined;
  if (!id) return refused(HELP_VIDEO_MESSAGES.vimeoIdMissing);
  const hash = url.searchParams.get('h') ?? parts[at + 1];
  const unlisted = hash && VIMEO_HASH.test(hash) ? hash : null;
  // dnt: the player does not track the viewer.
  const query = new URLSearchParams({ ...(unlisted && { h: unlisted }), dnt: '1' });
  return {
    host: 'vimeo',
    embed: `https://player.vimeo.com/video/${id}?${query}`,
    address: `https://vimeo.com/${id}${unlisted ? `/${unlisted}` : ''}`,
  };
}

function loom(url: URL): VideoAddressResult {
  const [kind, id] = url.pathname.split('/').filter(Boolean);
  if ((kind !== 'share' && kind !== 'embed') || !id || !LOOM_ID.test(id)) {
    return refused(HELP_VIDEO_MESSAGES.loomIdMissing);
  }
  return {
    host: 'loom',
    embed: `https://www.loom.com/embed/${id.toLowerCase()}`,
    address: `https://www.loom.com/share/${id.toLowerCase()}`,
  };
}

/** Stream (on SharePoint) gives an embed code framing `…/_layouts/15/embed.aspx?UniqueId=GUID`. */
function stream(url: URL): VideoAddressResult {
  const uniqueId = url.searchParams.get('UniqueId') ?? url.searchParams.get('uniqueId');
  if (!/\/_layouts\/15\/embed\.aspx$/i.test(url.pathname) || !uniqueId || !GUID.test(uniqueId)) {
    return refused(HELP_VIDEO_MESSAGES.streamNeedsEmbed);
  }
  const embed = new URL(`https://${url.hostname}${url.pathname}`);
  embed.searchParams.set('UniqueId', uniqueId);
  const options = url.searchParams.get('embed');
  if (options) embed.searchParams.set('embed', options);
  return { host: 'stream', embed: embed.href, address: embed.href };
}

/** The `src` of a pasted `<iframe …>` embed code, else the text as it is. */
function embeddedAddress(text: string): string {
  if (!/^<iframe[\s>]/i.test(text)) return text;
  const src = /\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(text);
  return (src?.[1] ?? src?.[2] ?? '').replaceAll('&amp;', '&');
}

/**
 * An address an administrator typed (or an embed code pasted), as its host's embed form: YouTube,
 * Vimeo, Loom, Microsoft Stream on SharePoint, or an https address of an .mp4 or .webm file.
 * Anything else is refused with the message to show.
 */
export function parseVideoAddress(input: string): VideoAddressResult {
  const text = embeddedAddress(input.trim());
  if (text === '') return refused(HELP_VIDEO_MESSAGES.addressRequired);
  if (text.length > HELP_VIDEO_ADDRESS_MAX) return refused(HELP_VIDEO_MESSAGES.addressTooLong);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refused(HELP_VIDEO_MESSAGES.addressNotSupported);
  }
  if (url.protocol !== 'https:') return refused(HELP_VIDEO_MESSAGES.addressNotHttps);
  if (url.username || url.password || !DNS_NAME.test(url.hostname)) {
    return refused(HELP_VIDEO_MESSAGES.addressNotSupported);
  }
  const host = url.hostname;
  if (YOUTUBE_HOSTS.has(host)) return youtube(url);
  if (VIMEO_HOSTS.has(host)) return vimeo(url);
  if (LOOM_HOSTS.has(host)) return loom(url);
  if (SHAREPOINT.test(host)) return stream(url);
  if (VIDEO_FILE.test(url.pathname)) {
    url.hash = '';
    return { host: 'file', embed: url.href, address: url.href };
  }
  return refused(HELP_VIDEO_MESSAGES.addressNotSupported);
}

export const helpTopicSchema = z.enum(HELP_TOPICS, { error: HELP_VIDEO_MESSAGES.unknownTopic });

/** `{topic}`: a help topic's name. */
export const helpTopicParams = z.object({ topic: helpTopicSchema });

export const setHelpVideoRequest = z
  .object({
    address: z
      .string({ error: HELP_VIDEO_MESSAGES.addressRequired })
      .max(HELP_VIDEO_ADDRESS_MAX * 2, HELP_VIDEO_MESSAGES.addressTooLong)
      .superRefine((value, ctx) => {
        const parsed = parseVideoAddress(value);
        if ('error' in parsed) ctx.addIssue({ code: 'custom', message: parsed.error });
      }),
    description: z
      .string()
      .trim()
      .max(HELP_VIDEO_DESCRIPTION_MAX, HELP_VIDEO_MESSAGES.descriptionTooLong)
      .optional(),
  })
  .strict()
  .meta({ id: 'SetHelpVideoRequest' });
export type SetHelpVideoRequest = z.infer<typeof setHelpVideoRequest>;

/** A topic's video as the organisation chose it. */
export const helpVideoSchema = z
  .object({
    topic: helpTopicSchema,
    host: z.enum(VIDEO_HOSTS),
    /** The address to open in a tab of its own. */
    address: z.string(),
    /** The host's embed form (or the file), what the player page shows. */
    embed_url: z.string(),
    /** What the video shows, for people who cannot watch it; '' when the administrator gave none. */
    description: z.string(),
    /** The page of this app that plays it, with a Content-Security-Policy allowing that host alone. */
    player_url: z.string(),
  })
  .meta({ id: 'HelpVideo' });
export type HelpVideo = z.infer<typeof helpVideoSchema>;

export const helpVideosResponse = z.array(helpVideoSchema);
