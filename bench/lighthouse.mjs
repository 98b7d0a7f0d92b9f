// Lighthouse on the built web app served by the real server, in Debian's Chromium, with two
// presets: desktop, and a tablet on a slow network (Lighthouse's mobile throttling). Five pages:
// /login, the strategies list, and the full 5×5 strategy page, one initiative's full charter and
// the strategy's progress page. The logged-in pages find the demo master's session in
// localStorage, set there before Lighthouse navigates (Lighthouse clears the cache and the
// origin's other storage before each run, not localStorage).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { chromium } from 'playwright-core';
import { verdict } from './format.mjs';
import { fillFullStrategy, serverWithFullStrategy } from './strategyPage.mjs';

// Lighthouse's mobile defaults (simulated throttling: slow 4G, 150 ms RTT / ~1.6 Mbps down, 4× CPU
// slowdown) on a tablet screen with an Android tablet user agent (no "Mobile", so the app does not
// send it to /mobile-warning).
const tabletConfig = {
  extends: 'lighthouse:default',
  settings: {
    formFactor: 'mobile',
    screenEmulation: { mobile: true, width: 820, height: 1180, deviceScaleFactor: 2, disabled: false },
    emulatedUserAgent:
      'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0.0.0 Safari/537.36',
  },
};

/**
 * Each preset's Lighthouse config, the categories it reports and its goals: category scores, and
 * the largest contentful paint and total blocking time in milliseconds. The tablet preset is
 * about load speed, so it reports performance alone (the desktop one covers the rest).
 */
export const PRESETS = {
  desktop: {
    config: desktopConfig,
    categories: ['performance', 'accessibility', 'best-practices'],
    goals: { performance: 95, accessibility: 95 },
  },
  tablet: {
    config: tabletConfig,
    categories: ['performance'],
    goals: { performance: 90, lcp: 2500, tbt: 200 },
  },
};
const METRICS = { lcp: 'largest-contentful-paint', tbt: 'total-blocking-time' };
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Stores the session the web app reads (apps/web/src/api/session.ts) in the browser's profile. */
async function storeSession(port, origin, session) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${origin}/favicon.svg`);
    await page.evaluate((value) => localStorage.setItem('user', value), JSON.stringify(session));
    await page.close();
  } finally {
    await browser.close();
  }
}

/** One Lighthouse run; a run that failed to record (e.g. NO_NAVSTART on a busy machine) is retried. */
async function auditOnce(url, port, preset, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(
      url,
      { port, output: 'json', logLevel: 'error', onlyCategories: preset.categories },
      preset.config,
    );
    const lhr = result?.lhr;
    if (lhr && !lhr.runtimeError) return lhr;
    const message = `Lighthouse on ${url}: ${lhr?.runtimeError?.message ?? 'no result'}`;
    if (attempt === attempts) throw new Error(message);
    console.error(`${message}; again`);
  }
}

/** Lighthouse's median run (by first contentful paint and time to interactive) of `runs` runs. */
async function audit(url, port, preset, runs) {
  const results = [];
  for (let run = 0; run < runs; run++) results.push(await auditOnce(url, port, preset));
  return computeMedianRun(results);
}

/** Audits that cost the category points: below 0.9 (performance) or failed (the others). */
function failingAudits(lhr, category) {
  const pass = category === 'performance' ? 0.9 : 1;
  return lhr.categories[category].auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a.score !== null && a.score < pass && a.scoreDisplayMode !== 'informative')
    .map((a) => {
      // inspector-issues and bf-cache say nothing in displayValue; their items name the issue or reason.
      const items = a.details?.items ?? [];
      const kinds = [...new Set(items.map((item) => item.issueType ?? item.reason).filter(Boolean))];
      return {
        id: a.id,
        title: a.title,
        displayValue: [a.displayValue, ...kinds].filter(Boolean).join(': '),
      };
    });
}

function summarise(name, lhr, expectedPath, preset) {
  // A page that sent the browser elsewhere (e.g. to /login without a session) measured the wrong page.
  const landed = new URL(lhr.finalDisplayedUrl).pathname;
  if (landed !== expectedPath) throw new Error(`Lighthouse: ${expectedPath} ended on ${landed}`);
  const scores = Object.fromEntries(
    preset.categories.map((c) => [c, Math.round(lhr.categories[c].score * 100)]),
  );
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([key, id]) => [key, Math.round(lhr.audits[id].numericValue)]),
  );
  const failing = Object.fromEntries(
    preset.categories
      .filter((c) => scores[c] < (preset.goals[c] ?? 100))
      .map((c) => [c, failingAudits(lhr, c)]),
  );
  return {
    name,
    lighthouseVersion: lhr.lighthouseVersion,
    scores,
    metrics,
    failing,
    warnings: lhr.runWarnings,
  };
}

/**
 * Lighthouse on the five pages with each preset named in `presets` (the median of `runs` runs of
 * each): { runs, chrome, version, presets: { [name]: pages } }.
 */
export async function benchLighthouse({ runs = 3, presets = Object.keys(PRESETS) } = {}) {
  const { server, key, userId, strategyId } = await serverWithFullStrategy();
  let chrome;
  try {
    const charterId = await fillFullStrategy(server.url, key, strategyId);
    chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
    const measure = async (presetName, name, pathname) => {
      const preset = PRESETS[presetName];
      const lhr = await audit(`${server.url}${pathname}`, chrome.port, preset, runs);
      return summarise(name, lhr, pathname, preset);
    };
    const results = Object.fromEntries(presets.map((preset) => [preset, []]));
    // /login first: with a session it sends the user on.
    for (const preset of presets) results[preset].push(await measure(preset, '/login', '/login'));
    await storeSession(chrome.port, server.url, { id: userId, token: key });
    const pages = [
      ['/strategies', '/strategies'],
      ['/strategy/{id} (full 5×5)', `/strategy/${strategyId}`],
      ['/initiative-charter/{id} (full)', `/initiative-charter/${charterId}`],
      ['/progress-update/{id} (full 5×5)', `/progress-update/${strategyId}`],
    ];
    for (const preset of presets)
      for (const [name, pathname] of pages) results[preset].push(await measure(preset, name, pathname));
    return {
      runs,
      chrome: await chromeVersion(chrome.port),
      version: results[presets[0]][0].lighthouseVersion,
      presets: results,
    };
  } finally {
    chrome?.kill();
    await server.stop();
  }
}

async function chromeVersion(port) {
  return (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()).Browser;
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** One preset's table row of a page: each score and metric, with its verdict where it has a goal. */
function row(page, preset) {
  const { goals, categories } = PRESETS[preset];
  const score = (category) => {
    const value = page.scores[category];
    const goal = goals[category];
    return goal === undefined ? String(value) : `${value} (≥ ${goal}: ${verdict(value >= goal)})`;
  };
  const metric = (key, format) => {
    const value = page.metrics[key];
    const goal = goals[key];
    return goal === undefined
      ? format(value)
      : `${format(value)} (≤ ${format(goal)}: ${verdict(value <= goal)})`;
  };
  return [page.name, ...categories.map(score), metric('lcp', seconds), metric('tbt', (ms) => `${ms} ms`)];
}

const CATEGORY_TITLES = {
  performance: 'Performance',
  accessibility: 'Accessibility',
  'best-practices': 'Best practices',
};

/** The RESULTS.md section of a benchLighthouse() result. */
export function lighthouseLines(r) {
  const lines = [
    '## Lighthouse (desktop and tablet presets)',
    '',
    `Lighthouse ${r.version} in ${r.chrome}, headless, on the built web app as the server serves it`,
    "(PGlite, seeded). The logged-in pages run with the demo master's session stored in localStorage",
    'beforehand; the strategy and progress pages are of the full 5×5 strategy, whose comments are',
    'written, and the charter is one of its initiatives with every section written and 8 timeline rows.',
    "Desktop is Lighthouse's desktop preset; tablet is its mobile throttling (slow 4G, 4× slower CPU)",
    'on an 820×1180 screen with an Android tablet user agent. LCP is the largest contentful paint,',
    'TBT the total blocking time.',
    `Each figure is of the median of ${r.runs} run${r.runs === 1 ? '' : 's'} (by first contentful paint and time to interactive).`,
    'The performance score follows the CPU the browser gets (blocking time is observed, not simulated):',
    'on this 2-core machine it drops when other work runs at the same time.',
    '`node bench/run.mjs lighthouse [--preset=desktop|tablet]` runs this part alone.',
    '',
  ];
  for (const [preset, pages] of Object.entries(r.presets)) {
    const titles = PRESETS[preset].categories.map((c) => CATEGORY_TITLES[c]);
    lines.push(
      `### ${preset[0].toUpperCase()}${preset.slice(1)}`,
      '',
      `| Page | ${[...titles, 'LCP', 'TBT'].join(' | ')} |`,
      `|${'---|'.repeat(titles.length + 3)}`,
      ...pages.map((page) => `| ${row(page, preset).join(' | ')} |`),
      '',
    );
    const failing = pages.flatMap((page) =>
      Object.entries(page.failing).flatMap(([category, audits]) =>
        audits.map(
          (a) =>
            `- ${page.name}, ${category}: \`${a.id}\` ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`,
        ),
      ),
    );
    const warnings = pages.flatMap((page) => page.warnings.map((warning) => `- ${page.name}: ${warning}`));
    if (warnings.length > 0) lines.push('Lighthouse warned:', '', ...warnings, '');
    if (failing.length > 0)
      lines.push(
        'Audits that cost points where a score is below its goal (or below 100 for best practices):',
        '',
        ...failing,
        '',
      );
  }
  return lines;
}
