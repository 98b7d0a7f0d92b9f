// GET /api/strategy/{id} of a full strategy (5 focus areas × 5 initiatives, 10 people on each
// initiative) under 50 connections: the page every editor opens and every live refresh reads.
import autocannon from 'autocannon';
import { login, startServer } from './server.mjs';

const DEMO = { email: 'demo@keystone.local', password: 'Demo-pass1!' };

async function call(url, key, method, path, body) {
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

export async function benchStrategyPage({ seconds = 10, connections = 50, databaseUrl } = {}) {
  const server = await startServer({ databaseUrl });
  try {
    const key = await login(server.url, DEMO.email, DEMO.password);
    const strategyId = await buildFullStrategy(server.url, key);
    const options = {
      url: `${server.url}/api/strategy/${strategyId}`,
      connections,
      headers: { authorization: `Token ${key}` },
    };
    await autocannon({ ...options, duration: 3 });
    const result = await autocannon({ ...options, duration: seconds });
    return {
      title: `GET /api/strategy/{id} (5×5, 10 people each, ${databaseUrl ? 'PostgreSQL' : 'PGlite'})`,
      connections,
      seconds,
      requestsPerSecond: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
    };
  } finally {
    await server.stop();
  }
}
