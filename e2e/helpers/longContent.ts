/**
 * A strategy full of long, realistic words for layout tests: long titles, long names and business
 * titles, long e-mail addresses, every charter field and comment written, a schedule with
 * reminders. What a narrow screen has to wrap, not hostile input.
 */
import type { RunningApp } from '../fixtures';
import { type ApiUser, apiCall, createUser } from './apiUsers';

export const LONG_TEXT = {
  strategy:
    'Become the most trusted partner for internationalisation and customer-relationship management across Europe, the Middle East and Africa by 2028',
  ambition:
    '<p>Every regional subsidiary runs its onboarding, invoicing and customer-relationship management on one platform, and our customers recommend us to their partners without being asked.</p>',
  focusArea: 'Operational excellence in customer-relationship management and internationalisation',
  initiative: 'Consolidate the Scandinavian, Benelux and Iberian subsidiaries onto one invoicing platform',
  charter:
    '<p>Subsidiaries maintain incompatible invoicing configurations, which multiplies reconciliation work and delays month-end closing by several days in every region.</p>',
  comment:
    '<p>The Scandinavian and Benelux subsidiaries migrated successfully; the Iberian migration waits for the localisation of the value-added-tax reports.</p>',
  businessTitle: 'Senior Vice President of International Customer Operations and Strategic Partnerships',
  recipient: 'maximiliana.featherstonehaugh-wolstenholme@international-operations.example.com',
} as const;

/** People with long names, each in a role of the strategy. */
const PEOPLE = [
  ['Maximiliana-Theodora', 'Featherstonehaugh-Wolstenholme'],
  ['Bartholomew-Alexander', 'Montgomery-Vanderbilt'],
  ['Konstantinos', 'Papadopoulos-Christodoulou'],
] as const;

interface WireStrategy {
  id: number;
  focus_areas: { id: number; initiatives: { id: number; comments: { id: number }[] }[] }[];
}

export interface LongStrategy {
  master: ApiUser;
  strategyId: number;
  initiativeId: number;
}

async function nameLong(app: RunningApp, user: ApiUser, [first, last]: readonly [string, string]) {
  await apiCall(app, '/update-user-details/', {
    method: 'PATCH',
    token: user.token,
    body: { first_name: first, last_name: last, business_title: LONG_TEXT.businessTitle },
  });
}

export async function longStrategy(app: RunningApp): Promise<LongStrategy> {
  const people: ApiUser[] = [];
  for (const name of PEOPLE) {
    const user = await createUser(app, name[0].split('-')[0]);
    await nameLong(app, user, name);
    people.push(user);
  }
  const [master, owner, sponsor] = people as [ApiUser, ApiUser, ApiUser];
  const call = <T>(path: string, method: 'POST' | 'PATCH', body: unknown) =>
    apiCall<T>(app, path, { method, body, token: master.token });

  const strategy = await call<WireStrategy>('/strategy/create/', 'POST', {
    title: LONG_TEXT.strategy,
    ambition: LONG_TEXT.ambition,
  });
  const area = strategy.focus_areas[0]!;
  await call(`/focusarea/update/${area.id}/`, 'PATCH', { title: `<p>${LONG_TEXT.focusArea}</p>` });
  const first = area.initiatives[0]!;
  const charterFields = [
    'problem_statement',
    'in_scope',
    'out_scope',
    'deliverables',
    'impact',
    'investment',
  ];
  await call(`/initiative/update/${first.id}/`, 'PATCH', {
    title: `<p>${LONG_TEXT.initiative}</p>`,
    status: 'DE',
    ...Object.fromEntries(charterFields.map((field) => [field, LONG_TEXT.charter])),
    work_plan: `<p>${LONG_TEXT.initiative}</p>`,
  });
  await call('/initiative/create/', 'POST', {
    focus_area: area.id,
    title: `<p>${LONG_TEXT.initiative} (second wave)</p>`,
  });
  for (const comment of first.comments)
    await call(`/comments/update/${comment.id}/`, 'PATCH', { comment: LONG_TEXT.comment });
  await call('/timeline/create/', 'POST', {
    initiative: first.id,
    description: `<p>${LONG_TEXT.initiative}</p>`,
    start_date: '2027-01-04',
    end_date: '2027-06-30',
  });
  const person = (user: ApiUser) => [{ id: user.id, email: user.email }];
  await call('/assign-users-to-strategy/', 'PATCH', {
    strategy_id: strategy.id,
    initiatives: [
      {
        initiative_id: first.id,
        owners: person(owner),
        sponsors: person(sponsor),
        team_members: [...person(owner), ...person(sponsor)],
      },
    ],
  });
  await call(`/notification-settings/update/${strategy.id}/`, 'PATCH', {
    time_zone: 'America/Argentina/Buenos_Aires',
    first_progress_update: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    update_frequency_number: 2,
    update_frequency_unit: 'week',
    additional_recipients: LONG_TEXT.recipient,
    team_reminders: [
      { offset_number: 48, offset_unit: 'hour' },
      { offset_number: 1, offset_unit: 'day' },
    ],
  });
  return { master, strategyId: strategy.id, initiativeId: first.id };
}
