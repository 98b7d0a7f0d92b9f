/**
 * Help videos per topic: the one place to configure them. Put a YouTube (youtube-nocookie.com)
 * or Vimeo embed address here; topics without one show the written help only.
 */
import type { HelpTopic } from './topics';

const HELP_VIDEOS: Partial<Record<HelpTopic, string>> = {};

// Only the two privacy-friendly embed hosts are framed, so a typo cannot embed an arbitrary page.
const EMBED_ADDRESS =
  /^https:\/\/(www\.youtube-nocookie\.com\/embed\/|player\.vimeo\.com\/video\/)[\w-]+([?#].*)?$/;

/** The topic's embed address, or null when none (or none usable) is configured. */
export function helpVideoUrl(
  topic: HelpTopic,
  videos: Partial<Record<HelpTopic, string>> = HELP_VIDEOS,
): string | null {
  const address = videos[topic];
  return address && EMBED_ADDRESS.test(address) ? address : null;
}
