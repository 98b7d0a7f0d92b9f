// The full strategy of the benchmarks (5 focus areas × 5 initiatives, 10 people on each
// initiative, 3 current progress comments each, 2 measures on each initiative and 1 on each focus
// area with their current readings), built through the public API, and the load of its page read
// GET /api/strategy/{id}: the page every editor opens and every live refresh reads.
import { login, startServer } from './server.mjs';

export async function call(url, key, method, path, body) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Token ${key}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? null : response.json();
}

/** Builds the full strategy through the public API, as a user would. */
export async function buildFullStrategy(url, key) {
  const strategy = await call(url, key, 'POST', '/api/strategy/create/', {});
  await call(url, key, 'PATCH', `/api/strategy/update/${strategy.id}/`, {
    title: 'Benchmark strategy',
    ambition: '<p>Double recurring revenue by the end of next year while keeping churn under 3%.</p>',
  });
  for (let i = 0; i < 4; i++)
    await call(url, key, 'POST', '/api/focusarea/create/', { strategy: strategy.id });
  let page = await call(url, key, 'GET', `/api/strategy/${strategy.id}`);
  for (const area of page.focus_areas) {
    for (let i = 0; i < 4; i++)
      await call(url, key, 'POST', '/api/initiative/create/', { focus_area: area.id });
  }
  page = await call(url, key, 'GET', `/api/strategy/${strategy.id}`);
  const people = Array.from({ length: 10 }, (_, i) => ({ id: null, email: `person${i}@bench.test` }));
  await call(url, key, 'PATCH', '/api/assign-users-to-strategy/', {
    strategy_id: strategy.id,
    initiatives: page.focus_areas.flatMap((area) =>
      area.initiatives.map((initiative) => ({
        initiative_id: initiative.id,
        owners: people.slice(0, 3),
        sponsors: people.slice(3, 5),
        team_members: people.slice(5),
      })),
    ),
  });
  await addMeasures(url, key, page);
  return strategy.id;
}

/** Two kinds of measure, as teams define them: a count up to a target and a share kept above a floor. */
const MEASURES = [
  {
    title: 'Accounts live',
    unit: 'number',
    unit_label: 'accounts',
    baseline: '0',
    target: '120',
    direction: 'increase',
  },
  {
    title: 'Weekly active share',
    unit: 'percent',
    decimals: 1,
    baseline: '60',
    target: '75',
    direction: 'at_least',
  },
];

/**
 * Two measures on every initiative and one on every focus area, each with a value and a note for
 * the current due date. (Past readings need due dates to pass, which the public API cannot do;
 * their cost in the page read is bounded by LIMITS.readingsOnPage and asserted in the server's tests.)
 */
async function addMeasures(url, key, page) {
  const owners = page.focus_areas.flatMap((area) => [
    { focus_area: area.id, measures: MEASURES.slice(0, 1) },
    ...area.initiatives.map((initiative) => ({ initiative: initiative.id, measures: MEASURES })),
  ]);
  for (const { measures, ...owner } of owners)
    for (const [index, definition] of measures.entries()) {
      const measure = await call(url, key, 'POST', '/api/measures/create/', { ...owner, ...definition });
      await call(url, key, 'PATCH', `/api/measures/reading/${measure.id}/`, {
        value: index === 0 ? '42' : '71.5',
        note: 'Two pilot accounts went live this week.',
      });
    }
}

// Three short paragraphs of a charter section, as a team would write them (under LIMITS.charterField).
const paragraphs = (topic) =>
  [
    `<p>Our customers in the mid-market segment tell us that ${topic} is where they lose the most time today: onboarding takes six weeks, and most of it is spent waiting for answers from three different teams.</p>`,
    `<p>We will measure ${topic} every month against the baseline taken in January, and review it with the sponsors at each quarterly business review, so that decisions are made on figures rather than anecdotes.</p>`,
    `<p>What is <strong>not</strong> settled yet: the budget for the second half, and whether the regional teams can take part before the summer.</p>`,
  ].join('');

const CHARTER_TOPICS = {
  problem_statement: 'the hand-over between sales and delivery',
  in_scope: 'the onboarding of new accounts',
  out_scope: 'the renewal of existing contracts',
  risks_and_dependencies: 'the migration of the billing system',
  deliverables: 'a single onboarding checklist',
  impact: 'the time to first value',
  investment: 'the two additional delivery consultants',
};

/**
 * Fills what the "full" pages show beyond the structure: every section of the first initiative's
 * charter (a few paragraphs each), its work plan and eight timeline rows, and the three current
 * progress comments of every initiative. Returns the id of the initiative with the full charter.
 */
export async function fillFullStrategy(url, key, strategyId) {
  const page = await call(url, key, 'GET', `/api/strategy/${strategyId}`);
  const initiatives = page.focus_areas.flatMap((area) => area.initiatives);
  const charter = initiatives[0];
  await call(url, key, 'PATCH', `/api/initiative/update/${charter.id}/`, {
    title: 'Shorten the onboarding of new accounts',
    ...Object.fromEntries(Object.entries(CHARTER_TOPICS).map(([field, topic]) => [field, paragraphs(topic)])),
    work_plan:
      '<p>Discovery in the first quarter, pilot with five accounts in the second, roll-out after.</p>',
  });
  const year = new Date().getUTCFullYear();
  for (let month = 1; month <= 8; month++) {
    const day = (m) => `${year}-${String(m).padStart(2, '0')}-01`;
    await call(url, key, 'POST', '/api/timeline/create/', {
      initiative: charter.id,
      description: `<p>Milestone ${month}: review the onboarding checklist with the pilot accounts and adjust it.</p>`,
      start_date: day(month),
      end_date: day(month + 1),
    });
  }
  for (const initiative of initiatives)
    for (const comment of initiative.comments)
      await call(url, key, 'PATCH', `/api/comments/update/${comment.id}/`, {
        comment: `<p>Two of the five pilot accounts are live; the third starts next week. The checklist cut the first call from two hours to forty minutes.</p>`,
      });
  return charter.id;
}

/**
 * A seeded server (PGlite) with the full strategy built by the demo master: { server, key, userId,
 * strategyId }. The caller stops the server.
 */
export async function serverWithFullStrategy() {
  const server = await startServer();
  try {
    const key = await login(server.url);
    const strategyId = await buildFullStrategy(server.url, key);
    const user = await call(server.url, key, 'GET', '/api/get-user-details/');
    return { server, key, userId: user.id, strategyId };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** autocannon options of the page read: GET /api/strategy/{id} as the editor opens it. */
export function strategyReadOptions(url, key, strategyId, connections) {
  return {
    url: `${url}/api/strategy/${strategyId}`,
    connections,
    headers: { authorization: `Token ${key}` },
  };
}
