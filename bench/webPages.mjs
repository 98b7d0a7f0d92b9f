// Browser-side figures in Debian's Chromium: the JavaScript /login loads (gzip bytes over the
// wire), and how long a full 5×5 strategy page takes until every field can be edited.
import { chromium } from 'playwright-core';
import { login, startServer } from './server.mjs';
import { buildFullStrategy } from './strategyPage.mjs';

const DEMO = { email: 'demo@keystone.local', password: 'Demo-pass1!' };
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
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const key = await login(server.url, DEMO.email, DEMO.password);
    const strategyId = await buildFullStrategy(server.url, key);
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const loginPage = await context.newPage();
    const loginScriptBytes = await scriptBytes(loginPage, `${server.url}/login`);
    const user = await (
      await fetch(`${server.url}/api/get-user-details/`, { headers: { authorization: `Token ${key}` } })
    ).json();
    await loginPage.evaluate(({ id, token }) => localStorage.setItem('user', JSON.stringify({ id, token })), {
      id: user.id,
      token: key,
    });
    const times = [];
    for (let run = 0; run < runs; run++) {
      const page = await context.newPage();
      const started = Date.now();
      await page.goto(`${server.url}/strategy/${strategyId}`);
      // Interactive: all 25 initiative titles, the 5 focus-area titles and the ambition are editable.
      await page.waitForFunction(
        () => document.querySelectorAll('[contenteditable="true"]').length >= 31,
        null,
        {
          timeout: 30_000,
        },
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
    await browser.close();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await benchWebPages());
}
