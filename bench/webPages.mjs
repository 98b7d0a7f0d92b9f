// Browser-side figures in Debian's Chromium: the JavaScript /login loads (gzip bytes over the
// wire), and how long a full 5×5 strategy page takes until every field can be edited: each field's
// text is shown at rest (static HTML, editable: it takes a click or Tab and typing) and the
// editor's chunk, which takes its place on focus, has arrived.
import { chromium } from 'playwright-core';
import { verdict } from './format.mjs';
import { serverWithFullStrategy } from './strategyPage.mjs';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Sum of compressed script bytes a page load transfers. */
async function scriptBytes(page, url) {
  let total = 0;
  const pending = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response
        .request()
        .sizes()
        .then((sizes) => {
          total += sizes.responseBodySize;
        }),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  return total;
}

export async function benchWebPages({ runs = 5 } = {}) {
  const { server, key, userId, strategyId } = await serverWithFullStrategy();
  let browser;
  try {
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const loginPage = await context.newPage();
    const loginScriptBytes = await scriptBytes(loginPage, `${server.url}/login`);
    await loginPage.evaluate(({ id, token }) => localStorage.setItem('user', JSON.stringify({ id, token })), {
      id: userId,
      token: key,
    });
    const times = [];
    for (let run = 0; run < runs; run++) {
      const page = await context.newPage();
      const started = Date.now();
      await page.goto(`${server.url}/strategy/${strategyId}`);
      // Interactive: all 25 initiative titles, the 5 focus-area titles and the ambition accept a
      // click and typing (their editable text at rest, or the editor once focused), and the
      // editor's code is there, so a focus swaps it in at once.
      await page.waitForFunction(
        () =>
          document.querySelectorAll('.tiptap[aria-readonly="false"]').length >= 31 &&
          performance
            .getEntriesByType('resource')
            .some((entry) => /\/assets\/RichTextEditor-/.test(entry.name)),
        null,
        { timeout: 30_000 },
      );
      times.push(Date.now() - started);
      await page.close();
    }
    times.sort((a, b) => a - b);
    return {
      loginScriptKb: Math.round(loginScriptBytes / 1024),
      strategyInteractiveMs: times[Math.floor(times.length / 2)],
      runs,
    };
  } finally {
    await browser?.close();
    await server.stop();
  }
}

/** The RESULTS.md rows of a benchWebPages() result. */
export function browserLines(web) {
  return [
    '## Browser: the pages as a user gets them',
    '',
    "The server's real answers in Debian's Chromium, headless (1440×900): the script bytes /login transfers",
    '(compressed, as sent), and the time from navigating to a full 5×5 strategy page, logged in, until',
    'its 31 title fields are editable: each shows its text at rest, editable (it takes a click or Tab and',
    "typing), and the editor's chunk that takes its place on focus has arrived (fetched when the browser",
    'is idle after the page has loaded). One browser context: after /login the hashed assets are cached.',
    '',
    '| Browser (Debian Chromium, headless) | Result | Goal |',
    '|---|---|---|',
    `| JavaScript loaded by /login (gzip) | ${web.loginScriptKb} KB | ≤ 250 KB: ${verdict(web.loginScriptKb <= 250)} |`,
    `| Full 5×5 strategy page until every field is editable (median of ${web.runs}) | ${web.strategyInteractiveMs} ms | < 1000 ms: ${verdict(web.strategyInteractiveMs < 1000)} |`,
    '',
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await benchWebPages());
}
