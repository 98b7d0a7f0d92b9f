/** Help videos (issue 27): an organisation's choices, read by every member, set by administrators. */
import { type Endpoint, tokenParams } from '../endpoint';
import { helpTopicParams, helpVideoSchema, helpVideosResponse, setHelpVideoRequest } from '../helpVideos';

export const helpVideosApi = {
  list: {
    method: 'GET',
    path: '/api/help-videos/',
    tag: 'help',
    summary:
      "The videos my organisation's administrators chose for help topics (topics not listed show the built-in video)",
    auth: true,
    answer: helpVideosResponse,
  },
  set: {
    method: 'PATCH',
    path: '/api/organisation/help-videos/{topic}/',
    tag: 'help',
    summary:
      "Point a help topic at the organisation's own video: a YouTube, Vimeo, Loom or Microsoft Stream address (stored in its embed form) or an https .mp4/.webm file (administrators)",
    auth: true,
    params: helpTopicParams,
    body: setHelpVideoRequest,
    answer: helpVideoSchema,
  },
  reset: {
    method: 'DELETE',
    path: '/api/organisation/help-videos/{topic}/',
    tag: 'help',
    summary: 'Show the built-in video of a help topic again (administrators)',
    auth: true,
    params: helpTopicParams,
    status: 204,
  },
  player: {
    method: 'GET',
    path: '/help-player/{token}/',
    tag: 'help',
    summary:
      'The page a help dialog frames to play a chosen video, with a Content-Security-Policy allowing only that video’s host (its token is unguessable and changes with every choice)',
    auth: false,
    params: tokenParams,
    html: true,
    errors: [404],
  },
} satisfies Record<string, Endpoint>;
