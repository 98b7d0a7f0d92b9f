/** Help for the first half of an initiative charter: the charter itself, problem, scope and risks. */
import type { HelpContent } from './topics';

export const initiativeCharterHelp: HelpContent = {
  what: 'The charter is the one-page agreement for an initiative: the problem, what is in and out of scope, risks, team, deliverables, expected impact, investment, work plan, timeline and the sponsor’s approval.',
  why: 'It makes the team and the sponsor agree on what will be done, why, and at what cost before money and time are spent. Later it is the reference when priorities shift.',
  tips: [
    'Write the problem statement first, then the impact; the rest follows from those two.',
    'Keep every field short (at most 900 characters). Link to longer documents if you must.',
    'Ask for sponsor approval once the charter is complete, before the work starts.',
    'Update it when reality changes, and tell the sponsor.',
  ],
  examples: {
    good: [
      'A charter someone outside the team understands in three minutes: what hurts, what will be delivered, what will change, by when, for how much.',
    ],
    avoid: [
      'Fields that say "TBD": the sponsor cannot approve what is not decided.',
      'A pasted project plan with 60 tasks: detail belongs in your planning tool.',
    ],
  },
  finalWord: 'A charter is not paperwork: it is the cheapest place to find out you disagree.',
};

export const problemStatementHelp: HelpContent = {
  what: 'The problem statement describes what is wrong today, who suffers from it, how you know, and what it costs to leave it alone.',
  why: 'A sharp problem keeps the team from jumping to a favourite solution, and lets the sponsor judge whether the initiative is worth its price.',
  tips: [
    'Describe the problem, not the solution. "We need a new CRM" is a solution.',
    'Back it with evidence: numbers, customer quotes, incidents.',
    'Name who is affected and how often.',
    'State the cost of doing nothing, in money, time or risk.',
  ],
  examples: {
    good: [
      '"38% of new trial accounts never invite a colleague in their first week. Those accounts convert at 4%, against 22% for accounts that do. We estimate €600k of lost revenue a year."',
    ],
    avoid: [
      '"We need a better onboarding tool." A solution dressed up as a problem.',
      '"Customers are unhappy." Which customers, about what, and how do we know?',
    ],
  },
};

export const scopeHelp: HelpContent = {
  what: 'Scope draws the boundary of the initiative. In scope lists what the initiative covers; out of scope lists what it deliberately does not.',
  why: 'Most initiatives grow quietly until they miss their dates. A written boundary lets the owner say "not this time" and lets the sponsor decide openly when the boundary must move.',
  tips: [
    'Be specific about markets, customer groups, products, systems and teams.',
    'The out-of-scope list is often the more useful one: name the things people will assume are included.',
    'When the scope needs to change, agree it with the sponsor and update the charter.',
  ],
  examples: {
    good: [
      'In scope: "New customers in Germany and Austria who sign up online; the web sign-up flow."',
      'Out of scope: "Existing customers; enterprise contracts; the mobile app (planned for next year)."',
    ],
    avoid: [
      'In scope: "Everything related to onboarding." No boundary at all.',
      'An empty out-of-scope field.',
    ],
  },
};

export const risksHelp: HelpContent = {
  what: 'Risks are things that might go wrong; dependencies are things you need from others (teams, suppliers, decisions). Each comes with what you will do about it.',
  why: 'Naming risks early turns surprises into plans. Dependencies written down become conversations with the people you depend on, while there is still time.',
  tips: [
    'List the top three to five, not every conceivable risk.',
    'For each: how likely, how bad, the mitigation, and who watches it.',
    'For a dependency, name the team or person and the date you need it by.',
    'Revisit the list at each progress update; close the ones that passed.',
  ],
  examples: {
    good: [
      '"The data team may not deliver the customer API by May (likely: medium, impact: high). Mitigation: agree the interface by March; fall back to a nightly export."',
      '"Depends on Legal approving the new contract template by 15 April (contact: J. Park)."',
    ],
    avoid: [
      '"Things could go wrong." Nothing anyone can act on.',
      '"Budget." A word, not a risk: what might happen, and then what?',
    ],
  },
  finalWord:
    'A risk with a mitigation and an owner is under control; a risk that is not written down is a surprise waiting to happen.',
};
