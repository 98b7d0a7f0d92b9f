/** The strategy team page's own texts (issue 15): leaving it with unsaved changes; a stale list. */
export const TEAM_MESSAGES = {
  /** A list sent with a `version` (and no `base`) that someone else changed since (409 `stale`). */
  stale:
    'Someone else changed this team list after you read it. Read the team again and make your change there, or send the list as you read it in `base` to merge your change.',
  leaveTitle: 'Leave without saving?',
  leaveMessage: 'Your changes to the team are not saved yet. They are lost if you leave this page.',
  leave: 'Leave',
} as const;
