/** Help for the strategy page itself: the strategy, its ambition, focus areas, initiatives and team. */
import type { HelpContent } from './topics';

export const strategyHelp: HelpContent = {
  what: 'A one-page strategy says where you want to be in two to three years and the few bets that will get you there: one ambition, three to five focus areas, and a handful of initiatives under each, every one with a named owner.',
  why: 'One page forces choices. Anyone can read it in five minutes, see how their own work connects to the goal, and has a reason to say no to work that does not fit.',
  tips: [
    'Write it top-down: ambition first, then focus areas, then initiatives.',
    'Leave out business as usual. Only list the work that changes where you are heading.',
    'Write for a new colleague: no internal jargon, no unexplained abbreviations.',
    'Review it every quarter. Swap initiatives as they finish; the ambition should rarely change.',
  ],
  examples: {
    good: [
      'Ambition: "50% of revenue from subscriptions by December 2027." Focus areas: Self-service sign-up, Partner channel, Customer retention. Each with two to four initiatives.',
    ],
    avoid: [
      'A page with 25 projects and no ambition: it is a to-do list, not a strategy.',
      '"Be the best in our market": nobody can tell whether you got there.',
    ],
  },
  finalWord:
    'A good strategy is as clear about what you will not do as about what you will. If everything fits, nothing has been decided.',
};

export const ambitionHelp: HelpContent = {
  what: 'The ambition is the one outcome the whole strategy works towards, written in one or two sentences (at most 400 characters).',
  why: 'It is the yardstick for every other choice on the page. A measurable ambition with a date lets the team see progress and know when it has arrived.',
  tips: [
    'Include a number, a starting point and a date: "from X to Y by when".',
    'Describe an outcome for customers or the business, not an activity.',
    'Make it a stretch, but one the team can still believe in.',
    'If you need more than two sentences, you probably have two ambitions: pick one.',
  ],
  examples: {
    good: [
      '"Grow annual recurring revenue from €4m to €10m by the end of 2027 while keeping customer churn below 5% a year."',
      '"Cut the average delivery time for online orders from 5 days to 48 hours by June 2026."',
    ],
    avoid: [
      '"Be our customers\' first choice." A slogan: no number, no date.',
      '"Implement the new ERP system." An activity, not an outcome; it belongs under an initiative.',
    ],
  },
};

export const focusAreasHelp: HelpContent = {
  what: 'Focus areas are the three to five themes where you must win to reach the ambition. Each one groups up to five initiatives.',
  why: 'They turn one big goal into a few distinct fronts, so people can see where effort goes and spot gaps or overlaps.',
  tips: [
    'Aim for three to five. More than five usually means nothing is really a priority.',
    'Name each as a short theme or result, not as a department ("IT", "HR").',
    'Check that each focus area clearly moves the ambition, and that no two overlap.',
    'If one area has no initiatives yet, either plan some or drop it.',
  ],
  examples: {
    good: [
      'For an ambition about subscription revenue: "Self-service sign-up", "Partner channel", "Keep customers longer".',
    ],
    avoid: [
      '"Growth" and "Other": too broad to guide any decision.',
      '"Marketing" next to "Brand awareness": they overlap, so initiatives will land in either.',
    ],
  },
};

export const initiativesHelp: HelpContent = {
  what: 'An initiative is a concrete project with a start, an end and an owner, which moves one focus area forward. Each initiative gets its own charter and progress updates.',
  why: 'Initiatives are where the strategy turns into work. If they are vague, nobody knows what to do on Monday morning.',
  tips: [
    'Start the name with a verb and make the result visible: "Launch…", "Replace…", "Open…".',
    'Give every initiative one accountable owner; add sponsors and team on the team page.',
    'Prefer fewer initiatives that finish over many that drift. At most five per focus area.',
    'Fill in the charter soon after you add it, so the sponsor can approve it.',
  ],
  examples: {
    good: [
      '"Launch an in-app onboarding checklist for new accounts by the end of Q2" (owner: Maria, Product).',
      '"Sign two reseller partners in the Nordics by September."',
    ],
    avoid: [
      '"Improve onboarding": no end point, so it can never be finished.',
      '"Weekly sales meeting": routine work, not a project that changes anything.',
    ],
  },
  finalWord:
    'When an initiative is done, mark it completed and celebrate it. Finishing is what makes room for the next bet.',
};

export const teamsHelp: HelpContent = {
  what: 'The team page says who is involved. Strategy masters run the whole strategy. For each initiative, sponsors back it and approve its charter, owners are accountable for delivering it, and team members do the work and report progress.',
  why: 'Clear roles mean clear accountability. They also decide who may change what, and who receives progress reports and reminders.',
  tips: [
    'One or two owners per initiative; more and nobody feels responsible.',
    'Pick a sponsor senior enough to remove obstacles and free up budget.',
    'Add team members who will actually write progress updates.',
    'Someone is not using the app yet? Type their e-mail address and press Enter: they are invited when you submit.',
  ],
  examples: {
    good: [
      'Sponsor: Head of Sales. Owner: Customer Success Lead. Team: two customer success managers and a data analyst.',
    ],
    avoid: [
      'Five owners and no sponsor: no single accountable person, nobody to unblock.',
      'The whole department as team members: everyone gets reminders, few feel involved.',
    ],
  },
};
