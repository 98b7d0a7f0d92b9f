/** The help topics of spec §1 and the shape of their content; small, so help buttons stay cheap. */

import type { HelpTopic } from '@keystone/contract';

// The list is the contract's: the server checks the topics administrators choose videos for.
export { HELP_TOPICS, type HelpTopic } from '@keystone/contract';

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
