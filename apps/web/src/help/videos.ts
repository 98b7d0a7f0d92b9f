/**
 * The built-in help videos: short screencasts of the real app, one per topic, recorded by
 * `npm run record-help-videos` (e2e/helpVideos/) into ./videos as TOPIC.webm (VP9, no sound) and
 * TOPIC.webp (its poster). Imported as build assets, so their names carry a content hash and are
 * cached for a year; only the lazily loaded help dialog imports this module, and the video itself
 * downloads only when someone plays it. Each has a description of what it shows, for people who
 * cannot watch it (WCAG 1.2.1): keep it true when the scenes (e2e/helpVideos/scenes.ts) change.
 */
import type { HelpTopic } from './topics';

const VIDEOS = import.meta.glob<string>('./videos/*.webm', { eager: true, query: '?url', import: 'default' });
const POSTERS = import.meta.glob<string>('./videos/*.webp', {
  eager: true,
  query: '?url',
  import: 'default',
});

export const VIDEO_DESCRIPTIONS: Record<HelpTopic, string> = {
  strategy:
    'The strategy page of a sample strategy. The pointer moves from the strategy’s title to its ambition, then to the first focus area and to an initiative in the second, showing how the page reads from top to bottom.',
  ambition:
    'The strategy page. Someone clicks into the ambition under the title and adds a sentence saying how success is measured; the page then shows that the change is saved.',
  focusAreas:
    'The strategy page. The pointer goes over the three focus areas side by side, then someone clicks “Add focus area” and names the new fourth column “Partnerships”; the change is saved.',
  initiatives:
    'The strategy page. Someone clicks “Add initiative” under the first focus area, types the new initiative’s title, and points at the button that opens its charter.',
  teams:
    'The strategy team page, with a row per initiative and columns for sponsors, owners and team. Someone types a colleague’s e-mail address into the team of the first initiative and presses Enter, and the address appears in that field.',
  initiativeCharter:
    'An initiative charter. The page scrolls from the initiative’s title down through its sections: problem statement, scope, risks, deliverables, impact, investment, work plan and timeline.',
  problemStatement:
    'An initiative charter. Someone clicks into the problem statement and adds a sentence with the cost of the problem; the change is saved.',
  scope:
    'An initiative charter. Someone clicks into “Out of scope” and adds what the initiative will not cover; the change is saved.',
  risks:
    'An initiative charter. Someone clicks into “Risks and dependencies” and adds a dependency on another system; the change is saved.',
  deliverables:
    'An initiative charter. Someone clicks into the deliverables and adds one more concrete output; the change is saved.',
  impact:
    'An initiative charter. Someone clicks into the impact and adds the change expected within three months; the change is saved.',
  timeline:
    'The timeline at the end of an initiative charter. Someone clicks “Add row”, and a new milestone row appears; they type its description.',
  sponsorApproval:
    'The approval part of an initiative charter. Someone clicks “Request sponsor approval”; the button changes to say the request e-mail has been sent, and the pointer shows the box a sponsor ticks to approve.',
};

export interface BuiltInVideo {
  src: string;
  poster: string;
  description: string;
}

/** The topic's built-in video, or null if its files are missing (the dialog then shows the text only). */
export function builtInVideo(topic: HelpTopic): BuiltInVideo | null {
  const src = VIDEOS[`./videos/${topic}.webm`];
  const poster = POSTERS[`./videos/${topic}.webp`];
  return src && poster ? { src, poster, description: VIDEO_DESCRIPTIONS[topic] } : null;
}
