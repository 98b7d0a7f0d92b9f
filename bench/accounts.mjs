// Benchmark of the authenticated-request hot path: every API call looks its key up, so
// GET /api/get-user-details/ measures key lookup + one user read, under 50 connections.
import autocannon from 'autocannon';
import { login, startServer } from './server.mjs';

const DEMO = { email: 'demo@keystone.local', password: 'Demo-pass1!' };

export async function benchAccounts({ seconds = 10, connections = 50 } = {}) {
  const server = await startServer();
  try {
    const key = await login(server.url, DEMO.email, DEMO.password);
    await autocannon({
      url: `${server.url}/api/get-user-details/`,
      connections,
      duration: 3,
      headers: { authorization: `Token ${key}` },
    });
    const result = await autocannon({
      url: `${server.url}/api/get-user-details/`,
      connections,
      duration: seconds,
      headers: { authorization: `Token ${key}` },
    });
    return {
      title: 'GET /api/get-user-details/ (key lookup + one read, PGlite)',
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
