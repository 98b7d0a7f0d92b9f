// One autocannon load on loopback: a warm-up, then the measured run. A benchmark of errors
// means nothing, so any answer other than 2xx, any socket error or timeout throws.
import autocannon from 'autocannon';

function ensureAllOk(result, label) {
  if (result.non2xx === 0 && result.errors === 0) return;
  const statuses = Object.entries(result.statusCodeStats)
    .map(([status, { count }]) => `${status}: ${count}`)
    .join(', ');
  throw new Error(
    `${label}: ${result.non2xx} non-2xx answers, ${result.errors} errors (${result.timeouts} timeouts); statuses ${statuses}`,
  );
}

/**
 * Runs `options` (autocannon's) for `warmup` then `seconds` seconds. `during()`, if given, is
 * started with the measured run and returns { stop() }, whose result comes back as `sample`.
 * `settle()`, if given, is awaited after each run: autocannon leaves the requests in flight at
 * its end behind, and the server should be done with them before anything else is measured.
 */
export async function load(label, options, { seconds, warmup = 3, during, settle } = {}) {
  // A request slower than the default 10 s would count as an error rather than as latency.
  const base = { timeout: 60, ...options };
  if (warmup > 0) {
    ensureAllOk(await autocannon({ ...base, duration: warmup }), `${label} (warm-up)`);
    await settle?.();
  }
  const sampler = during?.();
  let result;
  let sample;
  try {
    result = await autocannon({ ...base, duration: seconds });
  } finally {
    sample = sampler?.stop();
  }
  ensureAllOk(result, label);
  await settle?.();
  return {
    connections: options.connections,
    seconds,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    // Latency figures are of completed requests: none completed means there are none.
    completed: result.requests.total,
    sample,
  };
}
