// Benchmark of the authenticated-request hot path: every API call looks its key up, so
// GET /api/get-user-details/ measures key lookup + one user read, under 50 connections.
import { load } from './load.mjs';
import { login, startServer, waitUntilIdle } from './server.mjs';

export async function benchAccounts({ seconds = 10, warmup = 3, connections = 50 } = {}) {
  const server = await startServer();
  try {
    const key = await login(server.url);
    const title = 'GET /api/get-user-details/ (key lookup + one read)';
    const options = {
      url: `${server.url}/api/get-user-details/`,
      connections,
      headers: { authorization: `Token ${key}` },
    };
    const settle = () => waitUntilIdle(server.pid);
    return { title, database: 'PGlite', ...(await load(title, options, { seconds, warmup, settle })) };
  } finally {
    await server.stop();
  }
}
