// The multi-instance bench (issue 33): four compiled instances on one PostgreSQL behind Debian's
// HAProxy (`--lb=nginx` for nginx), 10,000 sockets of many people on many strategies held by two
// client processes (bench/clusterClient.mjs), a steady mix of lock calls, edits and page reads.
// Measures delivery p50/p99 at every socket that should get each message (and counts those that
// got one they should not, and those that missed one), the write rate held, memory per idle
// socket, CPU per instance, pg_notification_queue_usage(); raises the write rate until delivery
// p99 passes 50 ms (the ceiling); restarts each instance in turn (SIGTERM) under load, then kills
// one (SIGKILL) holding locks and claimed mail, with mail counted at a loopback SMTP receiver.
//
//   npm run bench:cluster -- [--broker=postgres|redis|both] [--lb=haproxy|nginx] [--sockets=N]
//                            [--quick] [--write]
//
// `--write` puts the section into bench/RESULTS.md in place of the previous one; `npm run bench`
// runs it with both brokers as its `cluster` part.
import { fork } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { freePort } from '../scripts/free-port.mjs';
import { startCluster } from '../scripts/pg-cluster.mjs';
import { kb, verdict } from './format.mjs';
import { startLoadBalancer } from './loadBalancer.mjs';
import { startMailCounter } from './mailCounter.mjs';
import { retainedRss, summary } from './realtime.mjs';
import { cpuTicks, DEMO, login, startServer } from './server.mjs';

const require = createRequire(new URL('../apps/server/package.json', import.meta.url));
const pg = require('pg');

export const GOALS = {
  deliveryP99Ms: 25,
  bytesPerIdleSocket: 20 * 1024,
  drainMs: 2000,
  locksFreeAfterKillMs: 10_000,
  mailAfterKillMs: 30_000,
  ceilingP99Ms: 50,
};
const INSTANCES = 4;
const CLIENTS = 2;
/** People per strategy (all its masters); one in ten is also a master of a second strategy. */
const PEOPLE_PER_STRATEGY = 20;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const benchStarted = performance.now();
const step = (label) =>
  console.error(`[${Math.round((performance.now() - benchStarted) / 1000)} s] cluster: ${label}`);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function phases(quick) {
  return quick
    ? {
        steadySeconds: 8,
        rate: 60,
        ceilingSeconds: 6,
        ceilingRates: [120, 240],
        lowerRates: [30],
        mails: 20,
        held: 20,
        mailWaitMs: 40_000,
      }
    : {
        steadySeconds: 20,
        rate: 100,
        ceilingSeconds: 10,
        ceilingRates: [200, 300, 450, 650, 900, 1200],
        lowerRates: [50, 25, 10],
        mails: 100,
        held: 100,
        // Twice the goal: a claim left to time out (120 s) shows as mail never sent.
        mailWaitMs: 60_000,
      };
}

/** A client process and its requests over IPC. */
function startClient() {
  const child = fork(fileURLToPath(new URL('./clusterClient.mjs', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  const waiting = new Map();
  let next = 0;
  child.on('message', ({ id, result, error }) => {
    const { resolve, reject } = waiting.get(id);
    waiting.delete(id);
    if (error) reject(new Error(error));
    else resolve(result);
  });
  child.on('exit', (code) => {
    for (const { reject } of waiting.values()) reject(new Error(`a client process exited (${code})`));
  });
  return {
    pid: child.pid,
    ask: (type, payload = {}) =>
      new Promise((resolve, reject) => {
        next += 1;
        waiting.set(next, { resolve, reject });
        child.send({ id: next, type, ...payload });
      }),
    exited: new Promise((resolve) => child.once('exit', resolve)),
  };
}

async function api(url, key, method, apiPath, body) {
  const response = await fetch(`${url}${apiPath}`, {
    method,
    headers: { authorization: `Token ${key}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${apiPath}: ${response.status} ${await response.text()}`);
  return response.json();
}

/**
 * The people and strategies, made on a first instance that is stopped afterwards (so no instance
 * of the measurement has cached a page from before the people were added): the demo master
 * creates the strategies through the API, the people, their keys and their roles go in with SQL.
 */
async function seed(databaseUrl, env, userCount) {
  const server = await startServer({ databaseUrl, env });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const key = await login(server.url, DEMO.email, DEMO.password);
    const strategyCount = Math.max(CLIENTS, Math.round(userCount / PEOPLE_PER_STRATEGY));
    const ids = [];
    for (let i = 0; i < strategyCount; i += 10) {
      const batch = Array.from({ length: Math.min(10, strategyCount - i) }, () =>
        api(server.url, key, 'POST', '/api/strategy/create/', {}),
      );
      ids.push(...(await Promise.all(batch)).map((strategy) => strategy.id));
    }
    const {
      rows: [demo],
    } = await db.query('select organisation_id from users where email = $1', [DEMO.email]);
    const { rows } = await db.query(
      `insert into users (organisation_id, email, first_name, last_name, email_verified_at)
         select $1, 'cluster' || i || '@bench.test', 'Bench', 'Person ' || i, now() from generate_series(1, $2) i
         returning id`,
      [demo.organisation_id, userCount],
    );
    const { randomBytes, createHash } = await import('node:crypto');
    const users = rows.map((row) => ({ id: row.id, key: randomBytes(32).toString('base64url') }));
    await db.query('insert into auth_keys (user_id, key_hash) select * from unnest($1::int[], $2::text[])', [
      users.map((user) => user.id),
      users.map((user) => createHash('sha256').update(user.key).digest('hex')),
    ]);
    // Person i is a master of strategy i mod S; one in ten also of the next strategy of its client's share.
    const masters = new Map(ids.map((id) => [id, []]));
    users.forEach((user, i) => {
      const s = i % ids.length;
      masters.get(ids[s]).push(user.id);
      if (i % 10 === 0) masters.get(ids[(s + CLIENTS) % ids.length]).push(user.id);
    });
    const pairs = [...masters].flatMap(([strategyId, userIds]) =>
      userIds.map((userId) => [strategyId, userId]),
    );
    await db.query(
      'insert into strategy_masters (strategy_id, user_id) select * from unnest($1::int[], $2::int[])',
      [pairs.map(([strategyId]) => strategyId), pairs.map(([, userId]) => userId)],
    );
    const { rows: areas } = await db.query(
      'select distinct on (strategy_id) strategy_id, id from focus_areas where strategy_id = any($1) order by strategy_id, id',
      [ids],
    );
    const areaOf = new Map(areas.map((area) => [area.strategy_id, area.id]));
    const strategies = ids.map((id) => ({ id, focusAreaId: areaOf.get(id), viewers: masters.get(id) }));
    return { users, strategies };
  } finally {
    await db.end();
    await server.stop();
  }
}

/** Established connections to a port (the load balancer's to one instance: its sockets). */
async function connectionsTo(port) {
  const { execFileSync } = await import('node:child_process');
  const out = execFileSync('ss', ['-Htn', 'state', 'established', `( sport = :${port} )`], {
    encoding: 'utf8',
  });
  return out.split('\n').filter(Boolean).length;
}

/** CPU used by each process between start() and stop(), as a share of one core. */
function cpuMeter(pids) {
  const started = performance.now();
  const before = pids.map((pid) => cpuTicks(pid));
  return () => {
    const seconds = (performance.now() - started) / 1000;
    return pids.map((pid, i) => Math.round((cpuTicks(pid) - before[i]) / seconds));
  };
}

/** The largest pg_notification_queue_usage() seen, sampled every 500 ms. */
function queueMeter(db) {
  let max = 0;
  const timer = setInterval(() => {
    db.query('select pg_notification_queue_usage() as usage')
      .then(({ rows }) => {
        max = Math.max(max, Number(rows[0].usage));
      })
      .catch(() => {});
  }, 500);
  return () => {
    clearInterval(timer);
    return max;
  };
}

/** One load at `rate` writes/s on every client, with what the instances used meanwhile. */
async function measuredLoad(world, rate, seconds) {
  const { clients, servers, db } = world;
  const cpu = cpuMeter([...servers.map((server) => server.pid), ...clients.map((client) => client.pid)]);
  const queue = queueMeter(db);
  const lagBefore = await deliveryLag(world.metricsUrls);
  await Promise.all(
    clients.map((client) => client.ask('start', { rate: rate / CLIENTS, reads: rate / 4 / CLIENTS })),
  );
  await sleep(seconds * 1000);
  const usage = cpu();
  const parts = await Promise.all(clients.map((client) => client.ask('end')));
  const lagAfter = await deliveryLag(world.metricsUrls);
  return {
    rate,
    ...combine(parts),
    cpu: usage.slice(0, servers.length),
    clientCpu: usage.slice(servers.length),
    queueUsage: queue(),
    serverLag: lagQuantiles(lagBefore, lagAfter),
  };
}

function combine(parts) {
  const sum = (key) => parts.reduce((total, part) => total + part[key], 0);
  const failed = {};
  for (const part of parts)
    for (const [key, count] of Object.entries(part.failed)) failed[key] = (failed[key] ?? 0) + count;
  const seconds = Math.max(...parts.map((part) => part.seconds));
  return {
    seconds,
    lock: summary(parts.flatMap((part) => part.lock)),
    edit: summary(parts.flatMap((part) => part.edit)),
    all: summary(parts.flatMap((part) => [...part.lock, ...part.edit])),
    answer: summary(parts.flatMap((part) => part.answer)),
    deliveries: sum('expected'),
    missed: sum('missed'),
    misdelivered: sum('misdelivered'),
    unsolicited: sum('unsolicited'),
    notCounted: sum('notCounted'),
    writes: sum('writes'),
    acked: sum('acked'),
    writesPerSecond: Math.round(sum('acked') / seconds),
    reads: sum('reads'),
    readsFailed: sum('readsFailed'),
    skipped: sum('skipped'),
    failed,
  };
}

/** Every instance's keystone_realtime_delivery_lag_seconds buckets, summed: le → count. */
async function deliveryLag(urls) {
  const buckets = new Map();
  for (const url of urls) {
    const text = await (await fetch(url)).text();
    for (const [, le, count] of text.matchAll(
      /^keystone_realtime_delivery_lag_seconds_bucket\{le="([^"]+)"\} (\d+)/gm,
    ))
      buckets.set(le, (buckets.get(le) ?? 0) + Number(count));
  }
  return buckets;
}

/**
 * The instances' own view of a load: from each event's publication to its frame handed to their
 * sockets, p50 and p99 as the bucket bound they fall under (e.g. "≤ 5 ms").
 */
function lagQuantiles(before, after) {
  const rows = [...after].map(([le, count]) => [le, count - (before.get(le) ?? 0)]);
  const total = rows.find(([le]) => le === '+Inf')?.[1] ?? 0;
  const under = (q) => {
    const found = rows.find(([, count]) => count >= q * total)?.[0];
    return found === undefined || total === 0
      ? '–'
      : found === '+Inf'
        ? '> 10 s'
        : `≤ ${Number(found) * 1000} ms`;
  };
  return { events: total, p50: under(0.5), p99: under(0.99) };
}

async function whileWaiting(check, timeoutMs, everyMs = 100) {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (await check()) return Math.round(performance.now() - started);
    await sleep(everyMs);
  }
  return null;
}

async function queueMails(db, count, label, spreadSeconds = 0) {
  await db.query(
    `insert into outbox_mails (recipient, subject, text_body, html_body, next_attempt_at)
       select 'reader' || i || '@bench.test', $1 || ' ' || i, 'bench', '<p>bench</p>',
              now() + make_interval(secs => $3::float8 * i / $2)
       from generate_series(1, $2) i`,
    [label, count, spreadSeconds],
  );
  return Array.from({ length: count }, (_, i) => `${label} ${i + 1}`);
}

function mailCount(counter, subjects) {
  let once = 0;
  let twice = 0;
  let never = 0;
  let last = 0;
  for (const subject of subjects) {
    const times = counter.accepted.get(subject) ?? [];
    if (times.length === 0) never += 1;
    else if (times.length === 1) once += 1;
    else twice += 1;
    for (const time of times) last = Math.max(last, time);
  }
  return { once, twice, never, last };
}

/** Reconnections per second: the busiest second, and how many in all. */
function reconnectRate(times) {
  const perSecond = new Map();
  for (const time of times) {
    const second = Math.floor(time / 1000);
    perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
  }
  return { total: times.length, busiestSecond: Math.max(0, ...perSecond.values()) };
}

/** SIGTERM each instance in turn under load, starting it again before the next. */
async function rollingRestart(world, settings) {
  const { clients, servers, db, counter, startInstance } = world;
  const subjects = await queueMails(db, settings.mails, `rolling ${Date.now()}`, 20);
  await Promise.all(clients.map((client) => client.ask('closes')));
  await Promise.all(clients.map((client) => client.ask('reconnects')));
  await Promise.all(
    clients.map((client) =>
      client.ask('start', { rate: settings.rate / CLIENTS, reads: settings.rate / 4 / CLIENTS }),
    ),
  );
  const restarts = [];
  for (let i = 0; i < servers.length; i++) {
    await sleep(2000);
    // The locks held now: one still there after the exit (same row), on a socket the instance
    // closed, was not released (a lock taken again after its release is a new row).
    const { rows: before } = await db.query('select id, connection_id from locked_fields');
    const signalled = performance.now();
    servers[i].kill('SIGTERM');
    await servers[i].exited;
    const drainMs = Math.round(performance.now() - signalled);
    // Locks of the sockets it closed (1001) still held once it is gone.
    const closed = (await Promise.all(clients.map((client) => client.ask('closes')))).flat();
    const ids = new Set(closed.filter((close) => close.kind === 'locks').map((close) => close.connectionId));
    const theirs = before.filter((row) => ids.has(row.connection_id)).map((row) => row.id);
    const {
      rows: [left],
    } = await db.query('select count(*)::int as count from locked_fields where id = any($1)', [theirs]);
    await servers[i].stop();
    servers[i] = await startInstance(servers[i].port);
    const backMs = await whileWaiting(
      async () =>
        (await Promise.all(clients.map((client) => client.ask('down')))).every((down) => down === 0),
      20_000,
    );
    restarts.push({
      drainMs,
      closedSockets: closed.length,
      closeCodes: [...new Set(closed.map((close) => close.code))],
      locksHeld: theirs.length,
      locksLeft: left.count,
      readyMs: servers[i].readyMs,
      allBackMs: backMs === null ? null : Math.round(performance.now() - signalled),
    });
  }
  const parts = await Promise.all(clients.map((client) => client.ask('end')));
  const reconnects = (await Promise.all(clients.map((client) => client.ask('reconnects')))).flat();
  const verified = await Promise.all(clients.map((client) => client.ask('verify')));
  await whileWaiting(() => mailCount(counter, subjects).never === 0, 30_000, 500);
  return {
    restarts,
    load: combine(parts),
    reconnects: reconnectRate(reconnects),
    editsChecked: verified.reduce((sum, v) => sum + v.checked, 0),
    editsLost: verified.reduce((sum, v) => sum + v.lost, 0),
    mail: mailCount(counter, subjects),
  };
}

/** SIGKILL one instance holding locks (sockets opened straight to it) and claimed, unsent mail. */
async function killOne(world, settings) {
  const { clients, servers, db, counter, startInstance } = world;
  const victim = servers.length - 1;
  const held = (
    await Promise.all(
      clients.map((client) =>
        client.ask('hold', { instanceUrl: servers[victim].url, count: settings.held / CLIENTS }),
      ),
    )
  ).flat();
  // Mail answered slowly, so every instance is mid-batch when one dies.
  counter.answerAfterMs = 200;
  const subjects = await queueMails(db, settings.mails, `kill ${Date.now()}`);
  await sleep(1500);
  const {
    rows: [claimed],
  } = await db.query(
    'select count(*)::int as count from outbox_mails where sent_at is null and claimed_until > now()',
  );
  const killedAt = Date.now();
  const killed = performance.now();
  servers[victim].kill('SIGKILL');
  await servers[victim].exited;
  const locksFreeMs = await whileWaiting(async () => {
    const { rows } = await db.query(
      'select count(*)::int as count from locked_fields where connection_id = any($1)',
      [held],
    );
    return rows[0].count === 0;
  }, 45_000);
  await whileWaiting(
    () => mailCount(counter, subjects).never === 0,
    settings.mailWaitMs - (performance.now() - killed),
    250,
  );
  counter.answerAfterMs = 0;
  const mail = mailCount(counter, subjects);
  await servers[victim].stop();
  servers[victim] = await startInstance(servers[victim].port);
  return {
    locksHeld: held.length,
    locksFreeMs,
    mailsClaimedAtKill: claimed.count,
    mail,
    lastMailAfterKillMs: mail.last > 0 ? mail.last - killedAt : null,
  };
}

export async function benchCluster({
  broker = 'postgres',
  lb = 'haproxy',
  sockets = 10_000,
  quick = false,
} = {}) {
  const settings = phases(quick);
  const started = performance.now();
  const loadAtStart = os.loadavg()[0];
  const cleanups = [];
  const cleanUp = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
  };
  const onSignal = (signal) => void cleanUp().finally(() => process.kill(process.pid, signal));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const cluster = await startCluster();
    cleanups.push(async () => cluster.stop());
    const counter = await startMailCounter();
    cleanups.push(() => counter.stop());
    const env = { SMTP_URL: counter.url, TRUST_PROXY: 'loopback' };
    if (broker === 'redis') {
      const { startRedis } = await import('../scripts/redis-server.mjs');
      const redis = await startRedis();
      cleanups.push(async () => redis.stop());
      env.REDIS_URL = redis.url;
    }
    const userCount = Math.round(sockets / 2);
    step(`${broker}: seeding ${userCount} people`);
    const { users, strategies } = await seed(cluster.url, env, userCount);

    const ports = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()));
    // Each instance keeps its port and its metrics port when started again.
    const metricsPorts = new Map();
    for (const port of ports) metricsPorts.set(port, await freePort());
    const startInstance = (port) =>
      startServer({
        databaseUrl: cluster.url,
        seed: false,
        inspect: true,
        port,
        env: { ...env, METRICS_PORT: String(metricsPorts.get(port)) },
      });
    const servers = [];
    cleanups.push(() => Promise.all(servers.map((server) => server.stop())));
    for (const port of ports) servers.push(await startInstance(port));
    const balancer = await startLoadBalancer(lb, ports);
    cleanups.push(() => balancer.stop());
    const db = new pg.Client({ connectionString: cluster.url });
    await db.connect();
    cleanups.push(() => db.end());

    // Each client has every other strategy and the people who see them.
    const clients = Array.from({ length: CLIENTS }, () => startClient());
    cleanups.push(async () => {
      await Promise.allSettled(clients.map((client) => client.ask('stop')));
      await Promise.all(clients.map((client) => client.exited));
    });
    await Promise.all(
      clients.map((client, c) => {
        const share = strategies.filter((_, s) => s % CLIENTS === c);
        const people = new Set(share.flatMap((strategy) => strategy.viewers));
        return client.ask('init', {
          clientIndex: c,
          url: balancer.urls[c % balancer.urls.length],
          strategies: share,
          users: users.filter((user) => people.has(user.id)),
          pagesPerUser: 1,
        });
      }),
    );
    const world = {
      clients,
      servers,
      db,
      counter,
      startInstance,
      metricsUrls: ports.map((port) => `http://127.0.0.1:${metricsPorts.get(port)}/metrics`),
    };

    await sleep(2000);
    const rssBefore = await Promise.all(servers.map((server) => retainedRss(server)));
    step(`opening ${sockets} sockets`);
    const opening = await Promise.all(clients.map((client) => client.ask('open')));
    await sleep(3000);
    const socketsPerInstance = await Promise.all(ports.map((port) => connectionsTo(port)));
    const rssAfter = await Promise.all(servers.map((server) => retainedRss(server)));
    const memory = {
      socketsPerInstance,
      openMs: Math.max(...opening.map((o) => o.ms)),
      opened: opening.reduce((sum, o) => sum + o.opened, 0),
      openFailed: opening.reduce((sum, o) => sum + o.failed, 0),
      bytesPerSocket: servers.map((_, s) => Math.round((rssAfter[s] - rssBefore[s]) / socketsPerInstance[s])),
    };

    step(`steady load, ${settings.rate} writes/s`);
    const steady = await measuredLoad(world, settings.rate, settings.steadySeconds);
    // Up from the steady rate while delivery keeps within the ceiling's p99; down if it did not.
    const within = (measured) =>
      measured.all.p99 <= GOALS.ceilingP99Ms && measured.writesPerSecond >= measured.rate * 0.9;
    const rising = within(steady);
    const ceilingSteps = [];
    for (const rate of rising ? settings.ceilingRates : settings.lowerRates) {
      step(`ceiling search, ${rate} writes/s`);
      const measured = await measuredLoad(world, rate, settings.ceilingSeconds);
      ceilingSteps.push(measured);
      if (within(measured) !== rising) break;
    }
    const held = [steady, ...ceilingSteps].filter(within).map((measured) => measured.writesPerSecond);
    const ceiling = held.length > 0 ? Math.max(...held) : null;
    step('rolling restart');
    const rolling = await rollingRestart(world, settings);
    step('SIGKILL');
    const kill = await killOne(world, settings);
    return {
      broker,
      lb,
      settings,
      sockets: memory.opened,
      users: users.length,
      strategies: strategies.length,
      memory,
      steady,
      ceilingSteps,
      ceiling,
      rolling,
      kill,
      seconds: Math.round((performance.now() - started) / 1000),
      date: new Date().toISOString().slice(0, 10),
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`,
      loadAverage: [loadAtStart, os.loadavg()[0]].map((load) => load.toFixed(1)),
    };
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await cleanUp();
  }
}

const ms = (value) => (value === null || value === undefined ? '–' : `${Math.round(value)} ms`);
const worst = (values) => Math.max(...values);

/** The RESULTS.md section of one or more benchCluster() results (one per broker). */
export function clusterLines(results) {
  const [first] = results;
  const lines = [
    `## Several instances: ${INSTANCES} behind ${first.lb === 'nginx' ? 'nginx' : 'HAProxy'}, ${first.sockets} sockets`,
    '',
    `\`npm run bench:cluster\` (bench/cluster.mjs), run on ${first.date} (${first.machine}):`,
    `${INSTANCES} compiled instances on one PostgreSQL cluster behind`,
    `Debian's ${first.lb === 'nginx' ? 'nginx (two workers)' : 'HAProxy (two processes: a process may hold 20,000 files here, two per socket)'},`,
    `started by the bench with a generated config. ${first.users} people, each a master of one of ${first.strategies} strategies`,
    '(one in ten of two), each with one page open: a locks and a streaming socket through the load balancer,',
    `held by ${CLIENTS} client processes. Each strategy's title and ambition belong to one of its people, who`,
    'locks, edits and unlocks it over and over (a write each, one every 500 ms: a load of N writes/s keeps',
    'N / 2 such fields busy, spread over the strategies); a quarter as many page reads go alongside.',
    'Delivery: from just before the HTTP call to the arrival of its message, at every socket that should',
    'get it (the same process times both). Missed: a socket open throughout that should have had a message and did not;',
    'misdelivered: a message at a socket whose person does not see its strategy, or of the other kind.',
    `Steady load: ${first.settings.rate} writes/s for ${first.settings.steadySeconds} s.`,
    `Load average at start / end: ${results.map((r) => `${r.broker} ${r.loadAverage.join(' / ')}`).join('; ')}.`,
    '',
    `| Steady load | ${results.map((r) => r.broker).join(' | ')} | Goal |`,
    `|---|${results.map(() => '---|').join('')}---|`,
  ];
  const row = (label, value, goal = '') =>
    lines.push(`| ${label} | ${results.map(value).join(' | ')} | ${goal} |`);
  row('Writes/s asked / held', (r) => `${r.steady.rate} / ${r.steady.writesPerSecond}`);
  row('Deliveries checked', (r) => r.steady.deliveries);
  row(
    'Delivery p50 / p99 / max, all',
    (r) => `${r.steady.all.p50} / ${r.steady.all.p99} / ${r.steady.all.max} ms`,
    `p99 < ${GOALS.deliveryP99Ms} ms: ${results.map((r) => verdict(r.steady.all.p99 < GOALS.deliveryP99Ms)).join(' / ')}`,
  );
  row('Delivery p50 / p99, lock messages', (r) => `${r.steady.lock.p50} / ${r.steady.lock.p99} ms`);
  row('Delivery p50 / p99, edit messages', (r) => `${r.steady.edit.p50} / ${r.steady.edit.p99} ms`);
  row(
    'Inside the instances (keystone_realtime_delivery_lag_seconds p50 / p99)',
    (r) => `${r.steady.serverLag.p50} / ${r.steady.serverLag.p99}`,
  );
  row('HTTP answer p50 / p99 of the writes', (r) => `${r.steady.answer.p50} / ${r.steady.answer.p99} ms`);
  row(
    'Missed / misdelivered',
    (r) => `${r.steady.missed} / ${r.steady.misdelivered}`,
    `0 / 0: ${results.map((r) => verdict(r.steady.missed === 0 && r.steady.misdelivered === 0)).join(' / ')}`,
  );
  row('Failed calls', (r) => JSON.stringify(r.steady.failed).replaceAll('"', '') || '0');
  row('CPU per instance (% of a core)', (r) => r.steady.cpu.join(' / '));
  row('CPU per client process', (r) => r.steady.clientCpu.join(' / '));
  row('pg_notification_queue_usage() max', (r) => r.steady.queueUsage);
  row("Connections per instance (sockets, and the balancer's HTTP ones)", (r) =>
    r.memory.socketsPerInstance.join(' / '),
  );
  row(
    'Memory per idle socket (RSS after a full GC)',
    (r) => `${r.memory.bytesPerSocket.map(kb).join(' / ')} KB`,
    `≤ ${kb(GOALS.bytesPerIdleSocket)} KB: ${results.map((r) => verdict(worst(r.memory.bytesPerSocket) <= GOALS.bytesPerIdleSocket)).join(' / ')}`,
  );
  row('Opening every socket', (r) => `${r.memory.openMs} ms (${r.memory.openFailed} failed)`);
  lines.push(
    '',
    `Ceiling: from the steady rate the write rate is raised step by step (lowered, when the steady rate was already`,
    `past it), ${first.settings.ceilingSeconds} s a step, until delivery p99 passes ${GOALS.ceilingP99Ms} ms or the rate asked is not held (90 %).`,
    '',
    '| Broker | Writes/s asked | Held | Delivery p50 / p99 | Missed | CPU per instance (%) | Queue usage |',
    '|---|---|---|---|---|---|---|',
  );
  for (const r of results) {
    for (const step of [r.steady, ...r.ceilingSteps]) {
      lines.push(
        `| ${r.broker} | ${step.rate} | ${step.writesPerSecond} | ${step.all.p50} / ${step.all.p99} ms | ${step.missed} | ${step.cpu.join(' / ')} | ${step.queueUsage} |`,
      );
    }
  }
  lines.push(
    '',
    `Ceiling (held with p99 ≤ ${GOALS.ceilingP99Ms} ms): ${results.map((r) => `${r.broker} ${r.ceiling ?? '–'} writes/s`).join(', ')}.`,
    '',
  );
  lines.push(
    `| Rolling restart and SIGKILL | ${results.map((r) => r.broker).join(' | ')} | Goal |`,
    `|---|${results.map(() => '---|').join('')}---|`,
  );
  row(
    'SIGTERM → exit, each instance',
    (r) => r.rolling.restarts.map((x) => ms(x.drainMs)).join(', '),
    `≤ ${GOALS.drainMs} ms: ${results.map((r) => verdict(worst(r.rolling.restarts.map((x) => x.drainMs)) <= GOALS.drainMs)).join(' / ')}`,
  );
  row('Its sockets closed (codes)', (r) =>
    r.rolling.restarts.map((x) => `${x.closedSockets} (${x.closeCodes.join(',')})`).join(', '),
  );
  row(
    'Locks of its sockets still held at exit (of those held at SIGTERM)',
    (r) => r.rolling.restarts.map((x) => `${x.locksLeft} of ${x.locksHeld}`).join(', '),
    '0',
  );
  row('SIGTERM → every socket back', (r) => r.rolling.restarts.map((x) => ms(x.allBackMs)).join(', '));
  row(
    'Reconnections, busiest second / all',
    (r) => `${r.rolling.reconnects.busiestSecond} / ${r.rolling.reconnects.total}`,
  );
  row(
    'Writes/s held meanwhile; failed calls',
    (r) => `${r.rolling.load.writesPerSecond}; ${JSON.stringify(r.rolling.load.failed).replaceAll('"', '')}`,
  );
  row('Delivery p50 / p99 meanwhile', (r) => `${r.rolling.load.all.p50} / ${r.rolling.load.all.p99} ms`);
  row(
    'Missed / misdelivered (sockets open throughout)',
    (r) => `${r.rolling.load.missed} / ${r.rolling.load.misdelivered}`,
  );
  row(
    'Acknowledged edits lost',
    (r) => `${r.rolling.editsLost} of ${r.rolling.editsChecked}`,
    `0: ${results.map((r) => verdict(r.rolling.editsLost === 0)).join(' / ')}`,
  );
  row(
    'Scheduled mails sent once / twice / never',
    (r) => `${r.rolling.mail.once} / ${r.rolling.mail.twice} / ${r.rolling.mail.never}`,
    `once each: ${results.map((r) => verdict(r.rolling.mail.twice + r.rolling.mail.never === 0)).join(' / ')}`,
  );
  row(
    'SIGKILL: its locks free after',
    (r) => `${ms(r.kill.locksFreeMs)} (${r.kill.locksHeld} locks)`,
    `≤ ${GOALS.locksFreeAfterKillMs / 1000} s: ${results.map((r) => verdict(r.kill.locksFreeMs !== null && r.kill.locksFreeMs <= GOALS.locksFreeAfterKillMs)).join(' / ')}`,
  );
  row(
    'SIGKILL: last mail sent after',
    (r) => `${ms(r.kill.lastMailAfterKillMs)} (${r.kill.mailsClaimedAtKill} claimed at the kill)`,
    `≤ ${GOALS.mailAfterKillMs / 1000} s: ${results.map((r) => verdict(r.kill.lastMailAfterKillMs !== null && r.kill.lastMailAfterKillMs <= GOALS.mailAfterKillMs)).join(' / ')}`,
  );
  row(
    'SIGKILL: mails sent once / twice / never',
    (r) => `${r.kill.mail.once} / ${r.kill.mail.twice} / ${r.kill.mail.never}`,
    `once each: ${results.map((r) => verdict(r.kill.mail.twice + r.kill.mail.never === 0)).join(' / ')}`,
  );
  lines.push(
    '',
    'Rolling restart: under the steady load, each instance in turn gets SIGTERM, is started again on its',
    'port once it has exited, and the next follows 2 s after its sockets are all back. Scheduled mail',
    '(due over 20 s) goes out meanwhile. SIGKILL: sockets opened straight to one instance take locks,',
    'mail is queued (the receiver answers each after 200 ms, so every instance holds claimed mail), and',
    'the instance is killed; the locks must be released and the mail sent by the others.',
    `Each broker's run took ${results.map((r) => `${r.seconds} s`).join(' / ')}.`,
    '',
  );
  return lines;
}

/** Replaces this part's section of RESULTS.md (or adds it before the hand-written notes). */
function writeSection(lines) {
  const file = path.join(root, 'bench', 'RESULTS.md');
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const heading = lines[0];
  const start = text.indexOf('## Several instances');
  const marker = text.indexOf('<!-- Everything below');
  const section = `${lines.join('\n').trimEnd()}\n\n`;
  let next;
  if (start >= 0) {
    const after = text.slice(start + heading.length);
    const ends = [after.search(/\n## /), after.indexOf('\n<!-- Everything below')].filter((i) => i >= 0);
    const end = ends.length > 0 ? Math.min(...ends) : after.length;
    next = `${text.slice(0, start)}${section}${after.slice(end + 1)}`;
  } else if (marker >= 0) next = `${text.slice(0, marker)}${section}${text.slice(marker)}`;
  else next = `${text}\n${section}`;
  writeFileSync(file, next);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const option = (name, fallback) =>
    process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
  const brokers =
    option('broker', 'postgres') === 'both' ? ['postgres', 'redis'] : [option('broker', 'postgres')];
  const quick = process.argv.includes('--quick');
  const results = [];
  for (const broker of brokers) {
    results.push(
      await benchCluster({
        broker,
        lb: option('lb', 'haproxy'),
        sockets: Number(option('sockets', quick ? 1000 : 10_000)),
        quick,
      }),
    );
    console.error(JSON.stringify(results.at(-1), null, 1));
  }
  const lines = clusterLines(results);
  if (process.argv.includes('--write')) writeSection(lines);
  console.log(lines.join('\n'));
}
