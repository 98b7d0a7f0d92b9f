// Fan-out on one instance (issue 33): one server on PostgreSQL holding 2,500 sockets (a locks and
// a streaming socket for each of 1,250 people, 25 people on each of 50 strategies), and a steady
// mix of lock/unlock calls and title edits at a set rate. Measures, at every socket that should
// get each message, the time from the call to its arrival; counts messages a socket got for a
// strategy its user does not view, and messages missed; and the server memory per idle socket.
// The harness for profiling the delivery path (BENCH_CPU_PROF=DIR writes the server's profile):
//
//   node bench/fanout.mjs [--people=1250] [--strategies=50] [--rate=40] [--seconds=20]
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { startCluster } from '../scripts/pg-cluster.mjs';
import { openInBatches, openSocket, retainedRss, summary } from './realtime.mjs';
import { apiCall, login, startServer } from './server.mjs';

const require = createRequire(new URL('../apps/server/package.json', import.meta.url));
const pg = require('pg');

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** `strategyCount` strategies of the demo master, and `peopleCount` people spread over them as masters. */
async function createPeople(url, databaseUrl, peopleCount, strategyCount) {
  const demoKey = await login(url);
  const strategyIds = [];
  for (let i = 0; i < strategyCount; i++)
    strategyIds.push((await apiCall(url, demoKey, 'POST', '/api/strategy/create/', {})).id);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const {
      rows: [demo],
    } = await client.query("select organisation_id from users where email = 'demo@keystone.local'");
    const { rows } = await client.query(
      `insert into users (organisation_id, email, first_name, last_name, email_verified_at)
         select $1, 'fanout' || i || '@bench.test', 'Fanout', 'Person ' || i, now() from generate_series(1, $2) i
         returning id`,
      [demo.organisation_id, peopleCount],
    );
    const people = rows.map((row, i) => ({
      id: row.id,
      key: randomBytes(32).toString('base64url'),
      strategyId: strategyIds[i % strategyCount],
      connectionId: randomUUID(),
    }));
    await client.query(
      'insert into auth_keys (user_id, key_hash) select * from unnest($1::int[], $2::text[])',
      [people.map((p) => p.id), people.map((p) => createHash('sha256').update(p.key).digest('hex'))],
    );
    await client.query(
      'insert into strategy_masters (strategy_id, user_id) select * from unnest($1::int[], $2::int[])',
      [people.map((p) => p.strategyId), people.map((p) => p.id)],
    );
    return { people, strategyIds };
  } finally {
    await client.end();
  }
}

export async function benchFanout({ peopleCount = 1250, strategyCount = 50, rate = 40, seconds = 20 } = {}) {
  const loadAtStart = os.loadavg()[0];
  const cluster = await startCluster();
  let server = null;
  const sockets = [];
  try {
    server = await startServer({ databaseUrl: cluster.url, inspect: true });
    const { people } = await createPeople(server.url, cluster.url, peopleCount, strategyCount);
    await sleep(1000);
    const rssBefore = await retainedRss(server);

    /** Messages awaited, by a key each message carries: when the call started, how many sockets remain. */
    const awaited = new Map();
    const deliveries = { lock: [], edit: [] };
    const expect = (key, kind, count) =>
      awaited.set(key, { kind, start: performance.now(), remaining: count });
    let misdelivered = 0;
    const onMessage = (index, time, message) => {
      const person = people[index >> 1];
      const strategyId = message.strategy_id ?? (message.model === 'strategy' ? message.res_id : undefined);
      if (strategyId !== person.strategyId) misdelivered += 1;
      const key =
        message.action === 'lock' || message.action === 'unlock'
          ? `${message.action} ${message.user_id}`
          : message.value;
      const entry = awaited.get(key);
      if (!entry) return;
      deliveries[entry.kind].push(time - entry.start);
      entry.remaining -= 1;
      if (entry.remaining === 0) awaited.delete(key);
    };
    // Socket 2i is person i's locks socket, 2i+1 their streaming socket.
    sockets.push(
      ...(await openInBatches(
        people.flatMap((person, i) => [
          () => openSocket(server.url, 'locks', person.key, person.connectionId, 2 * i, onMessage),
          () => openSocket(server.url, 'streaming', person.key, null, 2 * i + 1, onMessage),
        ]),
      )),
    );
    await sleep(3000);
    const rssAfter = await retainedRss(server);
    const viewersOf = new Map();
    for (const person of people)
      viewersOf.set(person.strategyId, (viewersOf.get(person.strategyId) ?? 0) + 1);

    // The load: every 1/rate s one call by a random person on their strategy, alternately a lock
    // (then its unlock) and a title edit. A person never has two calls in flight.
    const busy = new Set();
    const calls = [];
    let failures = 0;
    const act = async (n) => {
      const person = people[Math.floor(Math.random() * people.length)];
      if (busy.has(person.id)) return;
      busy.add(person.id);
      const count = viewersOf.get(person.strategyId);
      const ambition = { model: 'strategy', res_id: person.strategyId, field: 'ambition' };
      try {
        if (n % 2 === 0) {
          const value = `Fanout ${n} ${randomUUID()}`;
          expect(value, 'edit', count);
          await apiCall(server.url, person.key, 'PATCH', `/api/strategy/update/${person.strategyId}/`, {
            title: value,
          });
        } else {
          const headers = { 'x-connection-id': person.connectionId };
          expect(`lock ${person.id}`, 'lock', count);
          await apiCall(server.url, person.key, 'POST', '/api/lock-field/', ambition, headers);
          expect(`unlock ${person.id}`, 'lock', count);
          await apiCall(server.url, person.key, 'POST', '/api/unlock-field/', ambition, headers);
        }
      } catch (error) {
        // A refused call (someone else holds the lock) publishes nothing.
        for (const key of [`lock ${person.id}`, `unlock ${person.id}`]) awaited.delete(key);
        failures += 1;
        if (failures <= 3) console.error(String(error));
      } finally {
        busy.delete(person.id);
      }
    };
    const started = performance.now();
    const cpuStart = process.cpuUsage();
    let n = 0;
    while (performance.now() - started < seconds * 1000) {
      calls.push(act(n++));
      await sleep(1000 / rate);
    }
    await Promise.all(calls);
    await sleep(1000);
    const missed = [...awaited.values()].reduce((sum, entry) => sum + entry.remaining, 0);
    return {
      people: peopleCount,
      strategies: strategyCount,
      sockets: sockets.length,
      rate,
      seconds,
      calls: n,
      failures,
      lock: summary(deliveries.lock),
      edit: summary(deliveries.edit),
      misdelivered,
      missed,
      bytesPerSocket: Math.round((rssAfter - rssBefore) / sockets.length),
      clientCpuMs: Math.round(process.cpuUsage(cpuStart).user / 1000),
      loadAverage: [loadAtStart, os.loadavg()[0]].map((load) => load.toFixed(1)),
    };
  } finally {
    for (const socket of sockets) {
      socket.removeAllListeners('close');
      socket.terminate();
    }
    await server?.stop();
    cluster.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const options = Object.fromEntries(
    process.argv
      .slice(2)
      .map((arg) => /^--(\w+)=(\d+)$/.exec(arg))
      .filter(Boolean)
      .map(([, name, value]) => [
        name === 'people' ? 'peopleCount' : name === 'strategies' ? 'strategyCount' : name,
        Number(value),
      ]),
  );
  console.log(JSON.stringify(await benchFanout(options), null, 2));
}
