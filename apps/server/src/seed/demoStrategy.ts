/**
 * The sample strategy of `npm run admin -- seed-demo` and of "Start from an example": a filled-in
 * page a newcomer can read, edit and share straight away. Built through the same services the API
 * uses, so every change is checked and recorded in the history as if typed by its master.
 */
import type { InitiativeStatus, UpdateInitiativeRequest } from '@keystone/contract';
import pino from 'pino';
import type { Config } from '../config';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { KeyGate } from '../http/keyGate';
import { systemClock } from '../lib/clock';
import type { AuthenticatedUser } from '../modules/auth/keys';
import type { RequestOrigin } from '../modules/auth/securityEvents';
import { createFocusArea, updateFocusArea } from '../modules/focus-areas/service';
import { createInitiative, updateInitiative } from '../modules/initiatives/service';
import { PageCache } from '../modules/strategies/pageCache';
import { createStrategy, updateStrategy } from '../modules/strategies/service';
import { assignTeam } from '../modules/team/service';

const paragraph = (text: string) => `<p>${text}</p>`;

type CharterField = Exclude<keyof UpdateInitiativeRequest, 'title' | 'status' | 'version' | 'work_plan'>;

/** Each initiative with a status, so the sample shows what a board at a glance looks like. */
const FOCUS_AREAS: { title: string; initiatives: [string, InitiativeStatus][] }[] = [
  {
    title: 'Delight our customers',
    initiatives: [
      ['Self-service onboarding in under 10 minutes', 'OT'],
      ['Customer health score for every account', 'DE'],
      ['Quarterly customer advisory board', 'OT'],
    ],
  },
  {
    title: 'Grow recurring revenue',
    initiatives: [
      ['Launch the team plan', 'BL'],
      ['Partner channel in the Nordics', 'OT'],
    ],
  },
  {
    title: 'Build a great place to work',
    initiatives: [
      ['Career ladder for engineering and sales', 'CO'],
      ['Monthly all-hands with open Q&A', 'OT'],
    ],
  },
];

/** A charter for the first initiative of each focus area, so the sample's charters are not all blank. */
const CHARTERS: Record<string, Partial<Record<CharterField, string>>> = {
  'Self-service onboarding in under 10 minutes': {
    problem_statement: paragraph(
      'New accounts wait three days for a guided set-up call; a third of trials end before it takes place.',
    ),
    in_scope: '<ul><li>Sign-up to first report without help</li><li>In-product checklist</li></ul>',
    out_scope: paragraph('Migrations from other tools, which stay with the services team.'),
    deliverables: '<ul><li>Guided set-up wizard</li><li>Sample data on first login</li></ul>',
    impact: paragraph('Trial to paid conversion from 18% to 25%.'),
  },
  'Launch the team plan': {
    problem_statement: paragraph('Teams of 5 to 20 people find our only plan too expensive and too complex.'),
    deliverables:
      '<ul><li>Team plan with monthly billing</li><li>Upgrade path to the business plan</li></ul>',
    risks_and_dependencies: paragraph('Needs the new billing provider, due at the end of the quarter.'),
    impact: paragraph('€2M of new recurring revenue in its first year.'),
  },
  'Career ladder for engineering and sales': {
    problem_statement: paragraph('People cannot see how to grow here, and exit interviews say so.'),
    deliverables: paragraph('A published ladder for each role, with the skills expected at every level.'),
    impact: paragraph('Regretted attrition below 8% a year.'),
  },
};

interface DemoPerson {
  id: number;
  email: string;
}

/** The other people of the demo organisation; none for an example, which invents nobody. */
interface DemoTeam {
  owner: DemoPerson;
  sponsor: DemoPerson;
}

/**
 * Creates the sample strategy with `master` as its master and returns its id. With a team, roles
 * alternate between the master and the team; without one, the master owns every initiative and
 * no one else is added.
 */
export async function writeDemoStrategy(
  ctx: AppContext,
  master: AuthenticatedUser,
  team: DemoTeam | null,
  origin: RequestOrigin,
): Promise<number> {
  const strategy = await createStrategy(ctx, master, {});
  await updateStrategy(ctx, master, strategy.id, {
    title: 'Acme 2027: from product to platform',
    ambition: paragraph(
      'By the end of 2027, <strong>double recurring revenue to €20M</strong> while keeping customer churn below 3% a year.',
    ),
  });

  const initiativeIds: number[] = [];
  for (const [index, area] of FOCUS_AREAS.entries()) {
    const focusArea =
      index === 0 ? strategy.focus_areas[0]! : await createFocusArea(ctx, master, { strategy: strategy.id });
    await updateFocusArea(ctx, master, focusArea.id, { title: paragraph(area.title) });
    for (const [position, [title, status]] of area.initiatives.entries()) {
      const initiativeId =
        position === 0
          ? focusArea.initiatives[0]!.id
          : (await createInitiative(ctx, master, { focus_area: focusArea.id })).id;
      await updateInitiative(ctx, master, initiativeId, {
        title: paragraph(title),
        status,
        ...CHARTERS[title],
      });
      initiativeIds.push(initiativeId);
    }
  }

  const self = { id: master.id, email: master.email };
  await assignTeam(
    ctx,
    master,
    {
      strategy_id: strategy.id,
      initiatives: initiativeIds.map((initiativeId, index) =>
        team
          ? {
              initiative_id: initiativeId,
              owners: [index % 2 === 0 ? team.owner : self],
              sponsors: [team.sponsor],
              team_members: index % 2 === 0 ? [self] : [team.owner],
            }
          : { initiative_id: initiativeId, owners: [self] },
      ),
    },
    origin,
  );
  return strategy.id;
}

export async function seedDemoStrategy(
  config: Config,
  db: Db,
  master: AuthenticatedUser,
  owner: DemoPerson,
  sponsor: DemoPerson,
): Promise<number> {
  // Nothing is mailed for the demo: everyone assigned already has an account.
  const ctx: AppContext = {
    config,
    db,
    log: pino({ level: 'silent' }),
    mailQueued: () => {},
    clock: systemClock,
    scheduleChanged: () => {},
    pages: new PageCache(),
    keyGate: new KeyGate(),
  };
  // Made by the operator's command, not from a browser.
  return writeDemoStrategy(
    ctx,
    master,
    { owner, sponsor },
    { ip: '', userAgent: 'npm run admin -- seed-demo' },
  );
}
