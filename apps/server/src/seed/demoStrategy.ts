/**
 * The sample strategy of `npm run admin -- seed-demo`: a filled-in page a newcomer can read,
 * edit and share straight away. Built through the same services the API uses.
 */
import pino from 'pino';
import type { Config } from '../config';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { KeyGate } from '../http/keyGate';
import { systemClock } from '../lib/clock';
import type { AuthenticatedUser } from '../modules/auth/keys';
import { createFocusArea, updateFocusArea } from '../modules/focus-areas/service';
import { createInitiative, updateInitiative } from '../modules/initiatives/service';
import { PageCache } from '../modules/strategies/pageCache';
import { createStrategy, updateStrategy } from '../modules/strategies/service';
import { assignTeam } from '../modules/team/service';

const paragraph = (text: string) => `<p>${text}</p>`;

const FOCUS_AREAS = [
  {
    title: 'Delight our customers',
    initiatives: [
      'Self-service onboarding in under 10 minutes',
      'Customer health score for every account',
      'Quarterly customer advisory board',
    ],
  },
  {
    title: 'Grow recurring revenue',
    initiatives: ['Launch the team plan', 'Partner channel in the Nordics'],
  },
  {
    title: 'Build a great place to work',
    initiatives: ['Career ladder for engineering and sales', 'Monthly all-hands with open Q&A'],
  },
];

interface DemoPerson {
  id: number;
  email: string;
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
    for (const [position, title] of area.initiatives.entries()) {
      const initiativeId =
        position === 0
          ? focusArea.initiatives[0]!.id
          : (await createInitiative(ctx, master, { focus_area: focusArea.id })).id;
      await updateInitiative(ctx, master, initiativeId, { title: paragraph(title) });
      initiativeIds.push(initiativeId);
    }
  }

  await assignTeam(
    ctx,
    master,
    {
      strategy_id: strategy.id,
      initiatives: initiativeIds.map((initiativeId, index) => ({
        initiative_id: initiativeId,
        owners: [index % 2 === 0 ? owner : { id: master.id, email: master.email }],
        sponsors: [sponsor],
        team_members: index % 2 === 0 ? [{ id: master.id, email: master.email }] : [owner],
      })),
    },
    // Made by the operator's command, not from a browser.
    { ip: '', userAgent: 'npm run admin -- seed-demo' },
  );
  return strategy.id;
}
