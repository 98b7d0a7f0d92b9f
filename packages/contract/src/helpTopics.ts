/** The help topics of spec §1, each with a help dialog and a video. Apart, so help buttons stay cheap. */
export const HELP_TOPICS = [
  'strategy',
  'ambition',
  'focusAreas',
  'initiatives',
  'teams',
  'risks',
  'deliverables',
  'scope',
  'initiativeCharter',
  'problemStatement',
  'impact',
  'timeline',
  'sponsorApproval',
] as const;

export type HelpTopic = (typeof HELP_TOPICS)[number];
