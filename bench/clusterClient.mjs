// One client process of the multi-instance bench (forked by bench/cluster.mjs, with tsx so that it
// uses the contract's reconnect delay as the browser does). It holds the pages of its share of the
// people, a locks and a streaming socket each, through the load balancer, and writes to its share
// of the strategies: every message a write causes reaches sockets of this process only, so each
// delivery is timed on one clock, from just before the HTTP call to the message's arrival.
//
// Each actor owns one field of one strategy and cycles lock → edit → unlock, one call at a time,
// so a field's messages come in the order of its calls. A socket that reconnects after a close
// (1001 on SIGTERM, 1006 on SIGKILL) waits the contract's reconnect delay, as the browser does.
// Asked by the parent over IPC: init, open, start/end a load, closes, hold (locks for the SIGKILL
// test), verify (every acknowledged edit is stored), stop.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { reconnectDelay, UNLOCK_MESSAGES } from '@keystone/contract';

const require = createRequire(new URL('../apps/server/package.json', import.meta.url));
const WebSocket = require('ws');

/** How long after a call its messages may still arrive before the sockets that lack one count as missed. */
const GRACE_MS = 3000;
/** A connection open this long was healthy: the next drop starts the back-off again (as the browser). */
const STABLE_AFTER_MS = 5000;
const FINAL_CLOSES = new Set([4401, 4403]);
const OPEN_BATCH = 200;
/** Calls in flight at most: past it a due call is skipped (the rate was not held). */
const MAX_IN_FLIGHT = 400;
const TOKEN = /bench#(\d+)#(\d+)/;
/** How often one actor calls, at most: at 100 writes/s, 50 actors each calling every 500 ms. */
const ACTOR_PACE_MS = 500;

let setup;
let clientIndex;
let url;
const sockets = [];
const socketsOfUser = new Map();
const viewed = new Map();
const viewersOf = new Map();
const actors = [];
let stopping = false;

/** The socket's up and down times, to tell whether it was open through a call's delivery window. */
function upThroughout(socket, from, to) {
  if (socket.upSince === null || socket.upSince > from) return false;
  return socket.downSince === null || socket.downSince > to;
}

function connect(socket) {
  const query = `token=${encodeURIComponent(socket.user.key)}${socket.kind === 'locks' ? `&connection=${socket.connectionId}` : ''}`;
  const target = socket.direct ?? url;
  const ws = new WebSocket(`${target.replace(/^http/, 'ws')}/ws/${socket.kind}/?${query}`, {
    perMessageDeflate: false,
  });
  socket.ws = ws;
  return new Promise((resolve) => {
    let opened = false;
    ws.on('open', () => {
      opened = true;
      const now = performance.now();
      if (socket.everOpened) reconnects.push(Date.now());
      socket.everOpened = true;
      socket.upSince = now;
      socket.downSince = null;
      socket.stableTimer = setTimeout(() => {
        socket.attempt = 0;
      }, STABLE_AFTER_MS);
      resolve(true);
    });
    ws.on('message', (data) => received(socket, performance.now(), data));
    ws.on('error', () => {});
    ws.on('close', (code) => {
      clearTimeout(socket.stableTimer);
      if (opened) {
        socket.downSince = performance.now();
        closes.push({ kind: socket.kind, code, connectionId: socket.connectionId, at: Date.now() });
      }
      resolve(false);
      if (stopping || socket.direct || FINAL_CLOSES.has(code)) return;
      // The close that began this run of failed attempts sets how widely the retries spread.
      if (socket.attempt === 0) socket.firstCloseCode = code;
      const delay = reconnectDelay(socket.attempt, socket.firstCloseCode);
      socket.attempt += 1;
      setTimeout(() => void connect(socket), delay);
    });
  });
}

// ── What the sockets receive ──────────────────────────────────────────────────────────────────

let phase = null;
const reconnects = [];
let closes = [];
/** Lock calls by `action|model|res|field`, oldest first; edits by sequence number. */
const lockCalls = new Map();
const editCalls = new Map();

function newPhase() {
  return {
    lock: [],
    edit: [],
    /** HTTP answer times of the writes. */
    answer: [],
    misdelivered: 0,
    unsolicited: 0,
    writes: 0,
    acked: 0,
    failed: {},
    reads: 0,
    readsFailed: 0,
    skipped: 0,
    calls: [],
  };
}

function received(socket, time, data) {
  let message;
  try {
    message = JSON.parse(data.toString());
  } catch {
    return;
  }
  if (message.type === 'pong' || !phase) return;
  const isLock = message.action === 'lock' || message.action === 'unlock';
  // Sent to a socket whose person does not see the strategy, or to the other kind of socket.
  if (!viewed.get(socket.user.id)?.has(message.strategy_id) || isLock !== (socket.kind === 'locks')) {
    phase.misdelivered += 1;
    return;
  }
  if (isLock) {
    // The latest call begun before it arrived: a field's calls are a whole cycle apart, so an
    // earlier one whose message never came (it failed on the way) cannot take this one's.
    const calls = lockCalls.get(`${message.action}|${message.model}|${message.res_id}|${message.field}`);
    const call = calls?.findLast((c) => !c.got.has(socket.index) && c.t0 <= time);
    if (!call) {
      // Not caused by a call of this bench (a lock released by a closed socket or its expiry).
      phase.unsolicited += 1;
      return;
    }
    call.got.add(socket.index);
    call.phase.lock.push(time - call.t0);
    return;
  }
  const token = typeof message.value === 'string' ? TOKEN.exec(message.value) : null;
  if (!token || Number(token[1]) !== clientIndex) return;
  const call = editCalls.get(Number(token[2]));
  if (!call || call.got.has(socket.index)) return;
  call.got.add(socket.index);
  call.phase.edit.push(time - call.t0);
}

// ── The load ──────────────────────────────────────────────────────────────────────────────────

let sequence = 0;
let inFlight = 0;
/** Per field (`model|res|field`): the last acknowledged value's token and any tried after it. */
const stored = new Map();

/** The answer's status and text. */
async function api(user, method, path, body, headers = {}) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Token ${user.key}`, 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

const editPath = {
  strategy: (id) => `/api/strategy/update/${id}/`,
  focusArea: (id) => `/api/focusarea/update/${id}/`,
};

async function step(actor, current) {
  const { user, page, model, resId, field, strategyId } = actor;
  const target = { model, res_id: resId, field };
  const headers = { 'x-connection-id': page.connectionId };
  const kind = ['lock', 'edit', 'unlock'][actor.step % 3];
  actor.step += 1;
  const t0 = performance.now();
  let call;
  let fieldKey;
  let token;
  if (kind === 'edit') {
    sequence += 1;
    token = `bench#${clientIndex}#${sequence}`;
    call = { t0, got: new Set(), phase: current, strategyId, kind, acked: false };
    editCalls.set(sequence, call);
    fieldKey = `${model}|${resId}|${field}`;
    const entry = stored.get(fieldKey) ?? { acked: null, later: [] };
    entry.later.push(token);
    stored.set(fieldKey, entry);
  } else {
    call = { t0, got: new Set(), phase: current, strategyId, kind, acked: false };
    const key = `${kind}|${model}|${resId}|${field}`;
    const calls = lockCalls.get(key) ?? [];
    calls.push(call);
    lockCalls.set(key, calls);
  }
  current.calls.push(call);
  current.writes += 1;
  let status;
  let text = '';
  try {
    const value = field === 'ambition' ? `<p>${token}</p>` : token;
    ({ status, text } =
      kind === 'edit'
        ? await api(user, 'PATCH', editPath[model](resId), { [field]: value })
        : await api(user, 'POST', `/api/${kind}-field/`, target, headers));
  } catch {
    status = 'network';
  }
  current.answer.push(performance.now() - t0);
  if (status === 200 || status === 201) {
    call.acked = true;
    // A lock already held (a renewal) and an unlock of a field no longer held announce nothing:
    // a lock is expected to announce only after this actor's unlock was announced.
    if (kind === 'lock') {
      call.announced = actor.free;
      actor.free = false;
    } else if (kind === 'unlock') {
      call.announced = JSON.parse(text).detail === UNLOCK_MESSAGES.unlocked;
      actor.free = call.announced;
    } else call.announced = true;
    current.acked += 1;
    if (kind === 'edit') {
      const entry = stored.get(fieldKey);
      entry.acked = token;
      entry.later = [];
    }
  } else {
    if (kind !== 'edit') actor.free = false;
    current.failed[`${kind} ${status}`] = (current.failed[`${kind} ${status}`] ?? 0) + 1;
    // Answered with an error: nothing was published. (A connection that broke may have committed.)
    if (kind !== 'edit' && status !== 'network') {
      const calls = lockCalls.get(`${kind}|${model}|${resId}|${field}`);
      calls?.splice(calls.indexOf(call), 1);
    }
  }
}

let load = null;

/** Runs calls at `rate` per second (writes) plus `reads` page reads per second until `endLoad`. */
function startLoad({ rate, reads }) {
  const current = newPhase();
  phase = current;
  // As many actors as make a call every ACTOR_PACE_MS each (people type at a pace), spread over
  // the strategies: each goes through whole lock → edit → unlock cycles during the load.
  const count = Math.min(actors.length, Math.max(8, Math.ceil((rate * ACTOR_PACE_MS) / 1000)));
  const stride = actors.length / count;
  const idle = Array.from({ length: count }, (_, i) => actors[Math.floor(i * stride)]);
  const started = performance.now();
  let writesDue = 0;
  let readsDue = 0;
  let last = started;
  let readIndex = 0;
  const pending = new Set();
  const tick = () => {
    const now = performance.now();
    writesDue += ((now - last) / 1000) * rate;
    readsDue += ((now - last) / 1000) * reads;
    last = now;
    while (writesDue >= 1) {
      writesDue -= 1;
      const actor = idle.shift();
      if (!actor || inFlight >= MAX_IN_FLIGHT) {
        if (actor) idle.unshift(actor);
        current.skipped += 1;
        continue;
      }
      inFlight += 1;
      const done = step(actor, current).finally(() => {
        inFlight -= 1;
        idle.push(actor);
        pending.delete(done);
      });
      pending.add(done);
    }
    while (readsDue >= 1) {
      readsDue -= 1;
      const actor = actors[readIndex++ % actors.length];
      const done = api(actor.user, 'GET', `/api/strategy/${actor.strategyId}`)
        .then(({ status }) => {
          if (status === 200) current.reads += 1;
          else current.readsFailed += 1;
        })
        .catch(() => {
          current.readsFailed += 1;
        })
        .finally(() => pending.delete(done));
      pending.add(done);
    }
  };
  const timer = setInterval(tick, 5);
  load = {
    end: async () => {
      clearInterval(timer);
      const seconds = (performance.now() - started) / 1000;
      // Every actor ends its cycle unlocked, so the next load starts with free fields.
      await Promise.all(pending);
      // Outside the measured load: these calls count for nothing but free the fields.
      const closing = newPhase();
      await Promise.all(
        actors
          .filter((actor) => actor.step % 3 !== 0)
          .map(async (actor) => {
            while (actor.step % 3 !== 0) await step(actor, closing);
          }),
      );
      await new Promise((resolve) => setTimeout(resolve, GRACE_MS));
      return summarise(current, seconds);
    },
  };
}

/** Every acknowledged call: the sockets that should have had its message and did not. */
function summarise(current, seconds) {
  let missed = 0;
  let expected = 0;
  let notCounted = 0;
  const evaluatedAt = performance.now();
  for (const call of current.calls) {
    if (!call.acked || !call.announced) continue;
    const kind = call.kind === 'edit' ? 'streaming' : 'locks';
    for (const userId of viewersOf.get(call.strategyId)) {
      for (const socket of socketsOfUser.get(userId) ?? []) {
        if (socket.kind !== kind || socket.direct) continue;
        // A socket down at any moment of the window may have missed it by design (it re-reads).
        if (!upThroughout(socket, call.t0, evaluatedAt)) {
          notCounted += 1;
          continue;
        }
        expected += 1;
        if (!call.got.has(socket.index)) missed += 1;
      }
    }
  }
  // Loads never overlap: nothing awaited from this one matters to the next.
  lockCalls.clear();
  editCalls.clear();
  if (phase === current) phase = null;
  const { calls, ...counts } = current;
  return { ...counts, seconds, expected, missed, notCounted };
}

// ── Parent's requests ─────────────────────────────────────────────────────────────────────────

async function openAll(list) {
  const started = performance.now();
  let failed = 0;
  for (let i = 0; i < list.length; i += OPEN_BATCH) {
    const results = await Promise.all(list.slice(i, i + OPEN_BATCH).map((socket) => connect(socket)));
    failed += results.filter((ok) => !ok).length;
  }
  return { ms: Math.round(performance.now() - started), opened: list.length - failed, failed };
}

function init(message) {
  setup = message;
  clientIndex = message.clientIndex;
  url = message.url;
  for (const strategy of message.strategies) {
    viewersOf.set(strategy.id, strategy.viewers);
    for (const id of strategy.viewers) {
      if (!viewed.has(id)) viewed.set(id, new Set());
      viewed.get(id).add(strategy.id);
    }
  }
  const pagesOf = new Map();
  for (const user of message.users) {
    const pages = [];
    for (let p = 0; p < message.pagesPerUser; p++) {
      const page = { connectionId: randomUUID() };
      for (const kind of ['locks', 'streaming']) {
        const socket = { index: sockets.length, kind, user, connectionId: page.connectionId, attempt: 0 };
        socket.upSince = null;
        socket.downSince = null;
        sockets.push(socket);
        if (!socketsOfUser.has(user.id)) socketsOfUser.set(user.id, []);
        socketsOfUser.get(user.id).push(socket);
      }
      pages.push(page);
    }
    pagesOf.set(user.id, pages);
  }
  // Each strategy's title and ambition belong to one of its viewers who has a page here; its
  // first focus area's title is kept for the locks the SIGKILL test holds.
  const users = new Map(message.users.map((user) => [user.id, user]));
  for (const strategy of message.strategies) {
    const people = strategy.viewers.filter((id) => pagesOf.has(id));
    ['title', 'ambition'].forEach((field, f) => {
      const id = people[f % people.length];
      actors.push({
        user: users.get(id),
        page: pagesOf.get(id)[0],
        strategyId: strategy.id,
        model: 'strategy',
        resId: strategy.id,
        field,
        step: 0,
        /** Whether the field is known to be free (so this actor's next lock announces itself). */
        free: true,
      });
    });
  }
}

/** Opens `count` locks sockets straight to one instance and takes a lock through each (SIGKILL test). */
async function hold({ instanceUrl, count }) {
  const held = [];
  for (const strategy of setup.strategies.slice(0, count)) {
    const user = setup.users.find((u) => strategy.viewers.includes(u.id));
    const connectionId = randomUUID();
    const socket = {
      index: sockets.length,
      kind: 'locks',
      user,
      connectionId,
      attempt: 0,
      direct: instanceUrl,
    };
    socket.upSince = null;
    socket.downSince = null;
    sockets.push(socket);
    if (!(await connect(socket))) continue;
    const target = { model: 'focusArea', res_id: strategy.focusAreaId, field: 'title' };
    const { status } = await api(user, 'POST', '/api/lock-field/', target, {
      'x-connection-id': connectionId,
    });
    if (status === 200) held.push(connectionId);
  }
  return held;
}

/** Reads each strategy: every field holds its last acknowledged edit (or one tried after it). */
async function verify() {
  let checked = 0;
  let lost = 0;
  for (const strategy of setup.strategies) {
    const reader = actors.find((actor) => actor.strategyId === strategy.id);
    if (!reader) continue;
    const response = await fetch(`${url}/api/strategy/${strategy.id}`, {
      headers: { authorization: `Token ${reader.user.key}` },
    });
    const page = await response.json();
    for (const field of ['title', 'ambition']) {
      const entry = stored.get(`strategy|${strategy.id}|${field}`);
      if (!entry?.acked) continue;
      checked += 1;
      const found = TOKEN.exec(String(page[field] ?? ''))?.[0];
      if (found !== entry.acked && !entry.later.includes(found)) lost += 1;
    }
  }
  return { checked, lost };
}

const handlers = {
  init: async (message) => init(message),
  open: async () => openAll(sockets),
  start: async (message) => startLoad(message),
  end: async () => load.end(),
  down: async () => sockets.filter((socket) => !socket.direct && socket.downSince !== null).length,
  closes: async () => {
    const list = closes;
    closes = [];
    return list;
  },
  reconnects: async () => reconnects.splice(0),
  hold,
  verify,
  stop: async () => {
    stopping = true;
    for (const socket of sockets) socket.ws?.terminate();
    setTimeout(() => process.exit(0), 100);
  },
};

process.on('message', (message) => {
  handlers[message.type](message).then(
    (result) => process.send({ id: message.id, result }),
    (error) => process.send({ id: message.id, error: String(error?.stack ?? error) }),
  );
});
