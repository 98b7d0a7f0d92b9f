/** Help for the second half of an initiative charter: deliverables, impact, timeline and approval. */
import type { HelpContent } from './topics';

export const deliverablesHelp: HelpContent = {
  what: 'Deliverables are the tangible things the initiative produces: a product feature, a signed contract, a trained team, a new process in use.',
  why: 'They make progress visible. Either a deliverable exists or it does not, so the team and sponsor can tell what has been done.',
  tips: [
    'Write nouns you can point at, each with a "done" condition.',
    'Put a date or milestone next to each one.',
    'Keep deliverables (what you produce) apart from impact (what changes because of it).',
  ],
  examples: {
    good: [
      '"Onboarding checklist live for all new accounts."',
      '"40 support agents trained on the new process, with a recorded session for new hires."',
    ],
    avoid: [
      '"Better onboarding." Not a thing you can hand over.',
      '"Higher NPS." That is impact, not a deliverable.',
    ],
  },
};

export const impactHelp: HelpContent = {
  what: 'Impact is the measurable change the initiative should cause for customers or the business, and how it connects to the ambition.',
  why: 'It is the reason the initiative exists. With a baseline and a target, you can tell afterwards whether the work paid off, and stop or adjust early if it does not.',
  tips: [
    'Give each measure a baseline, a target and a date.',
    'Say where the number comes from and who will report it.',
    'Add an early signal if the main result only shows months later.',
    'Show which part of the ambition it moves.',
  ],
  examples: {
    good: [
      '"Trial-to-paid conversion from 9% to 14% by Q4 2026 (product analytics, reported monthly by Growth)."',
      '"Support tickets per new account down 30% within three months of launch."',
    ],
    avoid: [
      '"Happier customers." Not measurable.',
      '"Deliver the new portal." A deliverable, not an outcome.',
    ],
  },
};

export const timelineHelp: HelpContent = {
  what: 'The timeline lists the milestones of the initiative, each with a short description and a start and end date.',
  why: 'Milestones let everyone see whether the initiative is on track long before the final date, and show the sponsor when decisions will be needed.',
  tips: [
    'Four to eight milestones are usually enough; each should be an event you can check off.',
    'Include decision points, such as "go/no-go after the pilot".',
    'An end date cannot be earlier than its start date.',
    'Leave some slack before hard deadlines.',
  ],
  examples: {
    good: [
      '"Discovery done: 1–15 March. Pilot with 20 customers: 1 April – 31 May. Go/no-go: 5 June. Full rollout: by 30 June. Review results: 30 September."',
    ],
    avoid: [
      '"Phase 1: Q1 to Q4." One long bar tells nobody whether you are on track.',
      'Only an end date and nothing before it.',
    ],
  },
};

export const sponsorApprovalHelp: HelpContent = {
  what: 'A sponsor (or a strategy master) approves the charter. Approving means agreeing that the problem is worth solving, the scope and investment make sense, and the expected impact justifies the effort.',
  why: 'Approval commits the sponsor to back the initiative: with budget, with people, and by removing obstacles. It also protects the team when priorities are argued later.',
  tips: [
    'The owner requests approval when the charter is complete; the sponsor gets an e-mail.',
    'Sponsors: read the whole charter and ask questions before you tick the box.',
    'Ask for approval again if the scope, budget or dates change a lot.',
  ],
  examples: {
    good: [
      'The sponsor approved after the owner narrowed the scope to one market and the budget of €80k was confirmed.',
    ],
    avoid: [
      'Approving a half-empty charter "to get it out of the way".',
      'Starting the work and asking for approval months later.',
    ],
  },
  finalWord:
    'Approval is a promise from both sides: the team commits to the charter, and the sponsor commits to support it.',
};
