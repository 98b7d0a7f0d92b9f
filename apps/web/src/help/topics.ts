/** The help topics of spec §1 and the shape of their content; small, so help buttons stay cheap. */

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

/** The names buttons and dialog titles use ("Help: Ambition"). */
export const HELP_TITLES: Record<HelpTopic, string> = {
  strategy: 'Strategy',
  ambition: 'Ambition',
  focusAreas: 'Focus areas',
  initiatives: 'Initiatives',
  teams: 'Teams',
  risks: 'Risks and dependencies',
  deliverables: 'Deliverables',
  scope: 'Scope',
  initiativeCharter: 'Initiative charter',
  problemStatement: 'Problem statement',
  impact: 'Impact',
  timeline: 'Timeline',
  sponsorApproval: 'Sponsor approval',
};

export interface HelpContent {
  /** What the thing is, in two or three sentences. */
  what: string;
  /** Why it is worth writing well. */
  why: string;
  tips: readonly string[];
  /** Good examples to imitate and weak ones to avoid, each with the reason in its text. */
  examples: { readonly good: readonly string[]; readonly avoid: readonly string[] };
  /** A closing thought, only where one helps. */
  finalWord?: string;
}
