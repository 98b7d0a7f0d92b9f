// Benchmark of the authenticated-request hot path: every API call looks its key up, so
// GET /api/get-user-details/ measures key lookup + one user read, under 50 connections.
import autocannon from 'autocannon';
import { login, startServer } from './server.mjs';

const DEMO = { email: 'demo@keystone.local', password: 'Demo-pass1!' };

export async function benchAccounts({ seconds = 10, connections = 50 } = {}) {
  const server = await startServer();
  try {
    const key = await login(server.url, DEMO.email, DEMO.password);
    const run = (title, path) =>
      autocannon({
        url: `${server.url}${path}`,
        connections,
        duration: seconds,
        headers: { authorization: `Token ${key}` },
        title,
      });
    await run('warm-up', '/api/get-user-details/');
    const result = await run('GET /api/get-user-details/', '/api/get-user-details/');
    return {
      title: result.title,
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
