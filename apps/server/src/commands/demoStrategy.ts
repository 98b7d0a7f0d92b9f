/**
 * The sample strategy of `npm run admin -- seed-demo` and of "Start from an example": a filled-in
 * page a newcomer can read, edit and share straight away, with two past due dates behind it, so
 * the progress page, its history and the portfolio's trend show what they are for. Built through
 * the same services the API uses, so every change is checked and recorded in the history as if
 * typed by its master; its past is locked as a due date locks it (lockUpdates).
 */
import type { CommentType, InitiativeStatus, UpdateInitiativeRequest } from '@keystone/contract';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import type { Config } from '../config';
import type { Actor } from '../core/actor';
import type { AppContext } from '../core/context';
import { loadCurrentComments } from '../core/currentComments';
import { KeyGate } from '../core/keyGate';
import { PageCache } from '../core/pageCache';
import type { RequestOrigin } from '../core/securityEvents';
import { WriteRate } from '../core/writeRate';
import type { Db } from '../db/client';
import { notificationSettings } from '../db/schema';
import { systemClock } from '../lib/clock';
import { loadSecretBox } from '../lib/encryption';
import { createFocusArea, updateFocusArea } from '../modules/focusAreas/service';
import { createInitiative, updateInitiative } from '../modules/initiatives/service';
import { writeComment } from '../modules/progress/comments';
import { lockUpdates } from '../modules/progress/lockUpdates';
import { createStrategy, updateStrategy } from '../modules/strategies/service';
import { assignTeamInvitingNewPeople } from './assignTeam';
import { type DemoReadings, defineDemoMeasures, writeDemoReadings } from './demoMeasures';

const paragraph = (text: string) => `<p>${text}</p>`;

type CharterField = Exclude<keyof UpdateInitiativeRequest, 'title' | 'status' | 'version' | 'work_plan'>;

/** An initiative's status and update (Progress, Roadblocks, Next steps; plain text) at a due date. */
interface Update {
  status: InitiativeStatus;
  text: Partial<Record<CommentType, string>>;
}

/**
 * Each initiative's past and present: its update at the earlier and at the last past due date,
 * and what is written so far for the next one (its status stays as last reported). The statuses
 * move between the two dates, so the board, the progress history and the portfolio's trend differ;
 * one update left empty keeps the earlier date as its last update, and the drafts leave some
 * current updates empty, as the portfolio reports them.
 */
const FOCUS_AREAS: {
  title: string;
  initiatives: { title: string; earlier: Update; last: Update; draft?: Update['text'] }[];
}[] = [
  {
    title: 'Delight our customers',
    initiatives: [
      {
        title: 'Self-service onboarding in under 10 minutes',
        earlier: {
          status: 'OT',
          text: { PR: 'Wizard sketches tried with five trial accounts.', NS: 'Build the first three steps.' },
        },
        last: {
          status: 'OT',
          text: {
            PR: 'The first three wizard steps are live for one new trial in five.',
            NS: 'Load sample data on the first login.',
          },
        },
        draft: { PR: 'Sample data is ready for review.' },
      },
      {
        title: 'Customer health score for every account',
        earlier: { status: 'OT', text: { PR: 'Usage signals agreed with customer success.' } },
        last: {
          status: 'DE',
          text: {
            PR: 'Scores exist for 60% of accounts.',
            RB: 'Billing data reaches us a week late.',
            NS: 'Agree a daily export with finance.',
          },
        },
      },
      {
        title: 'Quarterly customer advisory board',
        earlier: { status: 'IN', text: { PR: 'Twelve customers shortlisted for the first board.' } },
        last: { status: 'OT', text: {} },
      },
    ],
  },
  {
    title: 'Grow recurring revenue',
    initiatives: [
      {
        title: 'Launch the team plan',
        earlier: {
          status: 'DE',
          text: {
            PR: 'Prices agreed; the billing provider’s contract is with legal.',
            RB: 'Legal review of the provider’s contract.',
          },
        },
        last: {
          status: 'BL',
          text: {
            PR: 'The plan and its upgrade path are built, behind a switch.',
            RB: 'The billing provider moved its launch to next quarter.',
            NS: 'Decide whether to launch on the old billing system.',
          },
        },
        draft: { RB: 'Still waiting for the billing provider.' },
      },
      {
        title: 'Partner channel in the Nordics',
        earlier: { status: 'IN', text: {} },
        last: {
          status: 'OT',
          text: { PR: 'Two resellers signed in Sweden.', NS: 'Train the partners in Oslo.' },
        },
      },
    ],
  },
  {
    title: 'Build a great place to work',
    initiatives: [
      {
        title: 'Career ladder for engineering and sales',
        earlier: { status: 'OT', text: { PR: 'Draft ladders reviewed by the team leads.' } },
        last: {
          status: 'CO',
          text: { PR: 'Ladders published; the first promotions used them.' },
        },
      },
      {
        title: 'Monthly all-hands with open Q&A',
        earlier: { status: 'OT', text: { PR: 'First all-hands held; four in five came.' } },
        last: {
          status: 'OT',
          text: {
            PR: 'Questions are now collected anonymously beforehand.',
            NS: 'A different host each month.',
          },
        },
        draft: { PR: 'Next month’s agenda is shared.' },
      },
    ],
  },
];

const DAY_MS = 86_400_000;

/** The sample's two past due dates: 09:00 UTC two weeks and one week before today. */
function pastDueDates(now: Date): [Date, Date] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 9);
  return [new Date(today - 14 * DAY_MS), new Date(today - 7 * DAY_MS)];
}

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
  master: Actor,
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
  /** Where the sample's measures go: each focus area and initiative by its title. */
  const owners = new Map<string, { focus_area: number } | { initiative: number }>();
  for (const [index, area] of FOCUS_AREAS.entries()) {
    const focusArea =
      index === 0 ? strategy.focus_areas[0]! : await createFocusArea(ctx, master, { strategy: strategy.id });
    await updateFocusArea(ctx, master, focusArea.id, { title: paragraph(area.title) });
    owners.set(area.title, { focus_area: focusArea.id });
    for (const [position, { title, earlier }] of area.initiatives.entries()) {
      const initiativeId =
        position === 0
          ? focusArea.initiatives[0]!.id
          : (await createInitiative(ctx, master, { focus_area: focusArea.id })).id;
      await updateInitiative(ctx, master, initiativeId, {
        title: paragraph(title),
        status: earlier.status,
        ...CHARTERS[title],
      });
      initiativeIds.push(initiativeId);
      owners.set(title, { initiative: initiativeId });
    }
  }

  const self = { id: master.id, email: master.email };
  await assignTeamInvitingNewPeople(
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
  const measures = await defineDemoMeasures(ctx, master, owners);
  await writeProgress(ctx, master, strategy.id, initiativeIds, measures);
  return strategy.id;
}

/** Writes the current update of each initiative (in page order) that `texts` gives. */
async function writeUpdates(
  ctx: AppContext,
  master: Actor,
  initiativeIds: readonly number[],
  texts: readonly (Update['text'] | undefined)[],
) {
  const current = await loadCurrentComments(ctx.db, initiativeIds);
  for (const [index, initiativeId] of initiativeIds.entries())
    for (const comment of current.get(initiativeId) ?? []) {
      const text = texts[index]?.[comment.comment_type];
      if (text) await writeComment(ctx, master, comment.id, paragraph(text));
    }
}

/**
 * The sample's past (two due dates, locked, with the measures' readings) and present (statuses as
 * last reported, a few drafts).
 */
async function writeProgress(
  ctx: AppContext,
  master: Actor,
  strategyId: number,
  initiativeIds: readonly number[],
  measures: DemoReadings,
) {
  const initiatives = FOCUS_AREAS.flatMap((area) => area.initiatives);
  const [earlierDue, lastDue] = pastDueDates(ctx.clock.now());
  await writeUpdates(
    ctx,
    master,
    initiativeIds,
    initiatives.map(({ earlier }) => earlier.text),
  );
  await writeDemoReadings(ctx, master, measures, 'earlier');
  await lockUpdates(ctx.db, initiativeIds, earlierDue);
  for (const [index, { earlier, last }] of initiatives.entries())
    if (last.status !== earlier.status)
      await updateInitiative(ctx, master, initiativeIds[index]!, { status: last.status });
  await writeUpdates(
    ctx,
    master,
    initiativeIds,
    initiatives.map(({ last }) => last.text),
  );
  await writeDemoReadings(ctx, master, measures, 'last');
  await lockUpdates(ctx.db, initiativeIds, lastDue);
  await writeUpdates(
    ctx,
    master,
    initiativeIds,
    initiatives.map(({ draft }) => draft),
  );
  await writeDemoReadings(ctx, master, measures, 'draft');
  // No rhythm: the example mails nobody. Its settings know the last due date, as if it had one.
  await ctx.db
    .update(notificationSettings)
    .set({ lastProgressUpdate: lastDue })
    .where(eq(notificationSettings.strategyId, strategyId));
}

export async function seedDemoStrategy(
  config: Config,
  db: Db,
  master: Actor,
  owner: DemoPerson,
  sponsor: DemoPerson,
): Promise<number> {
  // Nothing is mailed for the demo: everyone assigned already has an account.
  const ctx: AppContext = {
    config,
    db,
    log: pino({ level: 'silent' }),
    mailQueued: () => {},
    // A running server's worker sends any deliveries on its next poll.
    webhooksQueued: () => {},
    clock: systemClock,
    scheduleChanged: () => {},
    pages: new PageCache(),
    keyGate: new KeyGate(),
    secrets: await loadSecretBox(config.secretKeys, config.dataDir),
    writeRate: new WriteRate(config.writesPerMinute, config.writeBurst, Date.now),
  };
  // Made by the operator's command, not from a browser.
  return writeDemoStrategy(
    ctx,
    master,
    { owner, sponsor },
    { ip: '', userAgent: 'npm run admin -- seed-demo' },
  );
}
