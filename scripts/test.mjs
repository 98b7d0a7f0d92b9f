// `npm test`: type check, lint (biome and knip), the build (web app and server bundle, which the
// start-command tests and the browser suite run), unit and API tests on PGlite, the API suite
// again on a throw-away PostgreSQL cluster (and its tests between instances with a throw-away Redis
// as the broker), then the browser suite in Chromium. Ends with the line
// `N passed, N failed` (also written to .tmp/test-summary.txt for .ci/run).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { postgresAvailable, startCluster } from './pg-cluster.mjs';
import { redisAvailable, startRedis } from './redis-server.mjs';

/** The tests of events between instances, run again with Redis as the broker (REDIS_URL). */
const REDIS_BROKER_FILES = [
  'apps/server/test/realtime.instances.test.ts',
  'apps/server/test/organisation.instances.test.ts',
  'apps/server/test/scim.instances.test.ts',
  // Acknowledged writes kept through a kill, with the broker's publication after commit.
  'apps/server/test/faults.test.ts',
  // A drained and a killed instance's locks, announced through the broker.
  'apps/server/test/instances.shutdown.test.ts',
];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });

const totals = { passed: 0, failed: 0 };
const failedSteps = [];
/** Names of failed tests, repeated at the end so a long log's last lines say what broke. */
const failedTests = [];

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

/** A step that is one check (type check, lint, build). */
function check(name, command, args) {
  console.log(`\n=== ${name} ===`);
  const ok = run(command, args);
  totals[ok ? 'passed' : 'failed'] += 1;
  if (!ok) failedSteps.push(name);
  return ok;
}

/** A vitest run; counts its tests from the JSON report. */
function vitest(name, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const report = path.join(tmp, `vitest-${name.replace(/\W+/g, '-')}.json`);
  rmSync(report, { force: true });
  const ok = run(
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    env,
  );
  countReport(name, ok, report, (json) => {
    for (const file of json.testResults ?? []) {
      for (const test of file.assertionResults ?? []) {
        if (test.status !== 'failed') continue;
        const reason = String(test.failureMessages?.[0] ?? '')
          .split('\n', 1)[0]
          .slice(0, 300);
        failedTests.push(`${name}: ${path.relative(root, file.name)} › ${test.fullName}\n      ${reason}`);
      }
    }
    return [json.numPassedTests, json.numFailedTests];
  });
}

/** The Playwright suite; counts its tests from the JSON report. */
function playwright(name) {
  console.log(`\n=== ${name} ===`);
  const report = path.join(tmp, 'playwright.json');
  rmSync(report, { force: true });
  const ok = run('npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: report,
  });
  countReport(name, ok, report, (json) => {
    collectPlaywrightFailures(name, json.suites ?? []);
    return [json.stats.expected + json.stats.flaky, json.stats.unexpected];
  });
}

function collectPlaywrightFailures(name, suites) {
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) {
      if (!spec.ok) failedTests.push(`${name}: ${spec.file} › ${spec.title}`);
    }
    collectPlaywrightFailures(name, suite.suites ?? []);
  }
}

function countReport(name, ok, report, read) {
  if (!existsSync(report)) {
    totals.failed += 1;
    failedSteps.push(`${name} (no report)`);
    return;
  }
  const [passed, failed] = read(JSON.parse(readFileSync(report, 'utf8')));
  totals.passed += passed;
  totals.failed += failed;
  if (!ok && failed === 0) totals.failed += 1;
  if (!ok) failedSteps.push(name);
}

check('type check', 'npm', ['run', '--silent', 'typecheck']);
check('lint', 'npm', ['run', '--silent', 'lint']);
const built = check('build', 'npm', ['run', '--silent', 'build']);
vitest('unit and API tests (PGlite)', []);

if (postgresAvailable()) {
  console.log('\n=== starting a throw-away PostgreSQL cluster ===');
  const cluster = await startCluster();
  try {
    vitest('API tests (PostgreSQL)', ['--project', 'server-postgres'], { TEST_DATABASE_URL: cluster.url });
    if (redisAvailable()) {
      console.log('\n=== starting a throw-away Redis server ===');
      const redis = await startRedis();
      try {
        vitest(
          'instance tests (PostgreSQL, Redis broker)',
          ['--project', 'server-postgres', ...REDIS_BROKER_FILES],
          {
            TEST_DATABASE_URL: cluster.url,
            REDIS_URL: redis.url,
          },
        );
      } finally {
        await redis.stop();
      }
    } else {
      console.log(
        '\nredis-server not found (bash scripts/ensure-services.sh): the Redis broker run is skipped.',
      );
    }
  } finally {
    cluster.stop();
  }
} else {
  console.log('\nPostgreSQL (initdb/pg_ctl) not found: the PostgreSQL API run is skipped.');
}

if (built) {
  if (run('bash', ['scripts/ensure-chromium.sh'])) playwright('browser tests (Chromium)');
  else {
    totals.failed += 1;
    failedSteps.push('browser tests (Chromium missing)');
  }
}

const summary = `${totals.passed} passed, ${totals.failed} failed`;
writeFileSync(path.join(tmp, 'test-summary.txt'), `${summary}\n`);
if (failedTests.length > 0) console.log(`\nFailed tests:\n${failedTests.map((t) => `  ${t}`).join('\n')}`);
if (failedSteps.length > 0) console.log(`\nFailed: ${failedSteps.join('; ')}`);
console.log(`\n${summary}`);
process.exit(totals.failed > 0 ? 1 : 0);
