// The full strategy of the benchmarks (5 focus areas × 5 initiatives, 10 people on each
// initiative, 3 current progress comments each), built through the public API, and the load of
// its page read GET /api/strategy/{id}: the page every editor opens and every live refresh reads.
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
  return strategy.id;
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
