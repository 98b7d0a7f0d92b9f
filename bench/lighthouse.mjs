// Lighthouse (desktop preset) on the built web app served by the real server: /login, the
// strategies list and a full 5×5 strategy page, in Debian's Chromium. The logged-in pages find the
// demo master's session in localStorage, set there before Lighthouse navigates (Lighthouse clears
// the cache and the origin's other storage before each run, not localStorage).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { chromium } from 'playwright-core';
import { verdict } from './format.mjs';
import { serverWithFullStrategy } from './strategyPage.mjs';

export const GOALS = { performance: 95, accessibility: 95 };
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
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
async function auditOnce(url, port, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(
      url,
      { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES },
      desktopConfig,
    );
    const lhr = result?.lhr;
    if (lhr && !lhr.runtimeError) return lhr;
    const message = `Lighthouse on ${url}: ${lhr?.runtimeError?.message ?? 'no result'}`;
    if (attempt === attempts) throw new Error(message);
    console.error(`${message}; again`);
  }
}

/** Lighthouse's median run (by first contentful paint and time to interactive) of `runs` runs. */
async function audit(url, port, runs) {
  const results = [];
  for (let run = 0; run < runs; run++) results.push(await auditOnce(url, port));
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

function summarise(name, lhr, expectedPath) {
  // A page that sent the browser elsewhere (e.g. to /login without a session) measured the wrong page.
  const landed = new URL(lhr.finalDisplayedUrl).pathname;
  if (landed !== expectedPath) throw new Error(`Lighthouse: ${expectedPath} ended on ${landed}`);
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round(lhr.categories[c].score * 100)]));
  const failing = Object.fromEntries(
    CATEGORIES.filter((c) => scores[c] < (GOALS[c] ?? 100)).map((c) => [c, failingAudits(lhr, c)]),
  );
  return { name, lighthouseVersion: lhr.lighthouseVersion, scores, failing, warnings: lhr.runWarnings };
}

export async function benchLighthouse({ runs = 3 } = {}) {
  const { server, key, userId, strategyId } = await serverWithFullStrategy();
  let chrome;
  try {
    chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
    const page = async (name, pathname) =>
      summarise(name, await audit(`${server.url}${pathname}`, chrome.port, runs), pathname);
    // /login first: with a session it sends the user on.
    const pages = [await page('/login', '/login')];
    await storeSession(chrome.port, server.url, { id: userId, token: key });
    pages.push(await page('/strategies', '/strategies'));
    pages.push(await page('/strategy/{id} (full 5×5)', `/strategy/${strategyId}`));
    return { runs, chrome: await chromeVersion(chrome.port), version: pages[0].lighthouseVersion, pages };
  } finally {
    chrome?.kill();
    await server.stop();
  }
}

async function chromeVersion(port) {
  return (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()).Browser;
}

/** The RESULTS.md section of a benchLighthouse() result. */
export function lighthouseLines(r) {
  const cell = (page, category) => {
    const goal = GOALS[category];
    const score = page.scores[category];
    return goal === undefined ? String(score) : `${score} (≥ ${goal}: ${verdict(score >= goal)})`;
  };
  const lines = [
    '## Lighthouse (desktop preset)',
    '',
    `Lighthouse ${r.version} with its desktop preset (simulated throttling) in ${r.chrome}, headless, on the built`,
    'web app as the server serves it (PGlite, seeded). The logged-in pages run with the demo',
    "master's session stored in localStorage beforehand; the strategy page is the full 5×5 strategy.",
    `Each score is of the median of ${r.runs} run${r.runs === 1 ? '' : 's'} (by first contentful paint and time to interactive).`,
    'The performance score follows the CPU the browser gets (blocking time is observed, not simulated):',
    'on this 2-core machine it drops when other work runs at the same time.',
    '`node bench/run.mjs lighthouse` runs this part alone.',
    '',
    '| Page | Performance | Accessibility | Best practices |',
    '|---|---|---|---|',
    ...r.pages.map(
      (page) =>
        `| ${page.name} | ${cell(page, 'performance')} | ${cell(page, 'accessibility')} | ${cell(page, 'best-practices')} |`,
    ),
    '',
  ];
  const failing = r.pages.flatMap((page) =>
    Object.entries(page.failing).flatMap(([category, audits]) =>
      audits.map(
        (a) =>
          `- ${page.name}, ${category}: \`${a.id}\` ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`,
      ),
    ),
  );
  const warnings = r.pages.flatMap((page) => page.warnings.map((warning) => `- ${page.name}: ${warning}`));
  if (warnings.length > 0) lines.push('Lighthouse warned:', '', ...warnings, '');
  if (failing.length > 0)
    lines.push(
      'Audits that cost points where a score is below its goal (or below 100 for best practices):',
      '',
      ...failing,
      '',
    );
  return lines;
}
