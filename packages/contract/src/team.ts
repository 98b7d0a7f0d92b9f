/** The strategy team page's own texts (issue 15): leaving it with unsaved changes. */
export const TEAM_MESSAGES = {
  leaveTitle: 'Leave without saving?',
  leaveMessage: 'Your changes to the team are not saved yet. They are lost if you leave this page.',
  leave: 'Leave',
} as const;
