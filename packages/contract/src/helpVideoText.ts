/** The words of help videos an organisation chooses (issue 27): messages and the /organisation section's labels. */
export const HELP_VIDEO_MESSAGES = {
  addressRequired: 'Enter the address of the video.',
  addressTooLong: 'This address is too long.',
  addressNotHttps: 'The address must start with https://.',
  addressNotSupported:
    'Use the address of a YouTube, Vimeo, Loom or Microsoft Stream video, or an https address of an .mp4 or .webm file.',
  youtubeIdMissing: 'This YouTube address does not name a video. Copy the address of the video itself.',
  vimeoIdMissing: 'This Vimeo address does not name a video. Copy the address of the video itself.',
  loomIdMissing: 'This Loom address does not name a video. Copy its share link.',
  streamNeedsEmbed:
    'For a Microsoft Stream (SharePoint) video, paste its embed code or the address in it (Share → Embed).',
  descriptionTooLong: 'The description can be at most 600 characters long.',
  unknownTopic: 'There is no help topic of that name.',
  saved: 'The video of this topic has been saved.',
  reset: 'This topic shows the built-in video again.',
  saveFailed: 'Failed to save the video',
  resetFailed: 'Failed to reset the video',
  fetchFailed: 'Failed to load the help videos',
  playerNotFound: 'This video is no longer chosen.',
} as const;

export const HELP_VIDEO_LABELS = {
  heading: 'Help videos',
  intro:
    'Each help dialog shows a short built-in video. Point a topic at your own video instead: a YouTube, Vimeo, Loom or Microsoft Stream video, or an https address of an .mp4 or .webm file. Everyone in your organisation then sees it in that dialog.',
  builtIn: 'Built-in video',
  addressField: 'Video address',
  descriptionField: 'What the video shows (for people who cannot watch it)',
  save: 'Save',
  reset: 'Use the built-in video',
  edit: 'Change',
  cancel: 'Cancel',
  openVideo: 'Open the video in a new tab',
  videoShows: 'What the video shows (no sound):',
  chosenVideo: 'A video chosen by your organisation.',
  noDescription: 'The table below covers the same ground in writing.',
} as const;
